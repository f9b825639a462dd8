CREATE TABLE "event_places" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_places_taken_check" CHECK ("event_places"."taken" >= 0)
);
--> statement-breakpoint
DROP INDEX "team_registrations_user_idx";--> statement-breakpoint
CREATE INDEX "team_registrations_user_event_idx" ON "team_registrations" USING btree ("user_id","event_id");
--> statement-breakpoint
-- Places taken per event, kept by triggers (ADR 007). A booking counted the event's
-- confirmed and held rows under its lock; that count read every such row, most of them not
-- yet all-visible, so its cost grew with the event: 0.6 ms of the database's CPU per booking
-- at about 1,200 teams, more than the rest of the booking. The triggers keep the figure
-- whichever code changes a registration (a booking, a cancellation, a promotion, a move, an
-- expired hold, an account erased, a fix in SQL), so no command has to remember it.
--
-- Statement triggers with transition tables, not row triggers: a statement changing
-- thousands of an event's rows (cancelling the event) updates its row once, where a row
-- trigger updated it once per registration, each update walking the versions the earlier
-- ones left (4.5 s for 16,000 rows). The statuses are written out in each: plpgsql reads
-- them as it runs, after the migration has committed the enum's 'held'.
CREATE OR REPLACE FUNCTION rcl_count_places() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_change record;
BEGIN
  -- Each event's row once, in the events' order, so two statements changing several events
  -- cannot deadlock.
  IF TG_OP = 'INSERT' THEN
    FOR v_change IN SELECT event_id, count(*) AS n FROM new_rows
        WHERE status IN ('confirmed', 'held') GROUP BY event_id ORDER BY event_id LOOP
      UPDATE event_places SET taken = taken + v_change.n WHERE event_id = v_change.event_id;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR v_change IN SELECT event_id, count(*) AS n FROM old_rows
        WHERE status IN ('confirmed', 'held') GROUP BY event_id ORDER BY event_id LOOP
      UPDATE event_places SET taken = taken - v_change.n WHERE event_id = v_change.event_id;
    END LOOP;
  ELSE
    FOR v_change IN SELECT event_id, sum(n) AS n FROM (
          SELECT event_id, -1 AS n FROM old_rows WHERE status IN ('confirmed', 'held')
          UNION ALL
          SELECT event_id, 1 FROM new_rows WHERE status IN ('confirmed', 'held')
        ) moved GROUP BY event_id HAVING sum(n) <> 0 ORDER BY event_id LOOP
      UPDATE event_places SET taken = taken + v_change.n WHERE event_id = v_change.event_id;
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER team_registrations_places_inserted AFTER INSERT ON team_registrations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rcl_count_places();
--> statement-breakpoint
CREATE TRIGGER team_registrations_places_deleted AFTER DELETE ON team_registrations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rcl_count_places();
--> statement-breakpoint
CREATE TRIGGER team_registrations_places_updated AFTER UPDATE ON team_registrations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rcl_count_places();
--> statement-breakpoint
-- Emptying the table by TRUNCATE fires no row or statement trigger above: every count is none.
CREATE OR REPLACE FUNCTION rcl_clear_places() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE event_places SET taken = 0 WHERE taken <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER team_registrations_places_truncated AFTER TRUNCATE ON team_registrations
  FOR EACH STATEMENT EXECUTE FUNCTION rcl_clear_places();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rcl_event_places_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO event_places (event_id) VALUES (NEW.id);
  ELSE
    DELETE FROM event_places WHERE event_id = OLD.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_places_row
  AFTER INSERT OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION rcl_event_places_row();
--> statement-breakpoint
-- The events that exist now, counted once the triggers are in place. An instance still
-- running the previous version may create an event meanwhile: the lock holds it until
-- this transaction commits (on PGlite nothing else runs), so none is left without a row.
-- The status is compared as text: the migrations run in one transaction on PostgreSQL, and
-- the enum's 'held', which the same run may have added, cannot be used before it commits.
LOCK TABLE events IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO event_places (event_id, taken)
  SELECT e.id, (SELECT count(*) FROM team_registrations r
    WHERE r.event_id = e.id AND r.status::text IN ('confirmed', 'held'))
  FROM events e
  ON CONFLICT (event_id) DO NOTHING;
