/**
 * The editor's rules for an event's cancellation policy and ways to pay, apart from the
 * policy's arithmetic and words (`~/lib/billing/`), so the public pages that show a policy
 * load no schema.
 */
import * as z from "zod/mini";
import { MAX_REFUND_WINDOWS, type RefundWindow } from "~/lib/billing/refund-policy";
import { WAYS_TO_PAY } from "~/lib/billing/ways-to-pay";
import { asList } from "~/lib/forms/editor-fields";
import { formatCount, says } from "~/lib/forms/fields";
import { m } from "~/paraglide/messages";

/** A year ahead is as early as a window may end. */
const MAX_DAYS_BEFORE = 365;

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

/** The editor's radio group: one of the three, or a message that asks to choose. */
export const waysToPaySchema = z.enum(WAYS_TO_PAY, { error: () => m.valid_ways_to_pay_choose() });
