import { and, eq, sql } from "drizzle-orm";
import { discountOf } from "~/lib/billing/discount";
import { formatInstant } from "~/lib/dates";
import { formatCount } from "~/lib/forms/fields";
import { m } from "~/paraglide/messages";
import type { Transaction } from "#server/db/rows";
import { discountCodes } from "#server/db/schema";
import { AppError } from "#server/errors";

/** As codes are stored (the table's check): upper case letters, digits and hyphens. */
const CODE_FORMAT = /^[A-Z0-9-]{3,32}$/;

type ClaimDiscountCodeRequest = {
  /** As the booker typed it: matched trimmed and in any case. */
  code: string;
  event: { id: string; partnerId: string; priceMinor: number };
  /** The teams the booking account holds at the event, the one being booked included. */
  teamsHeld: number;
  now: Date;
};

type ClaimedDiscount = {
  codeId: string;
  /** The code as stored (upper case), for the invoice's discount line. */
  code: string;
  /** Net øre off the team's price; never more than the price. */
  discountMinor: number;
};

/**
 * Applies a discount code to a booking, in the booking's transaction after the event's
 * lock: finds the event's partner's code, checks it may be used now, for this event and
 * this many teams, and counts the use with one guarded update, so concurrent bookings
 * never take a code past its limit (the table's check refuses it as well). Another
 * partner's code is as unknown as a code that does not exist. Every refusal is a message
 * next to the form's discount code field.
 */
export async function claimDiscountCode(
  tx: Transaction,
  { code, event, teamsHeld, now }: ClaimDiscountCodeRequest,
): Promise<ClaimedDiscount> {
  const typed = code.trim().toUpperCase();
  if (!CODE_FORMAT.test(typed)) throw refused(m.discount_code_unknown());
  const [found] = await tx
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.partnerId, event.partnerId), eq(discountCodes.code, typed)));
  if (!found) throw refused(m.discount_code_unknown());
  if (found.disabledAt) throw refused(m.discount_code_disabled());
  if (found.validFrom && now < found.validFrom) {
    throw refused(m.discount_code_not_yet_valid({ from: formatInstant(found.validFrom) }));
  }
  if (found.validUntil && now >= found.validUntil) {
    throw refused(m.discount_code_expired({ until: formatInstant(found.validUntil) }));
  }
  if (found.eventId !== null && found.eventId !== event.id) throw refused(m.discount_code_other_event());
  if (teamsHeld < found.minTeams) {
    throw refused(m.discount_code_min_teams({ count: formatCount(found.minTeams) }));
  }
  // The limit is judged by the update itself: a concurrent booking's use waits on the row
  // lock and is counted before this one reads `uses` again.
  const [counted] = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(discountCodes.id, found.id),
        sql`(${discountCodes.maxUses} is null or ${discountCodes.uses} < ${discountCodes.maxUses})`,
      ),
    )
    .returning({ id: discountCodes.id });
  if (!counted) throw refused(m.discount_code_used_up());
  const value =
    found.kind === "percent"
      ? { kind: "percent" as const, percent: found.percent ?? 0 }
      : { kind: "amount" as const, amountMinor: found.amountMinor ?? 0 };
  return { codeId: found.id, code: found.code, discountMinor: discountOf(event.priceMinor, value) };
}

function refused(message: string): AppError {
  return new AppError("invalid", message, { fields: { discountCode: message } });
}
