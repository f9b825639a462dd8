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
import * as z from "zod/mini";
import { addDays, copenhagenDate } from "~/lib/calendar-date";
import { copenhagenInputValue, copenhagenTime } from "~/lib/dates";
import { asList } from "~/lib/forms/editor-fields";
import { formatCount, says } from "~/lib/forms/fields";
import { m } from "~/paraglide/messages";

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
/** A year ahead is as early as a window may end. */
const MAX_DAYS_BEFORE = 365;

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

/**
 * A whole number from 0 to `max`, as a form types it or as stored JSON holds it;
 * anything else says `message`.
 */
function wholeNumberUpTo(max: number, message: () => string) {
  return z.pipe(
    z.unknown(),
    z.transform((value, ctx): number => {
      const typed = typeof value === "string" ? value.trim() : value;
      const number =
        typeof typed === "number"
          ? typed
          : typeof typed === "string" && /^\d{1,3}$/.test(typed)
            ? Number(typed)
            : NaN;
      if (!Number.isInteger(number) || number < 0 || number > max) {
        ctx.issues.push({ code: "custom", message: message(), input: value });
        return z.NEVER;
      }
      return number;
    }),
  );
}

const refundWindow = z.object({
  daysBefore: wholeNumberUpTo(MAX_DAYS_BEFORE, () =>
    m.valid_refund_days_range({ max: formatCount(MAX_DAYS_BEFORE) }),
  ),
  percent: wholeNumberUpTo(100, () => m.valid_refund_percent_range()),
});

/**
 * A cancellation policy: at most five windows, each ending fewer days before the start
 * than the one above it and refunding no more than it. Rows arrive as Conform posts them
 * (`refundPolicy[0].daysBefore`), or as stored numbers; an empty list means no refund.
 * A message about the order goes on the row that breaks it.
 */
export const refundPolicySchema = z.pipe(
  asList,
  z
    .array(
      z.pipe(
        z.transform((value: unknown) => value ?? {}),
        refundWindow,
      ),
    )
    .check(
      z.maxLength(
        MAX_REFUND_WINDOWS,
        says(() => m.valid_refund_too_many({ max: formatCount(MAX_REFUND_WINDOWS) })),
      ),
      z.superRefine((windows, ctx) => {
        windows.forEach((window, index) => {
          const above = windows[index - 1];
          if (!above) return;
          if (window.daysBefore >= above.daysBefore) {
            ctx.addIssue({
              code: "custom",
              message: m.valid_refund_days_order({ above: formatCount(above.daysBefore) }),
              path: [index, "daysBefore"],
              input: window.daysBefore,
            });
          }
          if (window.percent > above.percent) {
            ctx.addIssue({
              code: "custom",
              message: m.valid_refund_percent_order({ above: formatCount(above.percent) }),
              path: [index, "percent"],
              input: window.percent,
            });
          }
        });
      }),
    ),
) as unknown as z.ZodMiniType<RefundWindow[], unknown>;
