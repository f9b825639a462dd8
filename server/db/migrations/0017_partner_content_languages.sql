DROP INDEX "events_title_trgm_idx";--> statement-breakpoint
DROP INDEX "events_location_trgm_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "title_translation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "description_translation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "detailed_description_html_translation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "location_translation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "location_details_translation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "meeting_point_translation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancellation_terms_translation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "description_translation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "full_description_html_translation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "facilities_translation" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "services_translation" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "default_cancellation_terms_da" text DEFAULT 'Gratis afbestilling indtil tilmeldingsfristen. Efter fristen betales den fulde pris, men I kan til enhver tid overdrage holdets plads til et andet hold fra jeres virksomhed.' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "role_da" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "bio_da" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "events_title_trgm_idx" ON "events" USING gin (("title" || E'\n' || "title_translation") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_location_trgm_idx" ON "events" USING gin (("location" || E'\n' || "location_translation") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_language_check" CHECK ("events"."language" in ('en', 'da'));--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_language_check" CHECK ("partners"."language" in ('en', 'da'));--> statement-breakpoint
-- Existing texts stay where they are, as the main language's (ADR 034). A partner made from
-- an application written in Danish writes in Danish; every other partner in English, the
-- only language the site had.
UPDATE "partners" SET "language" = 'da' WHERE EXISTS (SELECT 1 FROM "partner_applications" a WHERE a."partner_id" = "partners"."id" AND a."language" = 'da');--> statement-breakpoint
UPDATE "events" SET "language" = p."language" FROM "partners" p WHERE p."id" = "events"."partner_id" AND "events"."language" <> p."language";
