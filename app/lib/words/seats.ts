import { m } from "~/paraglide/messages";
import type { SeatState, SeatStateReason } from "#server/seats/seat-state";

/**
 * A rower's seat state in words (ADR 038), said the same way to the booker, the captain,
 * the partner and check-in staff: every page that shows a seat's state uses these.
 */

const STATE_LABELS: Record<SeatState, () => string> = {
  no_address: () => m.seat_state_no_address(),
  invited: () => m.seat_state_invited(),
  declaration_missing: () => m.seat_state_declaration_missing(),
  confirmed: () => m.seat_state_confirmed(),
};

/** The state's short label, for a badge or a table cell. */
export const seatStateLabel = (state: SeatState): string => STATE_LABELS[state]();

/** What is missing, one phrase per reason. */
export const seatReasonText = (reason: SeatStateReason): string => {
  switch (reason.kind) {
    case "swim_answer_missing":
      return m.seat_reason_swim_answer_missing();
    case "acceptance_missing":
      return m.seat_reason_acceptance_missing({ version: String(reason.currentVersion) });
    case "acceptance_outdated":
      return m.seat_reason_acceptance_outdated({
        accepted: String(reason.acceptedVersion),
        current: String(reason.currentVersion),
      });
    case "answer_missing":
      return m.seat_reason_answer_missing();
  }
};
