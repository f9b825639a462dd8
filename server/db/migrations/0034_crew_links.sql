ALTER TABLE "team_registrations" ADD COLUMN "captain_token_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD COLUMN "captain_invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD CONSTRAINT "team_registrations_captain_token_version_positive" CHECK ("team_registrations"."captain_token_version" > 0);