import type { REGISTRATION_STATUS_LABELS } from "~/lib/registration-status";
import { m } from "~/paraglide/messages";

/** Only a confirmed team holds a spot; any other is (or was) waiting for one. */
type RegistrationStatus = keyof typeof REGISTRATION_STATUS_LABELS;

/**
 * The waitlist rule in words: when a confirmed team cancels, its spot goes to the team
 * that has waited longest, and that team's captain is emailed. Every page, refusal and
 * mail that explains the waitlist says it with these functions.
 */

/** How the waitlist works, as one sentence. */
export const waitlistRule = (): string => m.registration_waitlist_rule();

/** The refusal of a booking that asked for a spot when none was left. */
export const fullyBooked = (): string => `${m.registration_fully_booked_join()} ${waitlistRule()}`;

/** What cancelling one team does to the waitlist; `whose` names the team ("Your" or "The"). */
export const spotAfterCancelling = (status: RegistrationStatus, whose: "Your" | "The"): string => {
  if (status === "confirmed")
    return whose === "Your" ? m.registration_spot_goes_your() : m.registration_spot_goes_the();
  if (status === "held")
    return whose === "Your" ? m.registration_hold_released_your() : m.registration_hold_released_the();
  return whose === "Your" ? m.registration_leaves_waitlist_your() : m.registration_leaves_waitlist_the();
};

/** What a booker is told when their team went on the waitlist: the fact, then the rule. */
export const onTheWaitlist = (eventTitle: string, teamName: string): [string, string] => [
  m.registration_on_waitlist({ eventTitle, teamName }),
  waitlistRule(),
];
