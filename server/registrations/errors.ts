import { AppError } from "#server/errors";

export const registrationNotFound = () => new AppError("not_found", "We could not find that registration.");
export const eventNotFound = () =>
  new AppError("not_found", "This event does not exist or is not open for registration.");

/**
 * A registration's event is read before its lock is taken; a move committed in between
 * leaves the team at another event, whose lock this command does not hold.
 */
export const movedMeanwhile = () =>
  new AppError("conflict", "This team was moved meanwhile. Please reload the page to see where it is now.");

/** How a booker who reached an event's teams-per-account cap is told whom to ask. */
export type OrganiserContact = { name: string; email: string };

const teams = (count: number) => `${count} ${count === 1 ? "team" : "teams"}`;

/**
 * What a booker is told once their account holds as many teams at an event as it may:
 * the limit, and the organiser to ask for more (their address when their profile gives
 * one; the page links to the organiser's profile in any case).
 */
export function accountLimitMessage(held: number, limit: number, organiser: OrganiserContact): string {
  const reached =
    held === limit
      ? `You have already registered ${teams(held)} for this event, the most one account can.`
      : `You have already registered ${teams(held)} for this event, and one account can register at most ${teams(limit)}.`;
  const email = organiser.email.trim();
  const contact = email
    ? `To bring more teams, contact the organiser, ${organiser.name}, at ${email}.`
    : `To bring more teams, contact the organiser, ${organiser.name}, through their page on this site.`;
  return `${reached} ${contact}`;
}

/**
 * The account's confirmed and waitlisted teams reached the event's cap. A conflict, like
 * a full event: the form is fine, the state of the bookings refuses it.
 */
export const accountLimitReached = (held: number, limit: number, organiser: OrganiserContact) =>
  new AppError("conflict", accountLimitMessage(held, limit, organiser), { reason: "account_limit" });
