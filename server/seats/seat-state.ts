/**
 * A rower's seat as the booker, the captain and the partner see it (ADR 038):
 * - `no_address`: no address on the roster, so no link; staff or the captain do it at the jetty;
 * - `invited`: a link can go out, the rower has not confirmed;
 * - `declaration_missing`: confirmed, but the swim answer, the acceptance of the event's
 *   current declaration or the answer to a required rower question is missing (the
 *   reasons say which);
 * - `confirmed`: nothing missing.
 */
export type SeatState = "no_address" | "invited" | "declaration_missing" | "confirmed";

export type SeatStateReason =
  | { kind: "swim_answer_missing" }
  | { kind: "acceptance_missing"; currentVersion: number }
  | { kind: "acceptance_outdated"; acceptedVersion: number; currentVersion: number }
  | { kind: "answer_missing"; questionIds: string[] };

export type SeatFacts = {
  email: string | null;
  confirmedAt: Date | null;
  swims: boolean | null;
  /** Set once the answers were cleared after the event: a missing swim answer is then no gap. */
  prunedAt?: Date | null;
  /**
   * The required rower questions this seat has not answered (ADR 038), by id; left out
   * where the caller does not read answers.
   */
  unansweredRequired?: readonly string[];
};

/**
 * The seat's state and what is missing. `acceptedVersion` is the version of the event's
 * declaration the rower accepted (null: none); `currentVersion` the event's latest
 * (null: the event has no declaration, so none is needed).
 */
export function seatState(
  seat: SeatFacts,
  acceptedVersion: number | null,
  currentVersion: number | null,
): { state: SeatState; reasons: SeatStateReason[] } {
  const reasons: SeatStateReason[] = [];
  if (seat.swims === null && !seat.prunedAt) reasons.push({ kind: "swim_answer_missing" });
  if (currentVersion !== null) {
    if (acceptedVersion === null) reasons.push({ kind: "acceptance_missing", currentVersion });
    else if (acceptedVersion < currentVersion) {
      reasons.push({ kind: "acceptance_outdated", acceptedVersion, currentVersion });
    }
  }
  if (seat.unansweredRequired && seat.unansweredRequired.length > 0 && !seat.prunedAt) {
    reasons.push({ kind: "answer_missing", questionIds: [...seat.unansweredRequired] });
  }
  if (!seat.confirmedAt) return { state: seat.email ? "invited" : "no_address", reasons };
  return { state: reasons.length > 0 ? "declaration_missing" : "confirmed", reasons };
}

/** The required rower questions of an event a seat's answers leave unanswered. */
export function unansweredRequired(
  questions: readonly { id: string; scope: "team" | "rower"; required: boolean }[],
  answeredIds: ReadonlySet<string>,
): string[] {
  return questions
    .filter((question) => question.scope === "rower" && question.required && !answeredIds.has(question.id))
    .map((question) => question.id);
}
