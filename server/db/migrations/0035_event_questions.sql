CREATE TABLE "question_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"registration_id" uuid NOT NULL,
	"seat_id" uuid,
	"question_id" text NOT NULL,
	"value" jsonb NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "rower_questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_registration_id_team_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."team_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_seat_id_rower_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."rower_seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "question_answers_team_key" ON "question_answers" USING btree ("registration_id","question_id") WHERE "question_answers"."seat_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "question_answers_seat_key" ON "question_answers" USING btree ("registration_id","seat_id","question_id") WHERE "question_answers"."seat_id" is not null;--> statement-breakpoint
CREATE INDEX "question_answers_seat_idx" ON "question_answers" USING btree ("seat_id");--> statement-breakpoint
CREATE INDEX "question_answers_event_idx" ON "question_answers" USING btree ("event_id");--> statement-breakpoint
-- A changed address is a new person (ADR 038): the roster trigger raises the seat's
-- token_version and clears its answers; the answers to the event's questions go with them.
CREATE OR REPLACE FUNCTION rcl_clear_seat_question_answers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM question_answers WHERE seat_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER rower_seats_new_person_answers
  AFTER UPDATE OF token_version ON rower_seats
  FOR EACH ROW WHEN (NEW.token_version IS DISTINCT FROM OLD.token_version)
  EXECUTE FUNCTION rcl_clear_seat_question_answers();
