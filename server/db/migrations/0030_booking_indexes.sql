-- What a booking writes besides its row (ADR 007, issue 28): the partner's search reads one
-- trigram index over team, company and captain instead of one each; the code index holds only
-- rows with a code; the daily prune of rate-limit windows and page changes, which deletes
-- about every old row, scans the table instead of an index every write had to add to.
DROP INDEX "page_changes_changed_at_idx";--> statement-breakpoint
DROP INDEX "rate_limits_window_started_at_idx";--> statement-breakpoint
DROP INDEX "team_registrations_team_name_trgm_idx";--> statement-breakpoint
DROP INDEX "team_registrations_company_trgm_idx";--> statement-breakpoint
DROP INDEX "team_registrations_captain_name_trgm_idx";--> statement-breakpoint
DROP INDEX "team_registrations_discount_code_idx";--> statement-breakpoint
CREATE INDEX "team_registrations_search_trgm_idx" ON "team_registrations" USING gin (("team_name" || E'\n' || "company" || E'\n' || coalesce("captain_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "team_registrations_discount_code_idx" ON "team_registrations" USING btree ("discount_code_id") WHERE "team_registrations"."discount_code_id" is not null;