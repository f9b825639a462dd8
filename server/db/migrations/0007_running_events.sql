CREATE TYPE "public"."delivery_status" AS ENUM('queued', 'delivered', 'failed');--> statement-breakpoint
CREATE TYPE "public"."inquiry_status" AS ENUM('new', 'answered', 'archived');--> statement-breakpoint
CREATE TYPE "public"."message_audience" AS ENUM('captains', 'everyone');--> statement-breakpoint
CREATE TYPE "public"."message_teams" AS ENUM('confirmed', 'waitlisted', 'both');--> statement-breakpoint
CREATE TABLE "event_page_views" (
	"event_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_page_views_event_id_day_pk" PRIMARY KEY("event_id","day")
);
--> statement-breakpoint
CREATE TABLE "participant_message_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" "delivery_status" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "participant_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"sent_by" text,
	"sender_email" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"audience" "message_audience" NOT NULL,
	"teams" "message_teams" NOT NULL,
	"recipient_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "status" "inquiry_status" DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "replied_by" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "contact_inbox_email" text;--> statement-breakpoint
UPDATE "site_settings" SET "contact_inbox_email" = "contact_email";--> statement-breakpoint
ALTER TABLE "site_settings" ALTER COLUMN "contact_inbox_email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "event_page_views" ADD CONSTRAINT "event_page_views_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_message_recipients" ADD CONSTRAINT "participant_message_recipients_message_id_participant_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."participant_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_messages" ADD CONSTRAINT "participant_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_messages" ADD CONSTRAINT "participant_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_page_views_day_idx" ON "event_page_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "participant_message_recipients_message_idx" ON "participant_message_recipients" USING btree ("message_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "participant_message_recipients_email_key" ON "participant_message_recipients" USING btree ("message_id",lower("email"));--> statement-breakpoint
CREATE INDEX "participant_messages_event_idx" ON "participant_messages" USING btree ("event_id","created_at");--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_partner_status_idx" ON "inquiries" USING btree ("partner_id","status","created_at");--> statement-breakpoint
CREATE INDEX "team_registrations_team_name_trgm_idx" ON "team_registrations" USING gin ("team_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "team_registrations_company_trgm_idx" ON "team_registrations" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "team_registrations_captain_name_trgm_idx" ON "team_registrations" USING gin ("captain_name" gin_trgm_ops);