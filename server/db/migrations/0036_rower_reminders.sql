ALTER TABLE "rower_seats" ADD COLUMN "reminded_7d_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rower_seats" ADD COLUMN "reminded_2d_at" timestamp with time zone;--> statement-breakpoint
-- The non-swimmer rule joins the event form as a translated text (ADR 034): its main column
-- is in the event's language. Danish events still holding the defaults (English first) get
-- them the other way round; a rule a partner wrote stays as it is.
UPDATE "events" SET "non_swimmer_rule" = "non_swimmer_rule_translation", "non_swimmer_rule_translation" = "non_swimmer_rule"
WHERE "language" = 'da'
  AND "non_swimmer_rule" = 'Rowers who cannot swim wear a life vest, row with an instructor in the boat and stay within 100 m of the shore.'
  AND "non_swimmer_rule_translation" = 'Roere, der ikke kan svømme, bærer redningsvest, ror med en instruktør i båden og holder sig inden for 100 m fra land.';