--> statement-breakpoint
-- Migration 0022's trigger, writing the tag in one statement: through rcl_page_changed, a
-- SQL function, each booking paid for setting up a second executor.
CREATE OR REPLACE FUNCTION rcl_notify_registration_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The event page counts teams; a roster or billing edit changes no public page.
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.event_id = NEW.event_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO page_changes (tag) SELECT 'registration:' || e.slug FROM events e WHERE e.id = OLD.event_id
      ON CONFLICT (xid, tag) DO NOTHING;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO page_changes (tag) SELECT 'registration:' || e.slug FROM events e WHERE e.id = NEW.event_id
      ON CONFLICT (xid, tag) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The booking function of migration 0023, reading the event's places from event_places
-- and building the row as a record (a jsonb merge sorted every key of the form's object
-- again; it was a tenth of the database's CPU per booking).
CREATE OR REPLACE FUNCTION rcl_book_team(
  p_event_id uuid,
  p_event_version text,
  p_registration jsonb,
  p_join_waitlist boolean,
  p_hold_until timestamptz,
  p_code_id uuid,
  p_code_min_teams integer,
  p_rate_key text,
  p_rate_limit integer,
  p_rate_window_start timestamptz,
  p_now timestamptz
) RETURNS TABLE (outcome text, detail bigint, registration team_registrations)
LANGUAGE plpgsql AS $$
DECLARE
  v_user_id text := p_registration ->> 'user_id';
  v_key text := p_registration ->> 'idempotency_key';
  v_hits integer;
  v_window timestamptz;
  v_version text;
  v_max_teams integer;
  v_max_per_account integer;
  v_taken integer;
  v_held integer;
  v_status registration_status;
  v_row team_registrations;
  v_new team_registrations;
  v_refusal text;
BEGIN
  -- Counted before the lock, as every valid attempt is; a refused one is counted too.
  INSERT INTO rate_limits AS limits (key, window_started_at, hits)
    VALUES (p_rate_key, p_now, 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN limits.window_started_at <= p_rate_window_start THEN 1 ELSE limits.hits + 1 END,
      window_started_at = CASE WHEN limits.window_started_at <= p_rate_window_start
        THEN excluded.window_started_at ELSE limits.window_started_at END
    RETURNING limits.hits, limits.window_started_at INTO v_hits, v_window;
  IF v_hits > p_rate_limit THEN
    RETURN QUERY SELECT 'rate_limited'::text, (extract(epoch FROM v_window) * 1000)::bigint, NULL::team_registrations;
    RETURN;
  END IF;

  -- FOR NO KEY UPDATE, as `lockEvent`: it orders bookings as FOR UPDATE would, but lets a
  -- transaction insert a row referring to the event while waiting in line.
  SELECT e.xmin::text, e.max_teams, e.max_teams_per_account INTO v_version, v_max_teams, v_max_per_account
    FROM events e WHERE e.id = p_event_id FOR NO KEY UPDATE;
  -- Any change to the event since the caller read it (capacity, deadline, status) makes a
  -- new row version: the caller's checks are made again on the new one.
  IF NOT FOUND OR v_version <> p_event_version THEN
    RETURN QUERY SELECT 'changed'::text, NULL::bigint, NULL::team_registrations;
    RETURN;
  END IF;

  -- A new snapshot: every booking committed while this one waited for the lock is counted.
  -- The event's taken places are one row (event_places, kept by triggers); the account's
  -- rows are a few, read through team_registrations_user_event_idx.
  SELECT p.taken INTO v_taken FROM event_places p WHERE p.event_id = p_event_id;
  IF NOT FOUND THEN
    -- Never guessed as none, which would book past the event's places.
    RAISE EXCEPTION 'Event % has no event_places row.', p_event_id;
  END IF;
  SELECT count(*) INTO v_held FROM team_registrations r
    WHERE r.user_id = v_user_id AND r.event_id = p_event_id AND r.status IN ('confirmed', 'waitlisted', 'held');

  -- The same form, submitted twice at once: the first committed while this one waited.
  SELECT * INTO v_row FROM team_registrations r WHERE r.user_id = v_user_id AND r.idempotency_key = v_key;
  IF FOUND THEN
    RETURN QUERY SELECT 'earlier'::text, NULL::bigint, v_row;
    RETURN;
  END IF;
  -- Before the capacity check: joining the waitlist would not help either.
  IF v_held >= v_max_per_account THEN
    RETURN QUERY SELECT 'account_limit'::text, v_held::bigint, NULL::team_registrations;
    RETURN;
  END IF;
  IF v_taken >= v_max_teams AND NOT p_join_waitlist THEN
    RETURN QUERY SELECT 'full'::text, NULL::bigint, NULL::team_registrations;
    RETURN;
  END IF;

  IF p_code_id IS NOT NULL THEN
    v_refusal := rcl_claim_discount_code(p_code_id, p_code_min_teams, v_held + 1);
    IF v_refusal IS NOT NULL THEN
      RETURN QUERY SELECT v_refusal, p_code_min_teams::bigint, NULL::team_registrations;
      RETURN;
    END IF;
  END IF;

  -- A place paid online is held while the booker pays, and confirmed by the provider's webhook.
  v_status := CASE
    WHEN v_taken >= v_max_teams THEN 'waitlisted'
    WHEN p_hold_until IS NOT NULL THEN 'held'
    ELSE 'confirmed'
  END;
  -- The clock at the insert, under the lock, orders the waitlist in the order places were
  -- given out; now() would be the transaction's start, before it queued for the lock.
  v_new := jsonb_populate_record(NULL::team_registrations, p_registration);
  v_new.status := v_status;
  v_new.held_until := CASE WHEN v_status = 'held' THEN p_hold_until END;
  v_new.discount_code_id := p_code_id;
  v_new.created_at := clock_timestamp();
  v_new.updated_at := v_new.created_at;
  INSERT INTO team_registrations SELECT v_new.*
    ON CONFLICT (user_id, idempotency_key) DO NOTHING
    RETURNING * INTO v_row;
  IF NOT FOUND THEN
    -- The same key booked at the same moment for another event, under that event's lock.
    SELECT * INTO v_row FROM team_registrations r WHERE r.user_id = v_user_id AND r.idempotency_key = v_key;
    RETURN QUERY SELECT 'earlier'::text, NULL::bigint, v_row;
    RETURN;
  END IF;

  -- Nothing is mailed or invoiced for a held place until its payment confirms it. The job
  -- row is pg-boss's own (version 10, ADR 009), with the queue's policy, as its `send` writes it.
  IF v_status <> 'held' THEN
    INSERT INTO pgboss.job (name, data, retry_limit, retry_delay, retry_backoff, expire_in, keep_until, policy, dead_letter)
      SELECT q.name,
        jsonb_build_object('registrationId', v_row.id, 'placed', v_status, 'at', p_now),
        coalesce(q.retry_limit, 2),
        CASE WHEN coalesce(q.retry_backoff, false) THEN greatest(coalesce(q.retry_delay, 1), 1)
          ELSE coalesce(q.retry_delay, 0) END,
        coalesce(q.retry_backoff, false),
        coalesce(q.expire_seconds, 900) * interval '1 second',
        now() + coalesce(q.retention_minutes * interval '1 minute', interval '14 days'),
        q.policy,
        q.dead_letter
      FROM pgboss.queue q WHERE q.name = 'finish-booking';
    IF NOT FOUND THEN
      RAISE EXCEPTION 'The job queue has no finish-booking queue: run the migrations.';
    END IF;
  END IF;
  RETURN QUERY SELECT 'booked'::text, NULL::bigint, v_row;
END $$;
