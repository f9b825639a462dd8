ALTER TABLE "question_answers" ADD COLUMN "answered_by" text;--> statement-breakpoint
ALTER TABLE "weather_decisions" ADD COLUMN "forecast" jsonb;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_answered_by_check" CHECK ("question_answers"."answered_by" in ('booker', 'captain', 'rower'));