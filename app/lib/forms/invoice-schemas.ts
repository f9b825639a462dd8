/**
 * The forms of an issued invoice's page (partner and admin): a partial credit note and a
 * payment marked by hand. Checked in the browser and parsed again by the commands
 * (`server/invoices/issue-credit-note.ts`, `record-payment.ts`).
 */
import * as z from "zod/mini";
import { m } from "~/paraglide/messages";
import { requiredText, says, trimmed } from "./fields";

/** More than any one invoice of the marketplace comes to: a typing mistake, not an amount. */
const MAX_KRONER = 10_000_000;

/** Kroner with up to two decimals ("1250", "1.250,50", "1250.5"), as øre above zero. */
export const kroner = z.pipe(
  z.pipe(
    trimmed,
    z.transform((value) => value.replace(/\s/g, "").replace(/kr\.?$/i, "")),
  ),
  z.transform((value, ctx): number => {
    // A point followed by three digits groups thousands ("1.250,50"); otherwise it is the decimal mark.
    const normalised = /^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(value) ? value.replace(/\./g, "") : value;
    const match = /^(\d{1,8})(?:[.,](\d{1,2}))?$/.exec(normalised);
    if (!match) {
      ctx.issues.push({ code: "custom", message: m.valid_amount_format(), input: value });
      return z.NEVER;
    }
    const minor = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
    if (minor <= 0 || minor > MAX_KRONER * 100) {
      ctx.issues.push({ code: "custom", message: m.valid_amount_range(), input: value });
      return z.NEVER;
    }
    return minor;
  }),
);

export const creditNoteSchema = z.object({
  amount: kroner,
  reason: requiredText(m.valid_credit_reason_required, 300, 3),
});

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const paymentSchema = z.object({
  amount: kroner,
  paidOn: z.pipe(
    trimmed,
    z
      .string()
      .check(
        z.refine(
          (value) => ISO_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T12:00:00Z`)),
          says(m.valid_paid_on_required),
        ),
      ),
  ),
});
