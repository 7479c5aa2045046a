CREATE TABLE "renewal_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"validity_to" date NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"token_hash" text NOT NULL,
	"link_expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"renewed_at" timestamp with time zone,
	"renewal_transaction_id" text,
	CONSTRAINT "renewal_reminders_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "renewal_reminders_kind_check" CHECK ("renewal_reminders"."kind" in ('before-30', 'before-7', 'after-7')),
	CONSTRAINT "renewal_reminders_language_check" CHECK ("renewal_reminders"."language" in ('en', 'zh', 'es', 'ja', 'de', 'fr')),
	CONSTRAINT "renewal_reminders_link_check" CHECK ("renewal_reminders"."link_expires_at" > "renewal_reminders"."sent_at")
);
--> statement-breakpoint
ALTER TABLE "renewal_reminders" ADD CONSTRAINT "renewal_reminders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_reminders_claim_uq" ON "renewal_reminders" USING btree ("member_id","validity_to","kind");--> statement-breakpoint
CREATE INDEX "renewal_reminders_sent_at_idx" ON "renewal_reminders" USING btree ("sent_at");