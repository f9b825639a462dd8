-- The About page's team (ADR 024): a change to it says so on `public_pages` like the
-- catalogue's tables in 0009, so the page cache forgets the About page at once.
CREATE OR REPLACE FUNCTION rcl_notify_team_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_pages', 'team');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER team_members_public_pages
  AFTER INSERT OR UPDATE OR DELETE ON team_members
  FOR EACH ROW EXECUTE FUNCTION rcl_notify_team_change();
