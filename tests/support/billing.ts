import type { Database } from "#server/db/client";
import { partnerBillingProfiles } from "#server/db/schema";

/**
 * A billing profile whose moms status an admin has confirmed, so the partner's bookings are
 * invoiced; pass what the test is about (`vatStatus`, `fiCreditorNumber`, `vatConfirmedAt: null`).
 */
export async function createBillingProfile(
  db: Database,
  partnerId: string,
  overrides: Partial<typeof partnerBillingProfiles.$inferInsert> = {},
) {
  const [profile] = await db
    .insert(partnerBillingProfiles)
    .values({
      partnerId,
      legalName: "Københavns Roklub",
      addressLine: "Strandvænget 46",
      postalCode: "2100",
      city: "København Ø",
      cvr: "29403473",
      vatStatus: "registered",
      vatConfirmedAt: new Date("2026-01-01T00:00:00Z"),
      bankRegistration: "1551",
      bankAccount: "3456789",
      fiCreditorNumber: "85412345",
      invoicePrefix: "KR-",
      invoiceEmail: "kasserer@kbhroklub.dk",
      ...overrides,
    })
    .returning();
  if (!profile) throw new Error("The billing profile was not stored.");
  return profile;
}
