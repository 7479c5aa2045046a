CREATE TABLE "admin_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"is_staff" boolean DEFAULT false NOT NULL,
	"validity_from" date,
	"validity_to" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_accounts_kind_check" CHECK ("admin_accounts"."kind" in ('ga', 'su')),
	CONSTRAINT "admin_accounts_validity_check" CHECK ("admin_accounts"."validity_from" is null or "admin_accounts"."validity_to" is null or "admin_accounts"."validity_from" <= "admin_accounts"."validity_to")
);
--> statement-breakpoint
CREATE TABLE "download_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"path" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_by_kind" text NOT NULL,
	"created_by_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "download_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "download_links_created_by_kind_check" CHECK ("download_links"."created_by_kind" in ('ga', 'su', 'mem'))
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"account_kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "password_reset_tokens_account_kind_check" CHECK ("password_reset_tokens"."account_kind" in ('admin', 'member'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limits_hits_check" CHECK ("rate_limits"."hits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "sessions_kind_check" CHECK ("sessions"."kind" in ('ga', 'su', 'mem'))
);
--> statement-breakpoint
CREATE TABLE "family_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"relation" text NOT NULL,
	"slot" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"contact_phone" text,
	"date_of_birth" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_members_member_slot_key" UNIQUE("member_id","slot"),
	CONSTRAINT "family_members_relation_check" CHECK ("family_members"."relation" in ('spouse', 'dependent')),
	CONSTRAINT "family_members_slot_check" CHECK (("family_members"."relation" = 'spouse' and "family_members"."slot" = 0) or ("family_members"."relation" = 'dependent' and "family_members"."slot" between 1 and 6)),
	CONSTRAINT "family_members_contact_phone_check" CHECK ("family_members"."contact_phone" is null or "family_members"."contact_phone" ~ '^([0-9]{10})?$')
);
--> statement-breakpoint
CREATE TABLE "family_plan_sequences" (
	"prefix" text PRIMARY KEY NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "family_plan_sequences_last_value_check" CHECK ("family_plan_sequences"."last_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"family_plan_id" text,
	"plan_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zipcode" text DEFAULT '' NOT NULL,
	"date_of_birth" date,
	"member_image" text,
	"is_active" boolean DEFAULT false NOT NULL,
	"validity_from" date,
	"validity_to" date,
	"gift_received" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"dependents_paid" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_family_plan_id_unique" UNIQUE("family_plan_id"),
	CONSTRAINT "members_contact_phone_check" CHECK ("members"."contact_phone" ~ '^([0-9]{10})?$'),
	CONSTRAINT "members_state_check" CHECK ("members"."state" ~ '^([A-Z]{2})?$'),
	CONSTRAINT "members_zipcode_check" CHECK ("members"."zipcode" ~ '^([0-9]{5})?$'),
	CONSTRAINT "members_gift_received_check" CHECK ("members"."gift_received" in ('', 'received')),
	CONSTRAINT "members_dependents_paid_check" CHECK ("members"."dependents_paid" between 0 and 6),
	CONSTRAINT "members_validity_check" CHECK ("members"."validity_from" is null or "members"."validity_to" is null or "members"."validity_from" <= "members"."validity_to")
);
--> statement-breakpoint
CREATE TABLE "membership_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"membership_type" text NOT NULL,
	"prefix" text NOT NULL,
	"plan_fee_cents" integer NOT NULL,
	"have_spouse" boolean DEFAULT false NOT NULL,
	"dependent_fee_cents" integer DEFAULT 0 NOT NULL,
	"max_dependent" integer NOT NULL,
	"service_charge_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"validity_type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"validity_from" date,
	"validity_to" date,
	"plan_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_plans_prefix_unique" UNIQUE("prefix"),
	CONSTRAINT "membership_plans_prefix_check" CHECK ("membership_plans"."prefix" ~ '^[A-Z0-9]{1,6}$'),
	CONSTRAINT "membership_plans_plan_fee_check" CHECK ("membership_plans"."plan_fee_cents" >= 0),
	CONSTRAINT "membership_plans_dependent_fee_check" CHECK ("membership_plans"."dependent_fee_cents" >= 0),
	CONSTRAINT "membership_plans_max_dependent_check" CHECK ("membership_plans"."max_dependent" between 1 and 6),
	CONSTRAINT "membership_plans_service_charge_check" CHECK ("membership_plans"."service_charge_percent" >= 0 and "membership_plans"."service_charge_percent" <= 100),
	CONSTRAINT "membership_plans_validity_type_check" CHECK ("membership_plans"."validity_type" in ('Limited', 'Unlimited')),
	CONSTRAINT "membership_plans_validity_check" CHECK ("membership_plans"."validity_from" is null or "membership_plans"."validity_to" is null or "membership_plans"."validity_from" <= "membership_plans"."validity_to")
);
--> statement-breakpoint
CREATE TABLE "board_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"member_board_type" text NOT NULL,
	"member_id" integer,
	"admin_account_id" integer,
	"leadership_role" text,
	"leadership_order" integer,
	"image" text,
	"validity_from" date,
	"validity_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_members_type_check" CHECK ("board_members"."member_board_type" in ('Excecutive Member', 'Trustee', 'Temp Admin')),
	CONSTRAINT "board_members_contact_phone_check" CHECK ("board_members"."contact_phone" ~ '^([0-9]{10})?$'),
	CONSTRAINT "board_members_leadership_order_check" CHECK ("board_members"."leadership_order" is null or "board_members"."leadership_order" >= 1),
	CONSTRAINT "board_members_validity_check" CHECK ("board_members"."validity_from" is null or "board_members"."validity_to" is null or "board_members"."validity_from" <= "board_members"."validity_to")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_date" date NOT NULL,
	"event_time" text NOT NULL,
	"venue" text DEFAULT '' NOT NULL,
	"image" text,
	"member_price_cents" integer NOT NULL,
	"non_member_price_cents" integer NOT NULL,
	"table_price_cents" integer NOT NULL,
	"capacity" integer NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_event_time_check" CHECK ("events"."event_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "events_member_price_check" CHECK ("events"."member_price_cents" >= 0),
	CONSTRAINT "events_non_member_price_check" CHECK ("events"."non_member_price_cents" >= 0),
	CONSTRAINT "events_table_price_check" CHECK ("events"."table_price_cents" >= 0),
	CONSTRAINT "events_capacity_check" CHECK ("events"."capacity" >= 0),
	CONSTRAINT "events_status_check" CHECK ("events"."status" in ('scheduled', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "non_member_buyers" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"email" text NOT NULL,
	"member_id" integer,
	"non_member_id" integer,
	"event_id" integer,
	"plan_id" integer,
	"product_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"payment_type" text NOT NULL,
	"dependent" integer DEFAULT 0 NOT NULL,
	"member_name" text,
	"contact" text,
	"notes" text,
	"amount_cents" integer NOT NULL,
	"service_cents" integer DEFAULT 0 NOT NULL,
	"event_date" date,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"failure_reason" text,
	"expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"recorded_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('registration', 'renewal', 'dependents', 'member-ticket', 'nonmember-ticket', 'table-for-10')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'payment done', 'failed', 'cancelled', 'expired', 'refunded')),
	CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('mock', 'stripe')),
	CONSTRAINT "payments_payment_type_check" CHECK ("payments"."payment_type" in ('Member', 'Event')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" >= 0),
	CONSTRAINT "payments_service_check" CHECK ("payments"."service_cents" >= 0),
	CONSTRAINT "payments_dependent_check" CHECK ("payments"."dependent" >= 0),
	CONSTRAINT "payments_ticket_event_check" CHECK (not ("payments"."kind" in ('member-ticket', 'nonmember-ticket', 'table-for-10')) or "payments"."event_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"code" text NOT NULL,
	"member_id" integer,
	"non_member_id" integer,
	"kind" text NOT NULL,
	"seats" integer NOT NULL,
	"adults" integer DEFAULT 0 NOT NULL,
	"kids_under5" integer DEFAULT 0 NOT NULL,
	"kids_6to13" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "tickets_code_unique" UNIQUE("code"),
	CONSTRAINT "tickets_kind_check" CHECK ("tickets"."kind" in ('member-ticket', 'nonmember-ticket', 'table-for-10')),
	CONSTRAINT "tickets_seats_check" CHECK ("tickets"."seats" > 0),
	CONSTRAINT "tickets_counts_check" CHECK ("tickets"."adults" >= 0 and "tickets"."kids_under5" >= 0 and "tickets"."kids_6to13" >= 0)
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"user_type" text DEFAULT '' NOT NULL,
	"ip_address" text DEFAULT '' NOT NULL,
	"method_type" text DEFAULT '' NOT NULL,
	"logger_message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"dedupe_key" text,
	"to_address" text NOT NULL,
	"cc" text,
	"bcc" text,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending', 'sending', 'sent', 'failed')),
	CONSTRAINT "mail_outbox_attempts_check" CHECK ("mail_outbox"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_members" ADD CONSTRAINT "board_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_members" ADD CONSTRAINT "board_members_admin_account_id_admin_accounts_id_fk" FOREIGN KEY ("admin_account_id") REFERENCES "public"."admin_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_non_member_id_non_member_buyers_id_fk" FOREIGN KEY ("non_member_id") REFERENCES "public"."non_member_buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_non_member_id_non_member_buyers_id_fk" FOREIGN KEY ("non_member_id") REFERENCES "public"."non_member_buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_accounts_email_lower_key" ON "admin_accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "download_links_expires_at_idx" ON "download_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_subject_idx" ON "password_reset_tokens" USING btree ("account_kind","subject_id");--> statement-breakpoint
CREATE INDEX "rate_limits_expires_at_idx" ON "rate_limits" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_kind_subject_idx" ON "sessions" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_lower_key" ON "members" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "members_plan_id_idx" ON "members" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "members_search_trgm_idx" ON "members" USING gin (lower(coalesce("family_plan_id", '') || ' ' || "first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "street") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "board_members_member_id_idx" ON "board_members" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "board_members_admin_account_id_key" ON "board_members" USING btree ("admin_account_id");--> statement-breakpoint
CREATE INDEX "events_event_date_idx" ON "events" USING btree ("event_date");--> statement-breakpoint
CREATE INDEX "payments_created_at_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_event_status_idx" ON "payments" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "payments_member_id_idx" ON "payments" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "payments_status_expires_at_idx" ON "payments" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "payments_email_lower_idx" ON "payments" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "tickets_event_id_idx" ON "tickets" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "tickets_member_id_idx" ON "tickets" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "audit_logs_created_at_id_idx" ON "audit_logs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_logs_search_trgm_idx" ON "audit_logs" USING gin (lower("user" || ' ' || "email" || ' ' || "user_type" || ' ' || "ip_address" || ' ' || "method_type" || ' ' || "logger_message") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mail_outbox_status_next_attempt_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");