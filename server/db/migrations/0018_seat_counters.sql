ALTER TABLE "events" ADD COLUMN "seats_sold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The seats of confirmed ticket payments per event, kept by this trigger in the same transaction
-- as every change to a payment: a payment counts while it is a confirmed ticket purchase
-- ('payment done' of a ticket kind), by its seat count `dependent`.
CREATE FUNCTION "payments_seats_sold"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_seats integer := 0;
  new_seats integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'payment done' AND OLD.event_id IS NOT NULL
     AND OLD.kind IN ('member-ticket', 'nonmember-ticket', 'table-for-10') THEN
    old_seats := OLD.dependent;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'payment done' AND NEW.event_id IS NOT NULL
     AND NEW.kind IN ('member-ticket', 'nonmember-ticket', 'table-for-10') THEN
    new_seats := NEW.dependent;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.event_id IS NOT DISTINCT FROM NEW.event_id THEN
    IF new_seats <> old_seats THEN
      UPDATE "events" SET "seats_sold" = "seats_sold" + new_seats - old_seats WHERE "id" = NEW.event_id;
    END IF;
    RETURN NULL;
  END IF;
  IF old_seats <> 0 THEN
    UPDATE "events" SET "seats_sold" = "seats_sold" - old_seats WHERE "id" = OLD.event_id;
  END IF;
  IF new_seats <> 0 THEN
    UPDATE "events" SET "seats_sold" = "seats_sold" + new_seats WHERE "id" = NEW.event_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payments_seats_sold" AFTER INSERT OR DELETE OR UPDATE OF "status", "kind", "event_id", "dependent" ON "payments" FOR EACH ROW EXECUTE FUNCTION "payments_seats_sold"();--> statement-breakpoint
-- Counts the seats of every event afresh (this migration, and a restore: its rows arrive with
-- their counts and the trigger would add every payment again).
CREATE FUNCTION "recount_seats_sold"() RETURNS void LANGUAGE sql AS $$
  UPDATE "events" e SET "seats_sold" = coalesce((
    SELECT sum(p."dependent") FROM "payments" p
     WHERE p."event_id" = e."id" AND p."status" = 'payment done'
       AND p."kind" IN ('member-ticket', 'nonmember-ticket', 'table-for-10')), 0);
$$;--> statement-breakpoint
SELECT "recount_seats_sold"();
