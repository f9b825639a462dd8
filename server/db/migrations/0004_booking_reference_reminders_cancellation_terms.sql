ALTER TABLE "events" ADD COLUMN "cancellation_terms" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "default_cancellation_terms" text DEFAULT 'Free cancellation until the registration deadline. After the deadline the full price is charged, but you may hand your team''s place to another team from your company at any time.' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD COLUMN "reference" text;--> statement-breakpoint
-- Bookings made before references existed get one derived from their id; new ones get a random code.
UPDATE "team_registrations" SET "reference" = 'RCL-' || upper(substr(md5("id"::text), 1, 6));--> statement-breakpoint
ALTER TABLE "team_registrations" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD COLUMN "roster_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD COLUMN "arrival_info_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limits_window_started_at_idx" ON "rate_limits" USING btree ("window_started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_registrations_reference_key" ON "team_registrations" USING btree ("reference");--> statement-breakpoint
ALTER TABLE "team_registrations" ADD CONSTRAINT "team_registrations_reference_format" CHECK ("team_registrations"."reference" ~ '^RCL-[0-9A-Z]{6}$');