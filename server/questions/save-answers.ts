import { and, eq, isNull, sql } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { ownBookingsScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import {
  events,
  questionAnswers,
  rowerSeats,
  teamRegistrations,
  type EventQuestion,
  type QuestionAnswerValue,
} from "#server/db/schema";
import { AppError, closed, notFound } from "#server/errors";
import { seatLinkNotFound } from "#server/seats/errors";
import { crewBookingOfToken } from "#server/seats/find-crew-by-token";
import { findSeatByToken, seatOfLink } from "#server/seats/find-seat-by-token";
import { isUuid } from "~/lib/ids";
import { keepUnder } from "~/lib/forms/fields";
import { answerFieldName, LONG_ANSWER_MAX, SHORT_ANSWER_MAX } from "~/lib/questions";
import { m } from "~/paraglide/messages";

/**
 * Answers to an event's questions (ADR 038): a rower answers the rower questions by their
 * link, the booker or the captain the team questions, on the booking's page or the crew page. Each answer replaces the
 * one before; a question left unanswered loses its answer. The answers are checked
 * against the event's questions as they are now, so an option id the question does not
 * have, or a question of the other scope, is never stored.
 */

type QuestionAnswerRow = typeof questionAnswers.$inferSelect;

type AnswerCheck =
  | { ok: true; values: Map<string, QuestionAnswerValue | null> }
  | { ok: false; fields: Record<string, string> };

const textOf = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/**
 * The answers a form gives to `questions` (`answers` as Conform reads them), checked: a
 * required question needs an answer, a short one at most 200 characters, a long one 2,000,
 * a choice only options the question has. An unanswered question is null (its answer is
 * removed). The messages are keyed by each question's field.
 */
function checkAnswers(questions: readonly EventQuestion[], answers: unknown): AnswerCheck {
  const given = typeof answers === "object" && answers !== null ? (answers as Record<string, unknown>) : {};
  const values = new Map<string, QuestionAnswerValue | null>();
  const fields: Record<string, string> = {};
  for (const question of questions) {
    const raw = Object.hasOwn(given, question.id) ? given[question.id] : undefined;
    const field = answerFieldName(question.id);
    let value: QuestionAnswerValue | null = null;
    switch (question.kind) {
      case "short":
      case "long": {
        const text = textOf(raw);
        const max = question.kind === "short" ? SHORT_ANSWER_MAX : LONG_ANSWER_MAX;
        if (text.length > max) fields[field] = keepUnder(max)();
        value = text === "" ? null : text;
        break;
      }
      case "yes_no": {
        const text = textOf(raw);
        if (text === "yes" || text === "no") value = text === "yes";
        else if (text !== "") fields[field] = m.valid_answer_choose();
        break;
      }
      case "one_of": {
        const text = textOf(raw);
        if (text !== "" && !question.options.some((option) => option.id === text)) {
          fields[field] = m.valid_answer_choose();
        }
        value = text === "" ? null : text;
        break;
      }
      case "some_of": {
        const chosen = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(textOf);
        const picked = chosen.filter((id) => id !== "");
        if (picked.some((id) => !question.options.some((option) => option.id === id))) {
          fields[field] = m.valid_answer_choose();
        }
        // In the question's order, once each.
        const ids = question.options.map((option) => option.id).filter((id) => picked.includes(id));
        value = ids.length === 0 ? null : ids;
        break;
      }
    }
    if (!fields[field] && value === null && question.required) fields[field] = m.valid_answer_required();
    values.set(question.id, value);
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, values };
}

/** The answers as refused: each question's message next to its field. */
function refused(fields: Record<string, string>): AppError {
  return new AppError("invalid", Object.values(fields)[0] ?? m.err_check_form(), { fields });
}

const inputAnswers = (input: unknown): unknown =>
  typeof input === "object" && input !== null ? (input as { answers?: unknown }).answers : undefined;

/** Writes one team's or one seat's answers: an upsert per answer, a delete per unanswered question. */
async function writeAnswers(
  tx: Database,
  where: { eventId: string; registrationId: string; seatId: string | null },
  {
    values,
    answeredBy,
  }: {
    values: Map<string, QuestionAnswerValue | null>;
    answeredBy: NonNullable<QuestionAnswerRow["answeredBy"]>;
  },
  now: Date,
): Promise<void> {
  for (const [questionId, value] of values) {
    const same = and(
      eq(questionAnswers.registrationId, where.registrationId),
      where.seatId === null ? isNull(questionAnswers.seatId) : eq(questionAnswers.seatId, where.seatId),
      eq(questionAnswers.questionId, questionId),
    );
    if (value === null) {
      await tx.delete(questionAnswers).where(same);
      continue;
    }
    // Each scope has its own partial unique index, named here by its columns and predicate.
    await tx
      .insert(questionAnswers)
      .values({ ...where, questionId, value, answeredAt: now, answeredBy })
      .onConflictDoUpdate(
        where.seatId === null
          ? {
              target: [questionAnswers.registrationId, questionAnswers.questionId],
              targetWhere: sql`${questionAnswers.seatId} is null`,
              set: { value, answeredAt: now, answeredBy },
            }
          : {
              target: [questionAnswers.registrationId, questionAnswers.seatId, questionAnswers.questionId],
              targetWhere: sql`${questionAnswers.seatId} is not null`,
              set: { value, answeredAt: now, answeredBy },
            },
      );
  }
}

const questionsOf = (questions: readonly EventQuestion[], scope: EventQuestion["scope"]) =>
  questions.filter((question) => question.scope === scope);

/**
 * A rower answers their event's rower questions by their link. A link that opens no seat
 * is the same 404 as everywhere, before the answers are looked at.
 */
export async function saveSeatAnswers(
  services: { db: Database; authSecret: string },
  { token, input, now = new Date() }: { token: unknown; input: unknown; now?: Date },
): Promise<void> {
  const found = await findSeatByToken(services, token, now);
  if (!found) throw seatLinkNotFound();
  await services.db.transaction(async (tx) => {
    // The seat at the link's version and the event's questions, read together in the
    // transaction: an address changed meanwhile is a new person, who answers anew; a
    // booking cancelled since the lookup takes no answers.
    const [row] = await tx
      .select({ questions: events.rowerQuestions })
      .from(rowerSeats)
      .innerJoin(events, eq(events.id, rowerSeats.eventId))
      .where(seatOfLink(tx, found.seat, now))
      .for("update", { of: rowerSeats });
    if (!row) throw seatLinkNotFound();
    const checked = checkAnswers(questionsOf(row.questions, "rower"), inputAnswers(input));
    if (!checked.ok) throw refused(checked.fields);
    await writeAnswers(
      tx,
      { eventId: found.event.id, registrationId: found.registration.id, seatId: found.seat.id },
      { values: checked.values, answeredBy: "rower" },
      now,
    );
  });
}

export type TeamAnswersBy =
  /** The booker, signed in, for one of their own bookings; another person's is "not found". */
  | { actor: Actor; registrationId: unknown }
  /** The captain by their crew link; another booking's, an older or a forged link is "not found". */
  | { crewToken: unknown };

/**
 * The team's questions answered on the booking's page by the booker or on the crew page
 * by the captain (ADR 038), whoever knows the answers; each answer records which of them
 * gave it. Taken until the event ends while the booking stands; a cancelled booking or an
 * ended event is refused with that reason, and a booking the asker cannot reach is "not
 * found" and changes nothing.
 */
export async function saveTeamAnswers(
  services: { db: Database; authSecret: string },
  { by, input, now = new Date() }: { by: TeamAnswersBy; input: unknown; now?: Date },
): Promise<void> {
  const { db } = services;
  const asked = await bookingAskedFor(services, by);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        eventId: events.id,
        questions: events.rowerQuestions,
        endsAt: events.endsAt,
        status: teamRegistrations.status,
      })
      .from(teamRegistrations)
      .innerJoin(events, eq(events.id, teamRegistrations.eventId))
      .where(and(eq(teamRegistrations.id, asked.registrationId), asked.scope))
      .for("update", { of: teamRegistrations });
    if (!row) throw asked.notFound();
    if (row.status === "cancelled") {
      throw closed(m.err_answers_closed_cancelled(), "registration_cancelled");
    }
    if (row.endsAt <= now) throw closed(m.err_answers_closed_ended(), "ended");
    const checked = checkAnswers(questionsOf(row.questions, "team"), inputAnswers(input));
    if (!checked.ok) throw refused(checked.fields);
    await writeAnswers(
      tx,
      { eventId: row.eventId, registrationId: asked.registrationId, seatId: null },
      { values: checked.values, answeredBy: asked.answeredBy },
      now,
    );
  });
}

/**
 * The booking a request to answer names, the condition its row must still meet under the
 * lock (the booker's scope, or the crew link's version, so a link replaced meanwhile
 * answers nothing) and who is answering.
 */
async function bookingAskedFor(services: { db: Database; authSecret: string }, by: TeamAnswersBy) {
  if ("crewToken" in by) {
    const crew = await crewBookingOfToken(services, by.crewToken);
    if (!crew) throw seatLinkNotFound();
    return {
      registrationId: crew.id,
      scope: eq(teamRegistrations.captainTokenVersion, crew.captainTokenVersion),
      answeredBy: "captain" as const,
      notFound: seatLinkNotFound,
    };
  }
  const missing = () => notFound(m.bookings_not_found());
  if (typeof by.registrationId !== "string" || !isUuid(by.registrationId)) throw missing();
  return {
    registrationId: by.registrationId,
    scope: ownBookingsScope(by.actor),
    answeredBy: "booker" as const,
    notFound: missing,
  };
}
