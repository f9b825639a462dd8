import { refundCutoff, type RefundWindow } from "~/lib/billing/refund-policy";
import { formatInstant } from "~/lib/dates";
import { m } from "~/paraglide/messages";

/**
 * The cancellation policy in words: one line per refund window, widest first, then what
 * is left ("No refund after that"). The event page, the booking form and the
 * confirmation mail say it with this function, in the current language.
 */

/** "until 30 days before the event", or "until the event starts" for a window to the start. */
const until = (daysBefore: number): string =>
  daysBefore === 0 ? m.refund_until_start() : m.refund_until_days({ days: daysBefore });

function windowLine({ daysBefore, percent }: RefundWindow): string {
  const words = { until: until(daysBefore) };
  if (percent === 100) return m.refund_line_full(words);
  if (percent === 0) return m.refund_line_nothing(words);
  return m.refund_line_part({ ...words, percent: String(percent) });
}

/**
 * The policy as lines to read: "Full refund if you cancel until 30 days before the event".
 * Given the event's start, each line ends with the moment its window ends (the first
 * moment it no longer applies): "(until March 11, 2027 at 10:00 AM)".
 */
export function refundPolicyLines(policy: readonly RefundWindow[], startsAt?: Date): string[] {
  if (policy.length === 0) return [m.refund_none_at_all()];
  const lines = policy.map((window) => {
    const line = windowLine(window);
    return startsAt
      ? m.refund_line_dated({ line, date: formatInstant(refundCutoff(startsAt, window.daysBefore)) })
      : line;
  });
  // A last window that runs to the start leaves nothing after it: a started event cannot be cancelled.
  const last = policy[policy.length - 1];
  return last && last.daysBefore > 0 ? [...lines, m.refund_none_after()] : lines;
}
