import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { invoices, teamRegistrations } from "#server/db/schema";
import { finishBooking } from "#server/registrations/finish-booking";
import { registerTeam } from "#server/registrations/register-team";
import { createBooker, userActor } from "../support/accounts";
import { createBillingProfile } from "../support/billing";
import { companyBookingForm } from "../support/booking-form";
import { createTestDatabase, testDatabaseKind } from "../support/database";
import { createTestEvent } from "../support/events";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";

const now = new Date("2027-03-01T10:00:00Z");
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe(`what follows a booking, run twice, on ${testDatabaseKind}`, () => {
  it("issues one invoice and queues each mail once when its job runs again after committing", async () => {
    const partner = await createTestPartner(database.db, "Twice Rowing Club");
    await createBillingProfile(database.db, partner.id);
    const event = await createTestEvent(database.db, partner.id, { now });
    const outbox = recordingJobs(database);
    const services = { db: database.db, jobs: outbox.jobs, baseUrl: "https://rcl.test" };
    const { registration } = await registerTeam(services, {
      actor: userActor(await createBooker(database.db)),
      eventId: event.id,
      input: companyBookingForm("Twice crew"),
      idempotencyKey: randomUUID(),
      now,
    });

    // As a worker that stopped after the commit, before the queue heard of it: the job runs again.
    const job = { registrationId: registration.id, placed: "confirmed" as const, at: now.toISOString() };
    await finishBooking(services, job);
    await finishBooking(services, job);
    await outbox.finishBookings();

    const issued = await database.db
      .select()
      .from(invoices)
      .where(eq(invoices.registrationId, registration.id));
    expect(issued).toHaveLength(1);
    const mails = await outbox.deliver();
    const confirmations = mails.filter((mail) => mail.subject.includes("Registration confirmed"));
    expect(confirmations).toHaveLength(1);
    const [row] = await database.db
      .select({ finishedAt: teamRegistrations.bookingFinishedAt })
      .from(teamRegistrations)
      .where(eq(teamRegistrations.id, registration.id));
    expect(row?.finishedAt).toBeInstanceOf(Date);
  });
});
