import { inArray } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { questionAnswers, type QuestionAnswerValue } from "#server/db/schema";

export type StoredAnswer = {
  registrationId: string;
  seatId: string | null;
  questionId: string;
  value: QuestionAnswerValue;
  answeredAt: Date;
  answeredBy: "booker" | "captain" | "rower" | null;
};

/**
 * The answers of these bookings, team answers and every seat's. The caller has already
 * scoped the bookings to the reader; an empty list reads nothing.
 */
export async function answersOfRegistrations(
  db: Database,
  registrationIds: readonly string[],
): Promise<StoredAnswer[]> {
  if (registrationIds.length === 0) return [];
  return db
    .select({
      registrationId: questionAnswers.registrationId,
      seatId: questionAnswers.seatId,
      questionId: questionAnswers.questionId,
      value: questionAnswers.value,
      answeredAt: questionAnswers.answeredAt,
      answeredBy: questionAnswers.answeredBy,
    })
    .from(questionAnswers)
    .where(inArray(questionAnswers.registrationId, [...registrationIds]));
}
