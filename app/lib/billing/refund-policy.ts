/**
 * An event's cancellation policy: refund windows before its start. A booking stores the
 * policy in force when it was made, so a later change never applies to it.
 */

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
