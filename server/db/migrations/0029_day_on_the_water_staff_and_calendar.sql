CREATE TYPE "public"."partner_member_role" AS ENUM('member', 'check_in');--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_members" ADD COLUMN "role" "partner_member_role" DEFAULT 'member' NOT NULL;--> statement-breakpoint
-- Whoever changes an event's time, place or whether it is called off (a revision's
-- approval, a move to the backup date, a cancellation, an admin's edit), the calendar
-- files sent after it carry a higher SEQUENCE, so calendars replace the entry they hold.
CREATE FUNCTION rcl_raise_calendar_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.starts_at IS DISTINCT FROM OLD.starts_at
    OR NEW.ends_at IS DISTINCT FROM OLD.ends_at
    OR NEW.location IS DISTINCT FROM OLD.location
    OR NEW.location_translation IS DISTINCT FROM OLD.location_translation
    OR NEW.location_details IS DISTINCT FROM OLD.location_details
    OR NEW.location_details_translation IS DISTINCT FROM OLD.location_details_translation
    OR (NEW.status = 'cancelled') IS DISTINCT FROM (OLD.status = 'cancelled')
  THEN
    NEW.calendar_sequence := OLD.calendar_sequence + 1;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER events_calendar_sequence BEFORE UPDATE ON events
  FOR EACH ROW EXECUTE FUNCTION rcl_raise_calendar_sequence();
