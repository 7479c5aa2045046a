CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"seats" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_token_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"offer_token_hash" text,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"offers" integer DEFAULT 0 NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_confirm_token_hash_unique" UNIQUE("confirm_token_hash"),
	CONSTRAINT "waitlist_entries_offer_token_hash_unique" UNIQUE("offer_token_hash"),
	CONSTRAINT "waitlist_entries_status_check" CHECK ("waitlist_entries"."status" in ('pending', 'waiting', 'offered', 'purchased', 'expired', 'removed')),
	CONSTRAINT "waitlist_entries_seats_check" CHECK ("waitlist_entries"."seats" > 0)
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_event_status_idx" ON "waitlist_entries" USING btree ("event_id","status","confirmed_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_email_lower_idx" ON "waitlist_entries" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_live_email_uq" ON "waitlist_entries" USING btree ("event_id",lower("email")) WHERE "waitlist_entries"."status" in ('pending', 'waiting', 'offered');--> statement-breakpoint
CREATE INDEX "payments_waitlist_entry_idx" ON "payments" USING btree (("details" ->> 'waitlistEntryId')) WHERE ("payments"."details" ->> 'waitlistEntryId') is not null;