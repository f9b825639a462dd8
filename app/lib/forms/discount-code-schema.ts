/**
 * A partner's new discount code (/dashboard/partner/discount-codes), checked in the browser
 * and parsed again by `server/discounts/create-discount-code.ts`. The value is a whole
 * percentage or an amount in kroner, as the kind says; dates are Copenhagen wall time.
 */
import * as z from "zod/mini";
import { parseCopenhagenInput } from "~/lib/dates";
import { UUID_PATTERN } from "~/lib/ids";
import { m } from "~/paraglide/messages";
import { says, trimmed } from "./fields";
import { kroner } from "./invoice-schemas";

const DISCOUNT_KINDS = ["percent", "amount"] as const;

/** As the table stores codes and bookers' input is compared: upper case, digits, hyphens. */
const CODE_FORMAT = /^[A-Z0-9-]{3,32}$/;

const code = z.pipe(
  z.pipe(
    trimmed,
    z.transform((value) => value.toUpperCase()),
  ),
  z.string().check(z.regex(CODE_FORMAT, says(m.discount_valid_code_format))),
);

/** A whole number typed in a box, within `min`–`max`; empty is `empty`. */
function wholeNumber<Empty extends number | null>(
  min: number,
  max: number,
  empty: Empty,
  message: () => string,
) {
  return z.pipe(
    trimmed,
    z.transform((value, ctx): number | Empty => {
      if (value === "") return empty;
      const number = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
      if (!(number >= min && number <= max)) {
        ctx.issues.push({ code: "custom", message: message(), input: value });
        return z.NEVER;
      }
      return number;
    }),
  );
}

/** A `datetime-local` value as the instant it names in Copenhagen; empty is none. */
const instant = z.pipe(
  trimmed,
  z.transform((value, ctx): Date | null => {
    if (value === "") return null;
    const parsed = parseCopenhagenInput(value);
    if (!parsed) {
      ctx.issues.push({ code: "custom", message: m.discount_valid_date(), input: value });
      return z.NEVER;
    }
    return parsed;
  }),
);

const percent = wholeNumber(1, 100, null, m.discount_valid_percent);

const fields = z.object({
  partnerId: z.pipe(trimmed, z.string().check(z.regex(UUID_PATTERN, says(m.valid_partner_required)))),
  code,
  kind: z.enum(DISCOUNT_KINDS, says(m.discount_valid_kind)),
  value: trimmed,
  /** Empty: every event of the partner. */
  eventId: z.pipe(
    trimmed,
    z.pipe(
      z
        .string()
        .check(z.refine((value) => value === "" || UUID_PATTERN.test(value), says(m.event_not_found_plain))),
      z.transform((value) => value || null),
    ),
  ),
  maxUses: wholeNumber(1, 1_000_000, null, m.discount_valid_max_uses),
  validFrom: instant,
  validUntil: instant,
  minTeams: wholeNumber(1, 50, 1, m.discount_valid_min_teams),
});

type Fields = z.output<typeof fields>;

/** The value's own message for its kind; none when it is a valid percentage or amount. */
function valueProblem(kind: unknown, value: unknown): string | null {
  const schema = kind === "amount" ? kroner : percent;
  const result = z.safeParse(schema, value);
  if (result.success) return result.data === null ? m.discount_valid_percent() : null;
  return result.error.issues[0]?.message ?? m.discount_valid_percent();
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

export const discountCodeSchema = z.pipe(
  fields.check(
    // Both checked even when another field is wrong, so every message shows at once.
    z.refine((form) => valueProblem(form.kind, form.value) === null, {
      error: (issue) =>
        (isObject(issue.input) ? valueProblem(issue.input.kind, issue.input.value) : null) ?? "",
      path: ["value"],
      when: ({ value }) => isObject(value) && (value.kind === "percent" || value.kind === "amount"),
    }),
    z.refine((form) => !form.validFrom || !form.validUntil || form.validFrom < form.validUntil, {
      error: () => m.discount_valid_until_after_from(),
      path: ["validUntil"],
      when: ({ value }) =>
        isObject(value) && value.validFrom instanceof Date && value.validUntil instanceof Date,
    }),
  ),
  z.transform(({ value, ...form }: Fields) => {
    const parsed = form.kind === "amount" ? z.parse(kroner, value) : z.parse(percent, value);
    return {
      ...form,
      percent: form.kind === "percent" ? parsed : null,
      amountMinor: form.kind === "amount" ? parsed : null,
    };
  }),
);
