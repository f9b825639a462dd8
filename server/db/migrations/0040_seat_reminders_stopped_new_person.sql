-- A changed address is a new person (ADR 038): the roster trigger raises the seat's
-- token_version, and this trigger (migration 0038) clears the reminders' marks. The one
-- who stopped the reminders was the old address's owner, so the new person is reminded.
CREATE OR REPLACE FUNCTION rcl_seat_new_person_reminders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.reminded_7d_at := NULL;
  NEW.reminded_2d_at := NULL;
  NEW.reminders_stopped_at := NULL;
  RETURN NEW;
END;
$$;
