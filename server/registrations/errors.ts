import { AppError } from "#server/errors";
import { m } from "~/paraglide/messages";

export const registrationNotFound = () => new AppError("not_found", m.err_registration_not_found());
export const eventNotFound = () => new AppError("not_found", m.err_event_not_open());

/**
 * A registration's event is read before its lock is taken; a move committed in between
 * leaves the team at another event, whose lock this command does not hold.
 */
export const movedMeanwhile = () => new AppError("conflict", m.err_team_moved_meanwhile());

/** How a booker who reached an event's teams-per-account cap is told whom to ask. */
export type OrganiserContact = { name: string; email: string };

const teams = (count: number) => m.err_teams_count({ count });

/**
 * What a booker is told once their account holds as many teams at an event as it may:
 * the limit, and the organiser to ask for more (their address when their profile gives
 * one; the page links to the organiser's profile in any case).
 */
export function accountLimitMessage(held: number, limit: number, organiser: OrganiserContact): string {
  const reached =
    held === limit
      ? m.err_account_limit_reached({ teams: teams(held) })
      : m.err_account_limit_over({ held: teams(held), limit: teams(limit) });
  const email = organiser.email.trim();
  const contact = email
    ? m.err_account_limit_contact_email({ name: organiser.name, email })
    : m.err_account_limit_contact_page({ name: organiser.name });
  return `${reached} ${contact}`;
}

/**
 * The account's confirmed and waitlisted teams reached the event's cap. A conflict, like
 * a full event: the form is fine, the state of the bookings refuses it.
 */
export const accountLimitReached = (held: number, limit: number, organiser: OrganiserContact) =>
  new AppError("conflict", accountLimitMessage(held, limit, organiser), { reason: "account_limit" });
