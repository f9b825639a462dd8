import { discountOf } from "~/lib/billing/discount";
import { formatInstant } from "~/lib/dates";
import { formatCount } from "~/lib/forms/fields";
import { m } from "~/paraglide/messages";
import type { discountCodes } from "#server/db/schema";
import { AppError } from "#server/errors";

/** As codes are stored (the table's check): upper case letters, digits and hyphens. */
const CODE_FORMAT = /^[A-Z0-9-]{3,32}$/;

type CheckDiscountCodeRequest = {
  /** As the booker typed it: matched trimmed and in any case. */
  code: string;
  event: { id: string; partnerId: string; priceMinor: number };
  now: Date;
};

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

export type ApplicableDiscount = {
  codeId: string;
  /** The code as stored (upper case), for the invoice's discount line. */
  code: string;
  /** Net øre off the team's price; never more than the price. */
  discountMinor: number;
  /** The teams the account must hold at the event, this one included, judged under the event's lock. */
  minTeams: number;
};

/** As the code is stored and looked up: trimmed, upper case. */
export const typedCode = (code: string) => code.trim().toUpperCase();

/**
 * Judges a discount code for a booking, from the event's partner's code with that text
 * (`found`, read with the event; another partner's code is as unknown as one that does not
 * exist): whether it may be used now and for this event, and what it takes off. The two
 * rules that depend on other bookings, the minimum teams and the use limit, are judged by
 * the booking under the event's lock (`rcl_book_team`, ADR 007), which counts the use with
 * one guarded update; the table's check refuses going past the limit as well. Every
 * refusal is a message next to the form's discount code field.
 */
export function checkDiscountCode(
  found: DiscountCodeRow | null | undefined,
  { code, event, now }: CheckDiscountCodeRequest,
): ApplicableDiscount {
  if (!CODE_FORMAT.test(typedCode(code))) throw refused(m.discount_code_unknown());
  if (!found || found.partnerId !== event.partnerId) throw refused(m.discount_code_unknown());
  if (found.disabledAt) throw refused(m.discount_code_disabled());
  if (found.validFrom && now < found.validFrom) {
    throw refused(m.discount_code_not_yet_valid({ from: formatInstant(found.validFrom) }));
  }
  if (found.validUntil && now >= found.validUntil) {
    throw refused(m.discount_code_expired({ until: formatInstant(found.validUntil) }));
  }
  if (found.eventId !== null && found.eventId !== event.id) throw refused(m.discount_code_other_event());
  const value =
    found.kind === "percent"
      ? { kind: "percent" as const, percent: found.percent ?? 0 }
      : { kind: "amount" as const, amountMinor: found.amountMinor ?? 0 };
  return {
    codeId: found.id,
    code: found.code,
    discountMinor: discountOf(event.priceMinor, value),
    minTeams: found.minTeams,
  };
}

/** Why `rcl_claim_discount_code` (migration 0023) did not count a use. */
export type ClaimRefusal = "discount_min_teams" | "discount_used_up";

/** The refusal of a code's use as the booker reads it, next to the discount code field. */
export const claimRefused = (refusal: ClaimRefusal, minTeams: number) =>
  refusal === "discount_min_teams"
    ? refused(m.discount_code_min_teams({ count: formatCount(minTeams) }))
    : refused(m.discount_code_used_up());

function refused(message: string): AppError {
  return new AppError("invalid", message, { fields: { discountCode: message } });
}
