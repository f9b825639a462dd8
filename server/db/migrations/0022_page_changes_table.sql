-- Changes to public pages are written to `page_changes` instead of being sent with
-- pg_notify (ADR 024). PostgreSQL queues a transaction's notifications at commit under one
-- lock for the whole database, held until the commit is flushed, so a NOTIFY from every
-- booking made every booking's commit wait for the one before it: about 100 bookings a
-- second on any hardware. A row here costs an ordinary insert, and each instance reads the
-- rows written since its last look, a few times a second (server/cache/public-changes.ts).
--
-- `xid` is the writing transaction's id. Every transaction still running when an instance
-- looks has an id at or above that look's snapshot xmin, so reading `xid >= <last xmin>`
-- the next time misses nothing, whatever order transactions commit in.
CREATE TABLE "page_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"xid" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"tag" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One row per transaction and page tag: a statement changing many rows writes each tag once.
CREATE UNIQUE INDEX "page_changes_xid_tag_key" ON "page_changes" USING btree ("xid","tag");--> statement-breakpoint
CREATE INDEX "page_changes_changed_at_idx" ON "page_changes" USING btree ("changed_at");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rcl_page_changed(changed_tag text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO page_changes (tag) VALUES (changed_tag) ON CONFLICT (xid, tag) DO NOTHING
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
    PERFORM rcl_page_changed('event:' || OLD.slug);
  END IF;
  IF TG_OP <> 'DELETE' AND rcl_event_is_public(NEW.status, NEW.published_at) THEN
    PERFORM rcl_page_changed('event:' || NEW.slug);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rcl_notify_registration_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The event page counts teams; a roster or billing edit changes no public page.
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.event_id = NEW.event_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM rcl_page_changed('registration:' || slug) FROM events WHERE id = OLD.event_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM rcl_page_changed('registration:' || slug) FROM events WHERE id = NEW.event_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rcl_notify_partner_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only approved partners have public pages; an application's partner row has none yet.
  IF TG_OP <> 'INSERT' AND OLD.status = 'approved' THEN
    PERFORM rcl_page_changed('partner:' || OLD.slug);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'approved' THEN
    PERFORM rcl_page_changed('partner:' || NEW.slug);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rcl_notify_site_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rcl_page_changed('site');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rcl_notify_team_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rcl_page_changed('team');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rcl_notify_billing_profile_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.vat_status = NEW.vat_status THEN
    RETURN NULL;
  END IF;
  PERFORM rcl_page_changed('partner:' || slug)
    FROM partners
    WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.partner_id ELSE NEW.partner_id END)
      AND status = 'approved';
  RETURN NULL;
END $$;
