DROP INDEX "events_status_starts_at_idx";--> statement-breakpoint
CREATE INDEX "events_status_starts_at_ends_at_idx" ON "events" USING btree ("status","starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "team_registrations_created_at_idx" ON "team_registrations" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id");