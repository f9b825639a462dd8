import { randomUUID } from "node:crypto";
import { eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rosterFieldName } from "~/lib/forms/registration-schema";
import type { DatabaseHandle } from "#server/db/client";
import {
  events,
  partnerMembers,
  rateLimits,
  sessions,
  teamRegistrations,
  users,
  verifications,
} from "#server/db/schema";
import { pruneExpiredRows } from "#server/jobs/prune-expired-rows";
import { cancelRegistration } from "#server/registrations/cancel-registration";
import { registerTeam } from "#server/registrations/register-team";
import { sendEventReminders } from "#server/registrations/send-event-reminders";
import { userActor } from "../support/accounts";
import { createTestDatabase, testDatabaseKind } from "../support/database";
import { createTestEvent } from "../support/events";
import { createTestPartner } from "../support/partners";
import { recordingJobs } from "../support/jobs";
import { invoiceAddress, VALID_CVR } from "../support/booking-form";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const BASE_URL = "https://rcl.test";

let database: DatabaseHandle;
let outbox: ReturnType<typeof recordingJobs>;
let partnerId: string;
const services = () => ({ db: database.db, jobs: outbox.jobs, baseUrl: BASE_URL });

async function createUser(label: string, verified = true) {
  const id = `notify-${label}-${randomUUID()}`;
  const [user] = await database.db
    .insert(users)
    .values({ id, name: label, email: `${id}@fjord.example`, emailVerified: verified })
    .returning();
  return user!;
}

const form = (teamName: string, captainEmail: string, rowers = 1) => ({
  teamName,
  company: `${teamName} A/S`,
  billingCompany: `${teamName} A/S`,
  cvr: VALID_CVR,
  billingEmail: "billing@fjord.example",
  ...invoiceAddress,
  captainName: "Captain",
  captainEmail,
  captainPhone: "+45 11 22 33 44",
  ...Object.fromEntries(
    Array.from({ length: rowers }, (_, index) => [rosterFieldName(index, "name"), `Rower ${index + 1}`]),
  ),
  acceptTerms: "on",
});

