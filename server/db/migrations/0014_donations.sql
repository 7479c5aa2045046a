ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_payment_type_check";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('registration', 'renewal', 'dependents', 'member-ticket', 'nonmember-ticket', 'table-for-10', 'donation'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_type_check" CHECK ("payments"."payment_type" in ('Member', 'Event', 'Donation'));