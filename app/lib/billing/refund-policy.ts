/**
 * An event's cancellation policy: refund windows before its start. A booking stores the
 * policy in force when it was made, so a later change never applies to it.
 *
 * A window "until N days before" ends at the start's own Copenhagen wall-clock time, N
 * calendar days earlier (`refundCutoff`), not N × 24 hours earlier: across a change to or
 * from summer time the window still ends at the minute the booker reads ("until 11 March,
 * 10:00"). A booker who cancels strictly before that minute gets the window's share; at
 * the minute itself the next window applies, so the time shown is the first moment the
 * refund is lower.
 */
import { addDays, copenhagenDate } from "~/lib/calendar-date";
import { copenhagenInputValue, copenhagenTime } from "~/lib/dates";

/** A share of the price refunded to a booker who cancels at least `daysBefore` days before the start. */
export type RefundWindow = { daysBefore: number; percent: number };

/**
 * The policy an event has until its partner sets another: the whole price back until 30
 * days before, half until 8 days before, nothing after.
 */
export const DEFAULT_REFUND_POLICY: readonly RefundWindow[] = [
  { daysBefore: 30, percent: 100 },
  { daysBefore: 8, percent: 50 },
];

/** More windows than this is not a policy a booker can follow. */
export const MAX_REFUND_WINDOWS = 5;

/**
 * When the window "until `daysBefore` days before" ends: the start's Copenhagen date moved
 * back that many calendar days, at the start's wall-clock time. A time the clock skips on
 * that day (02:30 on the spring change) is read as `copenhagenTime` reads it.
 */
export function refundCutoff(startsAt: Date, daysBefore: number): Date {
  const [hour, minute] = copenhagenInputValue(startsAt).slice(11).split(":").map(Number) as [number, number];
  const day = addDays(copenhagenDate(startsAt), -daysBefore);
  // Seconds are kept as they were, so a start at 10:00:30 ends its windows at 10:00:30.
  const seconds = startsAt.getTime() % 60_000;
  return new Date(copenhagenTime(day.year, day.month, day.day, hour, minute).getTime() + seconds);
}

/**
 * The percent of the price refunded to a booker who cancels at `now`: the share of the
 * first window whose cutoff is still ahead (strictly after `now`), else nothing. The
 * windows are widest first, as the schema keeps them.
 */
export function refundPercentAt(policy: readonly RefundWindow[], startsAt: Date, now: Date): number {
  const open = policy.find((window) => now.getTime() < refundCutoff(startsAt, window.daysBefore).getTime());
  return open?.percent ?? 0;
}
