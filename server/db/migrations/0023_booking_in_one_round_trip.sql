-- A booking in one round trip (ADR 007, issue 28): everything that must happen under the
-- event's lock runs in this function, called by `registerTeam` after it has read the
-- event and validated the form. It counts the attempt against the account's rate limit,
-- locks the event, checks that the event is the version the caller judged (else
-- 'changed': the caller reads again), counts the event's places and the account's teams,
-- claims the discount code, inserts the registration and queues the `finish-booking` job
-- that issues the invoice and queues the mails, all in one transaction.
--
-- A plpgsql function, not one statement: each statement after the lock reads a new
-- snapshot in READ COMMITTED, so the counts see every booking committed while this one
-- waited for the lock, exactly as the transaction of eight round trips did before.
--
-- Outcomes: 'booked' (the row), 'earlier' (the row this key booked before), 'changed',
-- 'rate_limited' (detail: when the window started, ms since 1970), 'account_limit'
-- (detail: teams held), 'full', 'discount_min_teams', 'discount_used_up'.
-- A discount code's use, counted for a booking that holds `p_teams_held` teams at the event
-- (this one included) under the event's lock: null, or why not. The other rules of a code
-- are judged before (`checkDiscountCode`); these two depend on other bookings.
CREATE OR REPLACE FUNCTION rcl_claim_discount_code(p_code_id uuid, p_min_teams integer, p_teams_held integer)
RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  IF p_teams_held < p_min_teams THEN
    RETURN 'discount_min_teams';
  END IF;
  -- The limit is judged by the update itself: a concurrent use waits on the row's lock and
  -- is counted before this one reads `uses` again. The table's check refuses it as well.
  UPDATE discount_codes SET uses = uses + 1, updated_at = now()
    WHERE id = p_code_id AND (max_uses IS NULL OR uses < max_uses);
  IF NOT FOUND THEN
    RETURN 'discount_used_up';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
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
  SELECT
    count(*) FILTER (WHERE r.event_id = p_event_id AND r.status IN ('confirmed', 'held')),
    count(*) FILTER (WHERE r.event_id = p_event_id AND r.user_id = v_user_id
      AND r.status IN ('confirmed', 'waitlisted', 'held'))
  INTO v_taken, v_held
  FROM team_registrations r
  WHERE r.event_id = p_event_id;

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
  INSERT INTO team_registrations
    SELECT (jsonb_populate_record(NULL::team_registrations, p_registration || jsonb_build_object(
      'status', v_status,
      'held_until', CASE WHEN v_status = 'held' THEN p_hold_until END,
      'discount_code_id', p_code_id,
      'created_at', clock_timestamp(),
      'updated_at', clock_timestamp()
    ))).*
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
