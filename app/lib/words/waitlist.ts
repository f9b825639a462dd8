import type { REGISTRATION_STATUS_LABELS } from "~/lib/registration-status";

/** Only a confirmed team holds a spot; any other is (or was) waiting for one. */
type RegistrationStatus = keyof typeof REGISTRATION_STATUS_LABELS;

/**
 * The waitlist rule in words: when a confirmed team cancels, its spot goes to the team
 * that has waited longest, and that team's captain is emailed. Every page, refusal and
 * mail that explains the waitlist says it with these functions.
 */

/** How the waitlist works, as one sentence. */
export const waitlistRule = (): string =>
  "If a confirmed team cancels, the team that has waited longest gets its spot and its captain is emailed.";

/** The refusal of a booking that asked for a spot when none was left. */
export const fullyBooked = (): string =>
  `This event is fully booked. You can join the waitlist. ${waitlistRule()}`;

/** What cancelling one team does to the waitlist; `whose` names the team ("Your" or "The"). */
export const spotAfterCancelling = (status: RegistrationStatus, whose: "Your" | "The"): string =>
  status === "confirmed"
    ? `${whose} team's spot goes to the team that has waited longest on the waitlist.`
    : `${whose} team leaves the waitlist.`;

/** What a booker is told when their team went on the waitlist: the fact, then the rule. */
export const onTheWaitlist = (eventTitle: string, teamName: string): [string, string] => [
  `${eventTitle} is fully booked, so ${teamName} is on the waitlist.`,
  waitlistRule(),
];
