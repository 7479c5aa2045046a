ALTER TABLE "payments" DROP CONSTRAINT "payments_provider_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "offline_method" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cheque_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_offline_method_check" CHECK ("payments"."offline_method" in ('cash', 'cheque'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_offline_provider_check" CHECK (("payments"."provider" = 'offline') = ("payments"."offline_method" is not null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cheque_number_check" CHECK (coalesce("payments"."offline_method" = 'cheque', false) = ("payments"."cheque_number" is not null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('mock', 'stripe', 'offline'));