-- A changed address is a new person (ADR 038): the roster trigger raises the seat's
-- token_version and clears its invitation and answers; the reminders already sent went to
-- the old address, so the new person is reminded afresh at 7 and 2 days.
CREATE OR REPLACE FUNCTION rcl_seat_new_person_reminders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.reminded_7d_at := NULL;
  NEW.reminded_2d_at := NULL;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER rower_seats_new_person_reminders
  BEFORE UPDATE OF token_version ON rower_seats
  FOR EACH ROW WHEN (NEW.token_version IS DISTINCT FROM OLD.token_version)
  EXECUTE FUNCTION rcl_seat_new_person_reminders();
