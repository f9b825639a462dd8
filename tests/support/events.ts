import { randomUUID } from "node:crypto";
import type { Database } from "#server/db/client";
import { events } from "#server/db/schema";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * A published event a month after `now`: 8 hours long, registration open until a week
 * before, three teams at most, and the whole price refunded to a booker who cancels until
 * that deadline (the rule bookings had before cancellation policies, which most tests
 * cancel under). Each call gets its own slug; pass what the test is about.
 */
export async function createTestEvent(
  db: Database,
  partnerId: string,
  { now = new Date(), ...overrides }: Partial<typeof events.$inferInsert> & { now?: Date } = {},
) {
  const startsAt = new Date(now.getTime() + 30 * DAY);
  const [event] = await db
    .insert(events)
    .values({
      slug: `test-regatta-${randomUUID()}`,
      title: "Harbour Test Regatta",
      description: "Eight-person boats on the harbour",
      type: "traditional_rowing",
      status: "published",
      partnerId,
      location: "Copenhagen",
      locationDetails: "Islands Brygge",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 8 * HOUR),
      registrationDeadline: new Date(startsAt.getTime() - 7 * DAY),
      priceMinor: 450_000,
      currency: "DKK",
      maxTeams: 3,
      refundPolicy: [{ daysBefore: 7, percent: 100 }],
      ...overrides,
    })
    .returning();
  if (!event) throw new Error("The test event was not stored.");
  return event;
}
