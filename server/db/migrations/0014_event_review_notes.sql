CREATE TABLE "event_review_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"note" text NOT NULL,
	"values" jsonb,
	"written_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_review_notes" ADD CONSTRAINT "event_review_notes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_review_notes" ADD CONSTRAINT "event_review_notes_written_by_users_id_fk" FOREIGN KEY ("written_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_review_notes_event_idx" ON "event_review_notes" USING btree ("event_id","created_at");--> statement-breakpoint
-- The notes sent before this table existed, kept with the time their row last changed; who wrote them is not known.
INSERT INTO "event_review_notes" ("event_id", "note", "created_at")
  SELECT "id", "review_note", "updated_at" FROM "events" WHERE "review_note" IS NOT NULL;--> statement-breakpoint
INSERT INTO "event_review_notes" ("event_id", "note", "created_at")
  SELECT "event_id", "review_note", "updated_at" FROM "event_revisions" WHERE "review_note" IS NOT NULL;
