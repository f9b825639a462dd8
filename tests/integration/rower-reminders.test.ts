import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { declarationAcceptances, eventDeclarations, rowerSeats, teamRegistrations } from "#server/db/schema";
import { sendSeatReminders } from "#server/seats/send-seat-reminders";
import { seatToken } from "#server/seats/seat-token";
import { createBooker } from "../support/accounts";
import { testDatabaseKind } from "../support/database";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";

// Rowers' reminders 7 and 2 days before (ADR 038): for seats with an address and
// something missing, once each, in the seat's language, with the rower's own link.

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

let site: TestSite;
let outbox: ReturnType<typeof recordingJobs>;
let partnerId: string;

const db = () => site.database.db;
const services = () => ({ db: db(), jobs: outbox.jobs, baseUrl: site.baseUrl, seatLinks: site.seatLinks });

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
  outbox = recordingJobs(site.database);
  partnerId = (await createTestPartner(db(), "Reminder Roklub")).id;
});
afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

let teams = 0;

async function book(
  eventId: string,
  roster: { name: string; email?: string }[],
  {
    status = "confirmed",
    language = "en",
  }: { status?: "confirmed" | "waitlisted" | "cancelled"; language?: "en" | "da" } = {},
) {
  teams += 1;
  const [registration] = await db()
    .insert(teamRegistrations)
    .values({
      eventId,
      userId: await createBooker(db(), "reminder-booker"),
      teamName: `Reminder Crew ${teams}`,
      company: "Reminder A/S",
      status,
      language,
      roster,
    })
    .returning();
  return db()
    .select()
    .from(rowerSeats)
    .where(eq(rowerSeats.registrationId, registration!.id))
    .orderBy(rowerSeats.name);
}

const address = (name: string) => `${name}-${Date.now()}-${teams}@reminder.example`;

