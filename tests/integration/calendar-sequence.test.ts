import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { events, partnerMembers } from "#server/db/schema";
import { cancelEvent } from "#server/events/cancel-event";
import { calendarEventOf, eventCalendar } from "#server/ics/calendar-file";
import { createBooker } from "../support/accounts";
import { createTestDatabase } from "../support/database";
import { createTestEvent } from "../support/events";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";

// Calendars replace an entry only when a file with the same UID carries a higher
// SEQUENCE (RFC 5545 §3.8.7.4). The database raises it (migration 0029), so every way an
// event's time, place or status changes counts, and nothing else does.
let database: DatabaseHandle;
const HOUR = 60 * 60 * 1000;
const now = new Date("2026-12-01T10:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

async function sequenceOf(id: string) {
  const [row] = await database.db
    .select({ calendarSequence: events.calendarSequence })
    .from(events)
    .where(eq(events.id, id));
  return row?.calendarSequence;
}

describe("the calendar sequence", () => {
  it("rises with the time, the place and a cancellation, and with nothing else", async () => {
    const partner = await createTestPartner(database.db, "Sequence Roklub");
    const event = await createTestEvent(database.db, partner.id, { now });
    const update = (values: Partial<typeof events.$inferInsert>) =>
      database.db.update(events).set(values).where(eq(events.id, event.id));
    expect(await sequenceOf(event.id)).toBe(0);

    await update({ title: "Renamed Regatta", priceMinor: 500_000, maxTeams: 9 });
    expect(await sequenceOf(event.id)).toBe(0);

    await update({
      startsAt: new Date(event.startsAt.getTime() + 24 * HOUR),
      endsAt: new Date(event.endsAt.getTime() + 24 * HOUR),
    });
    expect(await sequenceOf(event.id)).toBe(1);

    await update({ locationDetails: "Kalvebod Brygge" });
    expect(await sequenceOf(event.id)).toBe(2);
    await update({ locationTranslation: "København" });
    expect(await sequenceOf(event.id)).toBe(3);
    // Writing the same values again is no change.
    await update({
      locationDetails: "Kalvebod Brygge",
      startsAt: new Date(event.startsAt.getTime() + 24 * HOUR),
    });
    expect(await sequenceOf(event.id)).toBe(3);
  });

  it("rises when the organiser calls the event off, and the file then says so with the higher number", async () => {
    const partner = await createTestPartner(database.db, "Sequence Roklub");
    const event = await createTestEvent(database.db, partner.id, { now, publishedAt: now });
    const organiser = await createBooker(database.db, "organiser");
    await database.db.insert(partnerMembers).values({ partnerId: partner.id, userId: organiser });
    const before = eventCalendar(calendarEventOf(event, partner.name, "https://rcl.test", undefined, "en"));
    expect(before).toContain("SEQUENCE:0\r\n");

    const { jobs } = recordingJobs(database);
    const cancelled = await cancelEvent(
      { db: database.db, jobs, baseUrl: "https://rcl.test" },
      {
        actor: { userId: organiser, role: "partner", partnerIds: [partner.id] },
        eventId: event.id,
        input: { reason: "The harbour is closed for a regatta of its own.", confirm: "on" },
        now,
      },
    );
    expect(cancelled.calendarSequence).toBe(1);
    const after = eventCalendar(
      calendarEventOf(cancelled, partner.name, "https://rcl.test", undefined, "en"),
    );
    expect(after).toContain("SEQUENCE:1\r\n");
    expect(after).toContain("STATUS:CANCELLED\r\n");
    expect(after.match(/^UID:.*$/m)?.[0]).toBe(before.match(/^UID:.*$/m)?.[0]);
  });
});
