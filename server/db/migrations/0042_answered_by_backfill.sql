-- Who gave each answer (ADR 038). Until now only bookers answered team questions and only
-- rowers their own, so the answers already stored are named by their scope.
UPDATE question_answers SET answered_by = CASE WHEN seat_id IS NULL THEN 'booker' ELSE 'rower' END
  WHERE answered_by IS NULL;
