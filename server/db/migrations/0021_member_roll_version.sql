CREATE TABLE "member_roll_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_roll_version_one_row_check" CHECK ("member_roll_version"."id" = 1)
);
--> statement-breakpoint
-- Names the committing transaction as the last to change what the member list shows. It runs
-- from deferred triggers, at commit, so the row's lock is held only for the commit itself: two
-- transactions that change members never wait on each other for it while they do their work.
-- The first call of a transaction writes; the rest of its rows find the row already theirs. The
-- row is made by the first change, not here: a restore brings the row of its backup.
-- The notification (one per transaction: PostgreSQL folds repeats) reaches listeners as the change
-- commits; the embedded database's one process listens and so need not read the row.
CREATE FUNCTION "member_roll_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "member_roll_version" ("id", "version") VALUES (1, txid_current())
    ON CONFLICT ("id") DO UPDATE SET "version" = excluded."version"
    WHERE "member_roll_version"."version" IS DISTINCT FROM excluded."version";
  PERFORM pg_notify('member_roll_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "members_roll_changed" AFTER INSERT OR DELETE OR UPDATE OF "family_plan_id", "plan_id", "first_name", "last_name", "email", "contact_phone", "street", "city", "state", "zipcode", "date_of_birth", "member_image", "is_active", "validity_from", "validity_to", "gift_received", "notes", "dependents_paid" ON "members" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "member_roll_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "membership_plans_roll_changed" AFTER DELETE OR UPDATE OF "prefix", "membership_type" ON "membership_plans" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "member_roll_changed"();--> statement-breakpoint
CREATE TRIGGER "members_truncated_roll_changed" AFTER TRUNCATE ON "members" FOR EACH STATEMENT EXECUTE FUNCTION "member_roll_changed"();
