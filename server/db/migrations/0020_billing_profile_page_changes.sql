-- Public pages show prices with the moms of the partner's billing profile (ADR 035): a
-- profile given, its moms status changed or the profile removed says so on `public_pages`
-- as a change of the partner, which purges its page and the catalogue (every event page),
-- so no cached page shows a price at a rate the invoice will not use (ADR 024).
CREATE OR REPLACE FUNCTION rcl_notify_billing_profile_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.vat_status = NEW.vat_status THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('public_pages', 'partner:' || slug)
    FROM partners
    WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.partner_id ELSE NEW.partner_id END)
      AND status = 'approved';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER partner_billing_profiles_public_pages
  AFTER INSERT OR UPDATE OR DELETE ON partner_billing_profiles
  FOR EACH ROW EXECUTE FUNCTION rcl_notify_billing_profile_change();
