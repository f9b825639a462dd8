import { desc, eq, inArray } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { declarationAcceptances, eventDeclarations, rowerSeats } from "#server/db/schema";
import { seatState, unansweredRequired, type SeatState } from "#server/seats/seat-state";
import type { Locale } from "~/lib/i18n/locale";
import { answerKeyOf } from "~/lib/questions";
import { answerSheet, type AnswerSheet } from "./answer-sheet";

export type SeatFactsForExport = { swims: boolean | null; state: SeatState };

/**
 * What the export writes beside some bookings of one event (ADR 038): the answer sheet and,
 * per seat, the swim answer and its state, a required rower question left unanswered
 * counting as a missing declaration. The caller has checked the reader manages the event.
 */
export async function rosterAnswers(
  db: Database,
  {
    eventId,
    registrationIds,
    locale,
  }: { eventId: string; registrationIds: readonly string[]; locale?: Locale },
): Promise<{ sheet: AnswerSheet; seats: Map<string, SeatFactsForExport> }> {
  const sheet = await answerSheet(db, { eventId, registrationIds, locale });
  const seats = new Map<string, SeatFactsForExport>();
  if (registrationIds.length === 0) return { sheet, seats };
  const [rows, [current]] = await Promise.all([
    db
      .select({
        id: rowerSeats.id,
        registrationId: rowerSeats.registrationId,
        email: rowerSeats.email,
        confirmedAt: rowerSeats.confirmedAt,
        swims: rowerSeats.swims,
        prunedAt: rowerSeats.prunedAt,
        acceptedVersion: eventDeclarations.version,
      })
      .from(rowerSeats)
      .leftJoin(declarationAcceptances, eq(declarationAcceptances.seatId, rowerSeats.id))
      .leftJoin(eventDeclarations, eq(eventDeclarations.id, declarationAcceptances.declarationId))
      .where(inArray(rowerSeats.registrationId, [...registrationIds])),
    db
      .select({ version: eventDeclarations.version })
      .from(eventDeclarations)
      .where(eq(eventDeclarations.eventId, eventId))
      .orderBy(desc(eventDeclarations.version))
      .limit(1),
  ]);
  const required = sheet.rowerQuestions.map((question) => ({
    id: question.id,
    scope: "rower" as const,
    required: question.required,
  }));
  for (const row of rows) {
    const answered = new Set(
      sheet.rowerQuestions
        .filter((question) => sheet.texts[answerKeyOf(row.registrationId, row.id, question.id)] !== undefined)
        .map((question) => question.id),
    );
    const { state } = seatState(
      { ...row, unansweredRequired: unansweredRequired(required, answered) },
      row.acceptedVersion,
      current?.version ?? null,
    );
    seats.set(row.id, { swims: row.swims, state });
  }
  return { sheet, seats };
}
