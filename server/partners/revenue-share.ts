import { sql, type SQL } from "drizzle-orm";
import { partners } from "#server/db/schema";

/**
 * The share of a partner's revenue owed to RCL, in percent: a basic listing is free
 * (spec §1), a premium partner pays the share set on its row. Reports use the tier the
 * partner has now; the site keeps no history of tiers.
 */
export function revenueSharePercent(partner: {
  tier: "basic" | "premium";
  revenueSharePercent: number | null;
}): number {
  return partner.tier === "premium" ? (partner.revenueSharePercent ?? 0) : 0;
}

/** The same rule in SQL, for queries joined to `partners`. */
export const revenueSharePercentSql: SQL<number> = sql<number>`(case when ${partners.tier} = 'premium' then coalesce(${partners.revenueSharePercent}, 0) else 0 end)`;

/** RCL's share of an amount in minor units, rounded to the nearest minor unit. */
export const shareOf = (amountMinor: number, percent: number): number =>
  Math.round((amountMinor * percent) / 100);