describe(`the rowers' reminders on ${testDatabaseKind}`, () => {
  it("go 7 and 2 days before to seats with something missing, once each, in the seat's language with its link", async () => {
    const now = new Date();
    const startsAt = new Date(now.getTime() + 10 * DAY);
    const event = await createTestEvent(db(), partnerId, {
      title: "Reminder Regatta",
      titleTranslation: "Påmindelsesregatta",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 6 * HOUR),
      registrationDeadline: new Date(startsAt.getTime() - 9 * DAY),
    });
    const [declaration] = await db()
      .insert(eventDeclarations)
      .values({ eventId: event.id, version: 1, language: "en", text: "I row at my own risk." })
      .returning();
    const [anna, bo, cai, dea] = await book(event.id, [
      { name: "Anna Complete", email: address("anna") },
      { name: "Bo Invited", email: address("bo") },
      { name: "Cai No Address" },
      { name: "Dea Unaccepted", email: address("dea") },
    ]);
    const [dansk] = await book(event.id, [{ name: "Erik Dansk", email: address("erik") }], {
      language: "da",
    });
    await db().update(rowerSeats).set({ language: "da" }).where(eq(rowerSeats.id, dansk!.id));
    // Anna has everything; Dea confirmed and answered, but has not accepted the declaration.
    await db()
      .update(rowerSeats)
      .set({ confirmedAt: now, swims: true, emergencyName: "Mor", emergencyPhone: "+45 11 22 33 44" })
      .where(inArray(rowerSeats.id, [anna!.id, dea!.id]));
    await db()
      .insert(declarationAcceptances)
      .values({ seatId: anna!.id, declarationId: declaration!.id, method: "link" });
    // Waitlisted and cancelled teams hear nothing.
    await book(event.id, [{ name: "Wanda Waitlisted", email: address("wanda") }], { status: "waitlisted" });
    await book(event.id, [{ name: "Carl Cancelled", email: address("carl") }], { status: "cancelled" });
    await outbox.deliver();
    outbox.sent.length = 0;

    // Eight days before: nothing yet.
    expect(await sendSeatReminders(services(), { now: new Date(startsAt.getTime() - 8 * DAY) })).toBe(0);

    // Six days before: Bo, Dea and Erik, once, even when two workers run at once.
    const sixDays = new Date(startsAt.getTime() - 6 * DAY);
    const runs = await Promise.all([
      sendSeatReminders(services(), { now: sixDays }),
      sendSeatReminders(services(), { now: sixDays }),
    ]);
    expect(runs[0] + runs[1]).toBe(3);
    expect(await sendSeatReminders(services(), { now: sixDays })).toBe(0);
    const week = await outbox.deliver();
    expect(week.map((mail) => mail.to).sort()).toEqual([bo!.email, dea!.email, dansk!.email].sort());

    const toBo = week.find((mail) => mail.to === bo!.email)!;
    expect(toBo.subject).toContain("Reminder Regatta");
    expect(toBo.text).toContain("Seat not confirmed");
    expect(toBo.text).toContain("Swim answer missing");
    expect(toBo.text).toContain("Declaration v1 not accepted");
    expect(toBo.text).toContain(`${site.baseUrl}/rower/${seatToken(site.seatLinks.authSecret, bo!)}`);
    const toDea = week.find((mail) => mail.to === dea!.email)!;
    expect(toDea.text).toContain("Declaration v1 not accepted");
    expect(toDea.text).not.toContain("Swim answer missing");
    const toErik = week.find((mail) => mail.to === dansk!.email)!;
    expect(toErik.subject).toContain("Påmindelsesregatta");
    expect(toErik.text).toContain("Mangler stadig");
    expect(toErik.text).toContain(`${site.baseUrl}/da/rower/${seatToken(site.seatLinks.authSecret, dansk!)}`);
    outbox.sent.length = 0;

    // Dea accepts before the second reminder: she hears nothing more.
    await db()
      .insert(declarationAcceptances)
      .values({ seatId: dea!.id, declarationId: declaration!.id, method: "link" });
    const dayAndHalf = new Date(startsAt.getTime() - 36 * HOUR);
    expect(await sendSeatReminders(services(), { now: dayAndHalf })).toBe(2);
    expect(await sendSeatReminders(services(), { now: dayAndHalf })).toBe(0);
    const last = await outbox.deliver();
    expect(last.map((mail) => mail.to).sort()).toEqual([bo!.email, dansk!.email].sort());

    const marks = await db()
      .select({ id: rowerSeats.id, week: rowerSeats.reminded7dAt, days: rowerSeats.reminded2dAt })
      .from(rowerSeats)
      .where(inArray(rowerSeats.id, [anna!.id, cai!.id]));
    expect(marks.every((row) => row.week === null && row.days === null)).toBe(true);
  });

  it("sends a seat first due within 2 days the 2-day reminder alone", async () => {
    const now = new Date();
    const startsAt = new Date(now.getTime() + 30 * DAY);
    const event = await createTestEvent(db(), partnerId, {
      startsAt,
      endsAt: new Date(startsAt.getTime() + 6 * HOUR),
      registrationDeadline: new Date(startsAt.getTime() - 9 * DAY),
    });
    const [late] = await book(event.id, [{ name: "Lene Late", email: address("lene") }]);
    await outbox.deliver();
    outbox.sent.length = 0;
    expect(await sendSeatReminders(services(), { now: new Date(startsAt.getTime() - DAY) })).toBe(1);
    const [row] = await db().select().from(rowerSeats).where(eq(rowerSeats.id, late!.id));
    expect(row!.reminded7dAt).toBeNull();
    expect(row!.reminded2dAt).not.toBeNull();
    expect(await outbox.deliver()).toHaveLength(1);
  });

  it("reminds the new person afresh when a seat's address changes", async () => {
    const now = new Date();
    const startsAt = new Date(now.getTime() + 10 * DAY);
    const event = await createTestEvent(db(), partnerId, {
      startsAt,
      endsAt: new Date(startsAt.getTime() + 6 * HOUR),
      registrationDeadline: new Date(startsAt.getTime() - 9 * DAY),
    });
    const [seat] = await book(event.id, [{ name: "Mads Moved", email: address("mads") }]);
    await outbox.deliver();
    outbox.sent.length = 0;
    const sixDays = new Date(startsAt.getTime() - 6 * DAY);
    expect(await sendSeatReminders(services(), { now: sixDays })).toBe(1);
    await outbox.deliver();
    outbox.sent.length = 0;
    expect(await sendSeatReminders(services(), { now: sixDays })).toBe(0);

    // The booker gives the seat to someone else: their address, so a new person.
    const newAddress = address("mette");
    const [registration] = await db()
      .select({ id: teamRegistrations.id, roster: teamRegistrations.roster })
      .from(teamRegistrations)
      .where(eq(teamRegistrations.id, seat!.registrationId));
    await db()
      .update(teamRegistrations)
      .set({ roster: registration!.roster.map((member) => ({ ...member, email: newAddress })) })
      .where(eq(teamRegistrations.id, registration!.id));
    const [moved] = await db().select().from(rowerSeats).where(eq(rowerSeats.id, seat!.id));
    expect(moved).toMatchObject({ email: newAddress, reminded7dAt: null, reminded2dAt: null });

    expect(await sendSeatReminders(services(), { now: sixDays })).toBe(1);
    expect((await outbox.deliver()).map((mail) => mail.to)).toEqual([newAddress]);
  });
});
