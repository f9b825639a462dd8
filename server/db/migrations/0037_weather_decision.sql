CREATE TABLE "weather_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"from_starts_at" timestamp with time zone NOT NULL,
	"to_starts_at" timestamp with time zone,
	"decided_by" text,
	"decided_email" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weather_decisions_decision_check" CHECK ("weather_decisions"."decision" in ('go', 'move', 'cancel')),
	CONSTRAINT "weather_decisions_move_has_date" CHECK (("weather_decisions"."decision" = 'move') = ("weather_decisions"."to_starts_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "backup_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "backup_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD COLUMN "moved_by_weather_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "weather_decisions" ADD CONSTRAINT "weather_decisions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_decisions" ADD CONSTRAINT "weather_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "weather_decisions_event_idx" ON "weather_decisions" USING btree ("event_id","decided_at");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_backup_date_check" CHECK (("events"."backup_starts_at" IS NULL AND "events"."backup_ends_at" IS NULL) OR ("events"."backup_starts_at" IS NOT NULL AND "events"."backup_ends_at" IS NOT NULL AND "events"."backup_starts_at" > "events"."starts_at" AND "events"."backup_ends_at" - "events"."backup_starts_at" = "events"."ends_at" - "events"."starts_at"));