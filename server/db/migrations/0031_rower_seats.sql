CREATE TABLE "declaration_acceptances" (
	"seat_id" uuid PRIMARY KEY NOT NULL,
	"declaration_id" uuid NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL,
	"staff_user_id" text,
	"staff_email" text,
	CONSTRAINT "declaration_acceptances_method_check" CHECK ("declaration_acceptances"."method" in ('link', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "event_declarations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"text" text NOT NULL,
	"text_translation" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_declarations_version_positive" CHECK ("event_declarations"."version" > 0),
	CONSTRAINT "event_declarations_language_check" CHECK ("event_declarations"."language" in ('en', 'da'))
);
--> statement-breakpoint
CREATE TABLE "rower_seats" (
	"id" uuid PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"language" text DEFAULT 'en' NOT NULL,
	"token_version" smallint DEFAULT 1 NOT NULL,
	"invited_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"swims" boolean,
	"emergency_name" text,
	"emergency_phone" text,
	"added_at_jetty" boolean DEFAULT false NOT NULL,
	"pruned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rower_seats_language_check" CHECK ("rower_seats"."language" in ('en', 'da')),
	CONSTRAINT "rower_seats_token_version_positive" CHECK ("rower_seats"."token_version" > 0)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "non_swimmers" text DEFAULT 'with_rule' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "non_swimmer_rule" text DEFAULT 'Rowers who cannot swim wear a life vest, row with an instructor in the boat and stay within 100 m of the shore.' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "non_swimmer_rule_translation" text DEFAULT 'Roere, der ikke kan svømme, bærer redningsvest, ror med en instruktør i båden og holder sig inden for 100 m fra land.' NOT NULL;--> statement-breakpoint
ALTER TABLE "declaration_acceptances" ADD CONSTRAINT "declaration_acceptances_seat_id_rower_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."rower_seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_acceptances" ADD CONSTRAINT "declaration_acceptances_declaration_id_event_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."event_declarations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_acceptances" ADD CONSTRAINT "declaration_acceptances_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_declarations" ADD CONSTRAINT "event_declarations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_declarations" ADD CONSTRAINT "event_declarations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rower_seats" ADD CONSTRAINT "rower_seats_registration_id_team_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."team_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "declaration_acceptances_declaration_idx" ON "declaration_acceptances" USING btree ("declaration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_declarations_event_version_key" ON "event_declarations" USING btree ("event_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "rower_seats_registration_id_key" ON "rower_seats" USING btree ("registration_id","id");--> statement-breakpoint
CREATE INDEX "rower_seats_event_idx" ON "rower_seats" USING btree ("event_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_non_swimmers_check" CHECK ("events"."non_swimmers" in ('not_allowed', 'with_rule'));--> statement-breakpoint
-- Rower seats follow the roster in the database, whoever writes it (ADR 038), as
-- event_places follows the registrations (migration 0025): the booking function, the
-- booker's edits, a fix in SQL. Each roster entry carries a stable id, its seat's id. An
-- entry without a usable one gets one here: none, not a uuid, a second time in the list,
-- or another booking's seat (a copied roster) — so no writer has to make ids, and no
-- roster can take over someone else's seat.
CREATE OR REPLACE FUNCTION rcl_roster_ids() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_entry jsonb;
  v_id text;
  v_seen text[] := '{}';
  v_out jsonb := '[]'::jsonb;
  v_changed boolean := false;
BEGIN
  IF jsonb_typeof(NEW.roster) IS DISTINCT FROM 'array' THEN
    RETURN NEW;
  END IF;
  FOR v_entry IN SELECT value FROM jsonb_array_elements(NEW.roster) LOOP
    IF jsonb_typeof(v_entry) = 'object' THEN
      v_id := lower(v_entry ->> 'id');
      -- Checked one after the other: SQL does not promise to evaluate an OR's terms in
      -- order, and the cast needs a well-formed id.
      IF v_id IS NULL OR v_id !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
        v_id := gen_random_uuid()::text;
      ELSIF v_id = ANY (v_seen)
          OR EXISTS (SELECT 1 FROM rower_seats s WHERE s.id = v_id::uuid AND s.registration_id <> NEW.id) THEN
        v_id := gen_random_uuid()::text;
      END IF;
      IF v_entry ->> 'id' IS DISTINCT FROM v_id THEN
        v_entry := v_entry || jsonb_build_object('id', v_id);
        v_changed := true;
      END IF;
      v_seen := v_seen || v_id;
    END IF;
    v_out := v_out || jsonb_build_array(v_entry);
  END LOOP;
  IF v_changed THEN
    NEW.roster := v_out;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER team_registrations_roster_ids BEFORE INSERT OR UPDATE OF roster ON team_registrations
  FOR EACH ROW EXECUTE FUNCTION rcl_roster_ids();
--> statement-breakpoint
-- The seats of one registration made equal to its roster: entries gone lose their seats,
-- a changed name is copied (a correction), a changed address is a new person (the link's
-- version is raised, so links sent before end, and the swim answer, emergency contact,
-- confirmation and acceptance are cleared), new entries get a seat in the booking's
-- language. Row triggers: a roster is written one registration at a time.
CREATE OR REPLACE FUNCTION rcl_roster_seats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF jsonb_typeof(NEW.roster) IS DISTINCT FROM 'array' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM rower_seats s WHERE s.registration_id = NEW.id
      AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(NEW.roster) e
        WHERE jsonb_typeof(e.value) = 'object' AND e.value ->> 'id' = s.id::text);
    DELETE FROM declaration_acceptances a USING rower_seats s, jsonb_array_elements(NEW.roster) e
      WHERE a.seat_id = s.id AND s.registration_id = NEW.id
        AND jsonb_typeof(e.value) = 'object' AND e.value ->> 'id' = s.id::text
        AND s.email IS NOT NULL AND lower(s.email) IS DISTINCT FROM lower(nullif(e.value ->> 'email', ''));
    -- A booking moved to another event: what its rowers accepted was the old event's text.
    IF OLD.event_id IS DISTINCT FROM NEW.event_id THEN
      DELETE FROM declaration_acceptances a USING rower_seats s
        WHERE a.seat_id = s.id AND s.registration_id = NEW.id;
    END IF;
    UPDATE rower_seats s SET
        name = coalesce(r.value ->> 'name', ''),
        email = nullif(r.value ->> 'email', ''),
        event_id = NEW.event_id,
        token_version = CASE WHEN r.new_person THEN s.token_version + 1 ELSE s.token_version END,
        invited_at = CASE WHEN r.new_person THEN NULL ELSE s.invited_at END,
        confirmed_at = CASE WHEN r.new_person THEN NULL ELSE s.confirmed_at END,
        swims = CASE WHEN r.new_person THEN NULL ELSE s.swims END,
        emergency_name = CASE WHEN r.new_person THEN NULL ELSE s.emergency_name END,
        emergency_phone = CASE WHEN r.new_person THEN NULL ELSE s.emergency_phone END,
        updated_at = now()
      FROM (SELECT e.value, s2.id,
              -- An address given to a rower who had none is the same person, whose answers
              -- (given at the jetty, say) stay.
              s2.email IS NOT NULL
                AND lower(s2.email) IS DISTINCT FROM lower(nullif(e.value ->> 'email', '')) AS new_person
            FROM jsonb_array_elements(NEW.roster) e
            JOIN rower_seats s2 ON s2.registration_id = NEW.id AND s2.id::text = e.value ->> 'id'
            WHERE jsonb_typeof(e.value) = 'object') r
      WHERE s.id = r.id
        AND (s.name IS DISTINCT FROM coalesce(r.value ->> 'name', '')
          OR s.email IS DISTINCT FROM nullif(r.value ->> 'email', '')
          OR s.event_id IS DISTINCT FROM NEW.event_id);
  END IF;
  INSERT INTO rower_seats (id, registration_id, event_id, name, email, language)
    SELECT (e.value ->> 'id')::uuid, NEW.id, NEW.event_id, coalesce(e.value ->> 'name', ''),
        nullif(e.value ->> 'email', ''), NEW.language
      FROM jsonb_array_elements(NEW.roster) e
      WHERE jsonb_typeof(e.value) = 'object' AND e.value ? 'id'
    ON CONFLICT (id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER team_registrations_roster_seats_inserted AFTER INSERT ON team_registrations
  FOR EACH ROW WHEN (jsonb_typeof(NEW.roster) = 'array' AND jsonb_array_length(NEW.roster) > 0)
  EXECUTE FUNCTION rcl_roster_seats();
--> statement-breakpoint
CREATE TRIGGER team_registrations_roster_seats_updated AFTER UPDATE OF roster, event_id ON team_registrations
  FOR EACH ROW WHEN (OLD.roster IS DISTINCT FROM NEW.roster OR OLD.event_id IS DISTINCT FROM NEW.event_id)
  EXECUTE FUNCTION rcl_roster_seats();
--> statement-breakpoint
-- The bookings made before: their entries get ids and seats through the triggers above.
-- The places trigger is off meanwhile: no status changes here, so no count does, and on a
-- database migrated in one run from before migration 0021 it would read the enum's 'held'
-- before it is committed. The ALTER's lock holds every booking until the migration
-- commits, so one made meanwhile by an instance of the previous version gets its seats.
ALTER TABLE team_registrations DISABLE TRIGGER team_registrations_places_updated;
--> statement-breakpoint
UPDATE team_registrations SET roster = roster
  WHERE jsonb_typeof(roster) = 'array' AND jsonb_array_length(roster) > 0;
--> statement-breakpoint
ALTER TABLE team_registrations ENABLE TRIGGER team_registrations_places_updated;
