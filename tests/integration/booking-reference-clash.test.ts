import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newBookingReference } from "#server/db/booking-reference";
import type { DatabaseHandle } from "#server/db/client";
import { eventPlaces, teamRegistrations } from "#server/db/schema";
import { registerTeam } from "#server/registrations/register-team";
import { createBooker, userActor } from "../support/accounts";
import { companyBookingForm } from "../support/booking-form";
import { createTestDatabase, testDatabaseKind } from "../support/database";
import { createTestEvent } from "../support/events";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";

// The next references drawn, in order; once used up, random ones again.
const queued: string[] = [];
const drawReference = () => queued.shift() ?? newBookingReference();

const now = new Date("2027-03-01T10:00:00Z");
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe(`a booking whose random reference is taken, on ${testDatabaseKind}`, () => {
  it("is made again with another reference, once, and counts one place", async () => {
    const partner = await createTestPartner(database.db, "Clash Club");
    const event = await createTestEvent(database.db, partner.id, { now, maxTeams: 5 });
    const services = { db: database.db, jobs: recordingJobs(database).jobs, baseUrl: "https://rcl.test" };
    const book = async (teamName: string) =>
      registerTeam(services, {
        actor: userActor(await createBooker(database.db)),
        eventId: event.id,
        input: companyBookingForm(teamName),
        idempotencyKey: randomUUID(),
        now,
        drawReference,
      });

    queued.push("RCL-CLASH1");
    const first = await book("First crew");
    expect(first.registration.reference).toBe("RCL-CLASH1");

    // The second draws the same reference first, then RCL-CLASH2.
    queued.push("RCL-CLASH1", "RCL-CLASH2");
    const second = await book("Second crew");
    expect(second.created).toBe(true);
    expect(second.registration.reference).toBe("RCL-CLASH2");
    expect(queued).toEqual([]);

    const rows = await database.db
      .select({ reference: teamRegistrations.reference })
      .from(teamRegistrations)
      .where(eq(teamRegistrations.eventId, event.id));
    expect(rows.map((row) => row.reference).sort()).toEqual(["RCL-CLASH1", "RCL-CLASH2"]);
    const [places] = await database.db.select().from(eventPlaces).where(eq(eventPlaces.eventId, event.id));
    expect(places?.taken).toBe(2);
  });
});
