-- Every write that can change a public page says so on the channel `public_pages`, whoever
-- makes it (a command, the seed, an operator's SQL). PostgreSQL delivers a notification when
-- its transaction commits and never for one rolled back, to every instance listening, so
-- each instance's page cache forgets exactly the pages the write touched (ADR 024).
-- Payloads: `event:<slug>`, `registration:<slug>` (the event's), `partner:<slug>`, `site`.

CREATE OR REPLACE FUNCTION rcl_event_is_public(status event_status, published_at timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status IN ('published', 'cancelled') OR published_at IS NOT NULL
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rcl_notify_event_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Bookkeeping no page shows (a pending revision raises the version, a review leaves a
  -- note) changes nothing public.
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - 'version' - 'review_note' - 'submitted_at' - 'updated_at' - 'create_key')
      = (to_jsonb(NEW) - 'version' - 'review_note' - 'submitted_at' - 'updated_at' - 'create_key') THEN
    RETURN NULL;
  END IF;
  -- A draft nobody can see changes no public page.
  IF TG_OP <> 'INSERT' AND rcl_event_is_public(OLD.status, OLD.published_at) THEN
    PERFORM pg_notify('public_pages', 'event:' || OLD.slug);
  END IF;
  IF TG_OP <> 'DELETE' AND rcl_event_is_public(NEW.status, NEW.published_at) THEN
    PERFORM pg_notify('public_pages', 'event:' || NEW.slug);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_public_pages
  AFTER INSERT OR UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION rcl_notify_event_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rcl_notify_registration_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The event page counts teams; a roster or billing edit changes no public page.
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.event_id = NEW.event_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('public_pages', 'registration:' || slug) FROM events WHERE id = OLD.event_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('public_pages', 'registration:' || slug) FROM events WHERE id = NEW.event_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER team_registrations_public_pages
  AFTER INSERT OR UPDATE OR DELETE ON team_registrations
  FOR EACH ROW EXECUTE FUNCTION rcl_notify_registration_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rcl_notify_partner_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only approved partners have public pages; an application's partner row has none yet.
  IF TG_OP <> 'INSERT' AND OLD.status = 'approved' THEN
    PERFORM pg_notify('public_pages', 'partner:' || OLD.slug);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'approved' THEN
    PERFORM pg_notify('public_pages', 'partner:' || NEW.slug);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER partners_public_pages
  AFTER INSERT OR UPDATE OR DELETE ON partners
  FOR EACH ROW EXECUTE FUNCTION rcl_notify_partner_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rcl_notify_site_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_pages', 'site');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER site_settings_public_pages
  AFTER INSERT OR UPDATE OR DELETE ON site_settings
  FOR EACH ROW EXECUTE FUNCTION rcl_notify_site_change();
