CREATE TABLE "event_forecasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"checkpoint" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ok" boolean NOT NULL,
	"error" text,
	"model_runs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"series" jsonb,
	CONSTRAINT "event_forecasts_checkpoint_check" CHECK ("event_forecasts"."checkpoint" in ('72h', '48h', '24h', 'manual')),
	CONSTRAINT "event_forecasts_error_when_failed" CHECK ("event_forecasts"."ok" OR "event_forecasts"."error" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "max_wind_ms" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "max_gust_ms" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "min_water_c" numeric(3, 1);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "forecast_lat" numeric(8, 5);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "forecast_lon" numeric(8, 5);--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "forecast_lat" numeric(8, 5);--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "forecast_lon" numeric(8, 5);--> statement-breakpoint
ALTER TABLE "event_forecasts" ADD CONSTRAINT "event_forecasts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_forecasts_checkpoint_key" ON "event_forecasts" USING btree ("event_id","checkpoint") WHERE "event_forecasts"."checkpoint" <> 'manual';--> statement-breakpoint
CREATE INDEX "event_forecasts_event_fetched_idx" ON "event_forecasts" USING btree ("event_id","fetched_at");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_forecast_point_pair" CHECK (("events"."forecast_lat" IS NULL) = ("events"."forecast_lon" IS NULL));--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_forecast_point_pair" CHECK (("partners"."forecast_lat" IS NULL) = ("partners"."forecast_lon" IS NULL));