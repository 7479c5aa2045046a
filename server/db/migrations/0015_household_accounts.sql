CREATE TABLE "household_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"family_member_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"may_edit_family" boolean DEFAULT false NOT NULL,
	"may_buy_tickets" boolean DEFAULT false NOT NULL,
	"mail_opt_in" boolean DEFAULT false NOT NULL,
	"invite_token_hash" text,
	"invite_expires_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_accounts_family_member_id_unique" UNIQUE("family_member_id"),
	CONSTRAINT "household_accounts_invite_token_hash_unique" UNIQUE("invite_token_hash")
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" DROP CONSTRAINT "password_reset_tokens_account_kind_check";--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_kind_check";--> statement-breakpoint
ALTER TABLE "household_accounts" ADD CONSTRAINT "household_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_accounts" ADD CONSTRAINT "household_accounts_family_member_id_family_members_id_fk" FOREIGN KEY ("family_member_id") REFERENCES "public"."family_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "household_accounts_email_lower_key" ON "household_accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "household_accounts_member_id_idx" ON "household_accounts" USING btree ("member_id");--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_account_kind_check" CHECK ("password_reset_tokens"."account_kind" in ('admin', 'member', 'household'));--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_kind_check" CHECK ("sessions"."kind" in ('ga', 'su', 'mem', 'hh'));