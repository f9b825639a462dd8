CREATE TYPE "public"."revision_status" AS ENUM('draft', 'pending_review', 'changes_requested');--> statement-breakpoint
CREATE TABLE "event_revisions" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"status" "revision_status" DEFAULT 'draft' NOT NULL,
	"review_note" text,
	"submitted_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "create_key" text;--> statement-breakpoint
ALTER TABLE "event_revisions" ADD CONSTRAINT "event_revisions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_revisions" ADD CONSTRAINT "event_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_revisions_submitted_idx" ON "event_revisions" USING btree ("submitted_at") WHERE "event_revisions"."status" = 'pending_review';--> statement-breakpoint
CREATE UNIQUE INDEX "events_create_key" ON "events" USING btree ("partner_id","create_key");--> statement-breakpoint
CREATE INDEX "events_submitted_idx" ON "events" USING btree ("submitted_at") WHERE "events"."status" = 'pending_review';--> statement-breakpoint
UPDATE "events" SET "submitted_at" = "updated_at" WHERE "status" = 'pending_review' AND "submitted_at" IS NULL;--> statement-breakpoint
UPDATE "events" SET "cancelled_at" = "updated_at" WHERE "status" = 'cancelled' AND "cancelled_at" IS NULL;