/**
 * What whoever runs an event may do with one team's registration now: confirm it from
 * the waitlist, move it to another event, or cancel it. The partner's registration page
 * reads `registrationActions` to offer them; the commands call
 * `assertRegistrationAction` with the same facts, under the event's lock, and refuse
 * with the same words.
 */
import { cancelClosedByStart } from "~/lib/words/cancellation";
import type { events, teamRegistrations } from "#server/db/schema";
import { AppError, closed, forbidden } from "#server/errors";
import type { Actor } from "./actor";
import { canManageEvent } from "./policies";
import { m } from "~/paraglide/messages";

type RegistrationFacts = Pick<typeof teamRegistrations.$inferSelect, "status">;
type EventFacts = Pick<
  typeof events.$inferSelect,
  "partnerId" | "status" | "startsAt" | "endsAt" | "maxTeams"
>;
/** The event's confirmed teams, counted from the rows: what confirming needs to know. */
type Counted = { confirmedTeams: number };

export type RegistrationAction = "confirm" | "move" | "cancel";

/** What the page may offer. `move` still needs another event to go to. */
export type RegistrationActions = Record<RegistrationAction, boolean>;

const startedReason = (event: EventFacts, now: Date) => (event.endsAt <= now ? "ended" : "started");

function refusalOf(
  action: RegistrationAction,
  actor: Actor,
  registration: RegistrationFacts,
  event: EventFacts & Partial<Counted>,
  now: Date,
): AppError | null {
  if (!canManageEvent(actor, event)) return forbidden();
  const started = event.startsAt <= now;
  switch (action) {
    case "cancel":
      if (registration.status === "cancelled")
        return closed(m.err_registration_already_cancelled(), "registration_cancelled");
      return started ? closed(cancelClosedByStart("organiser"), startedReason(event, now)) : null;
    case "move":
      if (registration.status === "cancelled")
        return closed(m.err_registration_cancelled_no_move(), "registration_cancelled");
      return started ? closed(m.err_event_started_no_move(), startedReason(event, now)) : null;
    case "confirm":
      if (registration.status === "cancelled") {
        return closed(m.err_registration_cancelled_no_confirm(), "registration_cancelled");
      }
      if (registration.status === "confirmed")
        return new AppError("invalid_transition", m.err_team_already_confirmed());
      if (event.status !== "published") {
        return new AppError(
          "invalid_transition",
          event.status === "cancelled"
            ? m.err_event_cancelled_no_confirm()
            : m.err_event_unpublished_no_confirm(),
        );
      }
      if (started) {
        return closed(m.err_event_started_waitlist(), startedReason(event, now));
      }
      if (event.confirmedTeams !== undefined && event.confirmedTeams >= event.maxTeams) {
        return new AppError(
          "conflict",
          m.err_event_full({ confirmed: event.confirmedTeams, max: event.maxTeams }),
          { reason: "full" },
        );
      }
      return null;
  }
}

export function registrationActions(
  actor: Actor,
  registration: RegistrationFacts,
  event: EventFacts & Counted,
  now: Date,
): RegistrationActions {
  const may = (action: RegistrationAction) => refusalOf(action, actor, registration, event, now) === null;
  return { confirm: may("confirm"), move: may("move"), cancel: may("cancel") };
}

/** The command's check: refuses with the same answer the page's button was hidden for. */
export function assertRegistrationAction(
  action: "confirm",
  actor: Actor,
  registration: RegistrationFacts,
  event: EventFacts & Counted,
  now: Date,
): void;
export function assertRegistrationAction(
  action: Exclude<RegistrationAction, "confirm">,
  actor: Actor,
  registration: RegistrationFacts,
  event: EventFacts,
  now: Date,
): void;
export function assertRegistrationAction(
  action: RegistrationAction,
  actor: Actor,
  registration: RegistrationFacts,
  event: EventFacts & Partial<Counted>,
  now: Date,
): void {
  const refusal = refusalOf(action, actor, registration, event, now);
  if (refusal) throw refusal;
}