function book(userId: string, eventId: string, teamName: string, now: Date, rowers = 1) {
  return registerTeam(services(), {
    actor: userActor(userId),
    eventId,
    input: form(teamName, `captain-${teamName.toLowerCase().replace(/\W+/g, "-")}@fjord.example`, rowers),
    idempotencyKey: randomUUID(),
    joinWaitlist: true,
    now,
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  outbox = recordingJobs(database);
  partnerId = (await createTestPartner(database.db, "Notify Club", { location: "Aarhus" })).id;
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await outbox.deliver();
  outbox.sent.length = 0;
});

describe(`notifications on ${testDatabaseKind}`, () => {
  const now = new Date("2026-11-21T12:00:00Z");

  it("tells the organising partner's members of a booking, a cancellation and a promotion, and the captains of theirs", async () => {
    const member = await createUser("member");
    const unverified = await createUser("unverified-member", false);
    await database.db.insert(partnerMembers).values([
      { partnerId, userId: member.id },
      { partnerId, userId: unverified.id },
    ]);
    const event = await createTestEvent(database.db, partnerId, { now, maxTeams: 1 });
    const first = await createUser("first");
    const second = await createUser("second");
    const booked = (await book(first.id, event.id, "Early Crew", now)).registration;
    const waiting = (await book(second.id, event.id, "Late Crew", now)).registration;

    const afterBooking = await outbox.deliver();
    const toMember = (subjectStart: string) =>
      afterBooking.filter((mail) => mail.to === member.email && mail.subject.startsWith(subjectStart));
    expect(toMember("New booking: Early Crew")).toHaveLength(1);
    expect(toMember("New waitlist registration: Late Crew")).toHaveLength(1);
    expect(toMember("New booking")[0]!.subject).toContain(booked.reference);
    // Only verified members: an unconfirmed address may not belong to the member at all.
    expect(afterBooking.some((mail) => mail.to === unverified.email)).toBe(false);
    outbox.sent.length = 0;

    await cancelRegistration(services(), { actor: userActor(first.id), registrationId: booked.id, now });
    const afterCancel = await outbox.deliver();
    expect(afterCancel.map((mail) => [mail.to, mail.subject]).sort()).toEqual(
      [
        [booked.captainEmail, `Booking cancelled: Early Crew at ${event.title} (${booked.reference})`],
        [first.email, `Booking cancelled: Early Crew at ${event.title} (${booked.reference})`],
        [member.email, `Booking cancelled: Early Crew for ${event.title} (${booked.reference})`],
        [
          waiting.captainEmail,
          `A spot opened up: Late Crew is confirmed for ${event.title} (${waiting.reference})`,
        ],
        [member.email, `Moved up from the waitlist: Late Crew for ${event.title} (${waiting.reference})`],
      ].sort(),
    );
    for (const mail of afterCancel) expect(mail.text).toContain("Booking reference:");
  });

  it("gives every booking its own short reference", async () => {
    // One booker makes every booking, so the event allows that many per account.
    const event = await createTestEvent(database.db, partnerId, {
      now,
      maxTeams: 30,
      maxTeamsPerAccount: 20,
    });
    const booker = await createUser("many");
    const references = [];
    for (let index = 0; index < 20; index++) {
      references.push((await book(booker.id, event.id, `Crew ${index}`, now)).registration.reference);
    }
    for (const reference of references) expect(reference).toMatch(/^RCL-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(new Set(references).size).toBe(20);
  });
});

describe(`reminders before an event, on ${testDatabaseKind}`, () => {
  /** Bookings are stamped with the real clock; the tests' calendar is simulated. */
  const backdate = (at: Date) =>
    database.db
      .update(teamRegistrations)
      .set({ createdAt: at })
      .where(isNull(teamRegistrations.arrivalInfoSentAt));

  it("reminds an incomplete roster 7 days before and sends know-before-you-go 2 days before, each once", async () => {
    const bookedAt = new Date("2026-11-01T12:00:00Z");
    const startsAt = new Date("2026-11-20T08:00:00Z");
    const event = await createTestEvent(database.db, partnerId, {
      now: bookedAt,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 6 * HOUR),
      registrationDeadline: new Date(startsAt.getTime() - 3 * DAY),
      teamSize: 3,
      maxTeams: 2,
      locationDetails: "Meet at the boathouse by the south gate",
      schedule: [
        { time: "08:00", activity: "Welcome and safety briefing" },
        { time: "09:00", activity: "Races" },
      ],
    });
    const short = await createUser("short");
    const full = await createUser("full");
    const late = await createUser("late");
    const shortCrew = (await book(short.id, event.id, "Short Crew", bookedAt, 1)).registration;
    const fullCrew = (await book(full.id, event.id, "Full Crew", bookedAt, 3)).registration;
    const waitlisted = (await book(late.id, event.id, "Late Crew", bookedAt, 1)).registration;
    expect(waitlisted.status).toBe("waitlisted");
    await backdate(bookedAt);
    await outbox.deliver();
    outbox.sent.length = 0;

    // Eight days before: nothing is due yet.
    expect(await sendEventReminders(services(), { now: new Date(startsAt.getTime() - 8 * DAY) })).toEqual({
      roster: 0,
      arrival: 0,
    });
    // Six days before: the team with one of three rowers named hears, once.
    const sixDaysBefore = new Date(startsAt.getTime() - 6 * DAY);
    expect(await sendEventReminders(services(), { now: sixDaysBefore })).toEqual({ roster: 1, arrival: 0 });
    expect(await sendEventReminders(services(), { now: sixDaysBefore })).toEqual({ roster: 0, arrival: 0 });
    const rosterMails = await outbox.deliver();
    expect(rosterMails.map((mail) => mail.to)).toEqual([shortCrew.captainEmail]);
    expect(rosterMails[0]!.subject).toBe(
      `2 rowers still to name for ${event.title} (${shortCrew.reference})`,
    );
    expect(rosterMails[0]!.text).toContain(`${BASE_URL}/dashboard/bookings`);
    outbox.sent.length = 0;

    // A day and a half before: every confirmed team gets the practical details.
    const arrivalAt = new Date(startsAt.getTime() - 36 * HOUR);
    expect(await sendEventReminders(services(), { now: arrivalAt })).toEqual({ roster: 0, arrival: 2 });
    expect(await sendEventReminders(services(), { now: arrivalAt })).toEqual({ roster: 0, arrival: 0 });
    const arrival = await outbox.deliver();
    expect(arrival.map((mail) => mail.to).sort()).toEqual(
      [fullCrew.captainEmail, shortCrew.captainEmail].sort(),
    );
    const mail = arrival.find((sent) => sent.to === fullCrew.captainEmail)!;
    expect(mail.subject).toContain("Know before you go");
    for (const text of [
      "Meet at the boathouse by the south gate",
      "Welcome and safety briefing",
      fullCrew.reference,
    ]) {
      expect(mail.text).toContain(text);
    }
    expect(mail.attachments?.[0]?.content).toContain("BEGIN:VEVENT");
    expect(mail.attachments?.[0]?.content).toContain(`Booking reference: ${fullCrew.reference}`);
    const [row] = await database.db
      .select()
      .from(teamRegistrations)
      .where(eq(teamRegistrations.id, waitlisted.id));
    expect(row?.arrivalInfoSentAt).toBeNull();
  });

  it("sends each reminder once when two runs race", async () => {
    const startsAt = new Date("2026-12-20T08:00:00Z");
    const event = await createTestEvent(database.db, partnerId, {
      now: new Date("2026-12-01T00:00:00Z"),
      startsAt,
      endsAt: new Date(startsAt.getTime() + 6 * HOUR),
      registrationDeadline: new Date(startsAt.getTime() - 6 * HOUR),
      maxTeams: 10,
    });
    for (let index = 0; index < 5; index++) {
      await book(
        (await createUser(`race-${index}`)).id,
        event.id,
        `Race Crew ${index}`,
        new Date("2026-12-01T00:00:00Z"),
      );
    }
    await backdate(new Date("2026-12-01T00:00:00Z"));
    await outbox.deliver();
    outbox.sent.length = 0;
    const at = new Date(startsAt.getTime() - DAY);
    const runs = await Promise.all([
      sendEventReminders(services(), { now: at }),
      sendEventReminders(services(), { now: at }),
    ]);
    expect(runs.reduce((sum, run) => sum + run.arrival, 0)).toBe(5);
    expect(runs.reduce((sum, run) => sum + run.roster, 0)).toBe(5);
    const sent = await outbox.deliver();
    expect(sent.filter((mail) => mail.subject.startsWith("Know before you go"))).toHaveLength(5);
  });
});

describe(`the daily prune on ${testDatabaseKind}`, () => {
  it("deletes old rate-limit windows, expired sessions and expired tokens, and nothing current", async () => {
    const now = new Date("2026-11-23T03:30:00Z");
    const user = await createUser("pruned");
    const [event] = await database.db.select({ id: events.id }).from(events).limit(1);
    expect(event).toBeDefined();
    await database.db.insert(rateLimits).values([
      { key: "prune:old", windowStartedAt: new Date(now.getTime() - 2 * DAY), hits: 3 },
      { key: "prune:current", windowStartedAt: new Date(now.getTime() - 10 * 60 * 1000), hits: 1 },
    ]);
    const session = (id: string, expiresAt: Date) => ({
      id,
      token: id,
      userId: user.id,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    await database.db
      .insert(sessions)
      .values([
        session("prune-expired", new Date(now.getTime() - HOUR)),
        session("prune-live", new Date(now.getTime() + DAY)),
      ]);
    const token = (id: string, expiresAt: Date) => ({
      id,
      identifier: id,
      value: user.id,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    await database.db
      .insert(verifications)
      .values([
        token("prune-expired", new Date(now.getTime() - HOUR)),
        token("prune-live", new Date(now.getTime() + HOUR)),
      ]);

    const pruned = await pruneExpiredRows(services(), now);
    expect(pruned.rateLimits).toBeGreaterThanOrEqual(1);
    expect(pruned.sessions).toBeGreaterThanOrEqual(1);
    expect(pruned.verifications).toBeGreaterThanOrEqual(1);
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).toContain("prune:current");
    expect(keys).not.toContain("prune:old");
    const sessionIds = (await database.db.select({ id: sessions.id }).from(sessions)).map((row) => row.id);
    expect(sessionIds).toContain("prune-live");
    expect(sessionIds).not.toContain("prune-expired");
    const tokenIds = (await database.db.select({ id: verifications.id }).from(verifications)).map(
      (row) => row.id,
    );
    expect(tokenIds).toEqual(expect.arrayContaining(["prune-live"]));
    expect(tokenIds).not.toContain("prune-expired");
    // Safe to run twice.
    expect(await pruneExpiredRows(services(), now)).toEqual({
      rateLimits: 0,
      sessions: 0,
      verifications: 0,
      pageChanges: 0,
      images: 0,
      lostDeliveries: 0,
    });
  });
});
