CREATE TYPE "public"."organization_type" AS ENUM('rowing_club', 'event_organiser', 'venue', 'coaching_service');--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_applications" ALTER COLUMN "organization_type" SET DATA TYPE "public"."organization_type" USING "organization_type"::"public"."organization_type";--> statement-breakpoint
ALTER TABLE "partner_applications" ADD COLUMN "description" text NOT NULL;--> statement-breakpoint
CREATE INDEX "events_title_trgm_idx" ON "events" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_location_trgm_idx" ON "events" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partners_name_trgm_idx" ON "partners" USING gin ("name" gin_trgm_ops);