import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowerSeats, teamRegistrations } from "#server/db/schema";
import type { Mail } from "#server/email/mailer";
import { sendSeatLinks } from "#server/seats/send-seat-links";
import { sendSeatReminders } from "#server/seats/send-seat-reminders";
import { seatToken, stopRemindersToken } from "#server/seats/seat-token";
import { createBooker, postForm } from "../support/accounts";
import { testDatabaseKind } from "../support/database";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";
import { decodeCodePng } from "../support/qr-decode";

// What a rower's own mails carry (ADR 038): their seat's QR code, inline as the team's
// code is in booking mails; and, in reminders, the link that stops them for that seat.

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

let site: TestSite;
let outbox: ReturnType<typeof recordingJobs>;
let partnerId: string;

const db = () => site.database.db;
const secret = () => site.seatLinks.authSecret;
const reminderServices = () => ({
  db: db(),
  jobs: outbox.jobs,
  baseUrl: site.baseUrl,
  seatLinks: site.seatLinks,
});

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
  outbox = recordingJobs(site.database);
  partnerId = (await createTestPartner(db(), "Mail Code Roklub")).id;
});
afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@seat-mail.example`;

let teams = 0;

/**
 * A confirmed team, its seats in roster order, of an event of its own 20 days after the
 * last one's: a reminder run for one test's days never reaches another test's seats.
 */
async function team(roster: { name: string; email?: string }[], { language = "en" as "en" | "da" } = {}) {
  teams += 1;
  const startsAt = new Date(Date.now() + (20 * teams - 10) * DAY);
  const event = await createTestEvent(db(), partnerId, {
    title: "Code Regatta",
    titleTranslation: "Koderegatta",
    startsAt,
    endsAt: new Date(startsAt.getTime() + 6 * HOUR),
    registrationDeadline: new Date(startsAt.getTime() - 9 * DAY),
  });
  const [registration] = await db()
    .insert(teamRegistrations)
    .values({
      eventId: event.id,
      userId: await createBooker(db(), "seat-mail-booker"),
      teamName: "Code Crew",
      company: "Code A/S",
      status: "confirmed",
      language,
      roster,
    })
    .returning();
  const seats = await db().select().from(rowerSeats).where(eq(rowerSeats.registrationId, registration!.id));
  const inOrder = registration!.roster.map((member) => seats.find((seat) => seat.id === member.id)!);
  return { event, startsAt, registration: registration!, seats: inOrder };
}

const seatRow = async (id: string) => (await db().select().from(rowerSeats).where(eq(rowerSeats.id, id)))[0]!;

/** The mail's inline seat code: its part, and the text a scanner reads from its PNG. */
function seatCodeIn(mail: Mail) {
  const part = mail.attachments?.find((file) => file.cid === "seat-code");
  if (!part) return null;
  expect(part.contentType).toBe("image/png");
  expect(part.encoding).toBe("base64");
  return { filename: part.filename, text: decodeCodePng(Buffer.from(part.content, "base64")) };
}

async function drained() {
  const mails = await outbox.deliver();
  const copy = [...mails];
  mails.length = 0;
  return copy;
}

describe(`the rower's own code in mail on ${testDatabaseKind}`, () => {
  it("is in the link mail, inline with its text alternative, in the seat's language, and reads as the seat's code", async () => {
    const { registration, seats } = await team([
      { name: "Anna Aare", email: address("anna") },
      { name: "Bo Uden" },
      { name: "Cai Dansk", email: address("cai") },
    ]);
    const [anna, , cai] = seats;
    await db().update(rowerSeats).set({ language: "da" }).where(eq(rowerSeats.id, cai!.id));
    await drained();
    await db().transaction((tx) =>
      sendSeatLinks(tx, { jobs: outbox.jobs, baseUrl: site.baseUrl, authSecret: secret() }, registration.id),
    );
    const mails = await drained();
    const toAnna = mails.find((mail) => mail.to === anna!.email)!;
    const annaCode = `${registration.reference}/1`;
    expect(seatCodeIn(toAnna)).toEqual({ filename: `${registration.reference}-1.png`, text: annaCode });
    expect(toAnna.html).toContain('src="cid:seat-code"');
    expect(toAnna.html).toContain(`alt="QR code for seat ${annaCode}"`);
    expect(toAnna.html).toContain(annaCode);
    expect(toAnna.text).toContain(`Your own code for check-in: show it at the jetty`);
    expect(toAnna.text).toContain(annaCode);
    // The third seat on the roster is number 3, in Danish.
    const toCai = mails.find((mail) => mail.to === cai!.email)!;
    const caiCode = `${registration.reference}/3`;
    expect(seatCodeIn(toCai)!.text).toBe(caiCode);
    expect(toCai.html).toContain(`alt="QR-kode til plads ${caiCode}"`);
    expect(toCai.text).toContain("Din egen kode til check-in");
  });

  it("is in the reminders too, and never in a mail once the seat's link opens nothing", async () => {
    const { registration, startsAt, seats } = await team([{ name: "Dea Dage", email: address("dea") }]);
    await drained();
    expect(await sendSeatReminders(reminderServices(), { now: new Date(startsAt.getTime() - 6 * DAY) })).toBe(
      1,
    );
    const [reminder] = await drained();
    expect(reminder!.to).toBe(seats[0]!.email);
    expect(seatCodeIn(reminder!)!.text).toBe(`${registration.reference}/1`);
    expect(reminder!.html).toContain(`alt="QR code for seat ${registration.reference}/1"`);

    // Cancelled: no reminder, so no code either; nor does a link mail go.
    await db()
      .update(teamRegistrations)
      .set({ status: "cancelled", cancelledAt: new Date() })
      .where(eq(teamRegistrations.id, registration.id));
    expect(await sendSeatReminders(reminderServices(), { now: new Date(startsAt.getTime() - DAY) })).toBe(0);
    await db().transaction((tx) =>
      sendSeatLinks(tx, { jobs: outbox.jobs, baseUrl: site.baseUrl, authSecret: secret() }, registration.id),
    );
    expect(await drained()).toHaveLength(0);
  });
});

describe(`stopping a rower's reminders on ${testDatabaseKind}`, () => {
  const stopPath = (seat: { id: string; tokenVersion: number }, locale: "en" | "da" = "en") =>
    `${locale === "da" ? "/da" : ""}/stop-reminders/${stopRemindersToken(secret(), seat)}`;
  /** A mail provider's one-click POST (RFC 8058): no Origin, no cookie. */
  const oneClick = (path: string, from = "198.51.100.1") =>
    site.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": from },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
  const visit = (path: string, from = "198.51.100.2") =>
    site.request(path, { headers: { "X-Forwarded-For": from } });

  it("is a link in every reminder and its headers; opening it asks, posting stops that seat's reminders only, until the rower turns them on again", async () => {
    const { startsAt, seats } = await team([
      { name: "Ebbe Stop", email: address("ebbe") },
      { name: "Frida Fortsat", email: address("frida") },
    ]);
    const [ebbe, frida] = seats;
    await drained();
    const sixDays = new Date(startsAt.getTime() - 6 * DAY);
    expect(await sendSeatReminders(reminderServices(), { now: sixDays })).toBe(2);
    const week = await drained();
    const toEbbe = week.find((mail) => mail.to === ebbe!.email)!;
    const stopUrl = `${site.baseUrl}${stopPath(ebbe!)}`;
    expect(toEbbe.headers).toEqual({
      "List-Unsubscribe": `<${stopUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(toEbbe.text).toContain(`Stop reminders: ${stopUrl}`);
    expect(toEbbe.html).toContain(`href="${stopUrl}"`);
    // Each seat its own link.
    expect(week.find((mail) => mail.to === frida!.email)!.text).not.toContain(stopUrl);

    // Opening the link (a person, or a mail scanner checking it) stops nothing.
    const page = await visit(stopPath(ebbe!));
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("Stop reminders about your seat");
    expect(html).toContain("Ebbe Stop");
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Stop reminders<\/button>/);
    expect(html).toContain('content="noindex, nofollow"');
    expect((await seatRow(ebbe!.id)).remindersStoppedAt).toBeNull();
    expect((await visit(stopPath(ebbe!, "da"))).status).toBe(200);

    // The mail provider's one-click POST stops them, for Ebbe's seat alone.
    const stopped = await oneClick(stopPath(ebbe!));
    expect(stopped.status).toBe(303);
    expect(stopped.headers.get("location")).toBe(stopPath(ebbe!));
    const stoppedAt = (await seatRow(ebbe!.id)).remindersStoppedAt;
    expect(stoppedAt).not.toBeNull();
    expect((await seatRow(frida!.id)).remindersStoppedAt).toBeNull();
    // Pressed again (the page's own button), it keeps the first time.
    expect((await postForm(site, stopPath(ebbe!), {})).status).toBe(303);
    expect((await seatRow(ebbe!.id)).remindersStoppedAt).toEqual(stoppedAt);
    const after = await (await visit(stopPath(ebbe!, "da"))).text();
    expect(after).toContain("Påmindelser om denne plads er stoppet siden");
    expect(after).not.toMatch(/<button[^>]*>Stop påmindelser<\/button>/);

    // The 2-day reminder goes to Frida only.
    const dayAndHalf = new Date(startsAt.getTime() - 36 * HOUR);
    expect(await sendSeatReminders(reminderServices(), { now: dayAndHalf })).toBe(1);
    expect((await drained()).map((mail) => mail.to)).toEqual([frida!.email]);

    // Ebbe turns them on again on his own page; the 2-day one, still due, then goes.
    const rowerPath = `/rower/${seatToken(secret(), ebbe!)}`;
    const rowerPage = await (await visit(rowerPath)).text();
    expect(rowerPage).toContain("You stopped the reminders about this seat on");
    expect(rowerPage).toContain("Turn reminders back on");
    // The stop link's token opens no rower page, nor turns anything on.
    expect((await visit(`/rower/${stopRemindersToken(secret(), ebbe!)}`)).status).toBe(404);
    expect(
      (await postForm(site, `/rower/${stopRemindersToken(secret(), ebbe!)}`, { intent: "resume-reminders" }))
        .status,
    ).toBe(404);
    expect((await seatRow(ebbe!.id)).remindersStoppedAt).toEqual(stoppedAt);
    const resumed = await postForm(site, rowerPath, { intent: "resume-reminders" });
    expect(resumed.status).toBe(303);
    expect((await seatRow(ebbe!.id)).remindersStoppedAt).toBeNull();
    expect(await (await visit(rowerPath)).text()).not.toContain("Turn reminders back on");
    expect(await sendSeatReminders(reminderServices(), { now: dayAndHalf })).toBe(1);
    expect((await drained()).map((mail) => mail.to)).toEqual([ebbe!.email]);
  });

  it("is the same 404 for an unknown, forged, other-kind or replaced link, a cancelled booking, and changes nothing", async () => {
    const { seats } = await team([
      { name: "Gorm Gyldig", email: address("gorm") },
      { name: "Hanne Anden", email: address("hanne") },
    ]);
    const [gorm, hanne] = seats;
    const cancelled = await team([{ name: "Ivan Aflyst", email: address("ivan") }]);
    await db()
      .update(teamRegistrations)
      .set({ status: "cancelled", cancelledAt: new Date() })
      .where(eq(teamRegistrations.id, cancelled.registration.id));
    const hanneSignature = stopRemindersToken(secret(), hanne!).split(".")[1];
    const paths = [
      `/stop-reminders/${randomUUID()}.${"A".repeat(43)}`,
      "/stop-reminders/not-a-token",
      // Gorm's seat with Hanne's signature.
      `/stop-reminders/${gorm!.id}.${hanneSignature}`,
      // The rower's own link is no stop link.
      `/stop-reminders/${seatToken(secret(), gorm!)}`,
      // A link of an earlier version (an address that has since changed).
      stopPath({ id: gorm!.id, tokenVersion: gorm!.tokenVersion + 1 }),
      stopPath(cancelled.seats[0]!),
    ];
    for (const path of paths) {
      const opened = await visit(path, "198.51.100.3");
      expect(opened.status, path).toBe(404);
      // Nothing of any seat shows: an unknown seat and a real one look alike.
      const body = await opened.text();
      for (const name of ["Gorm", "Hanne", "Ivan", "Code Regatta", "Code Crew"])
        expect(body).not.toContain(name);
      expect((await oneClick(path, "198.51.100.4")).status, path).toBe(404);
    }
    const rows = await db()
      .select({ stopped: rowerSeats.remindersStoppedAt })
      .from(rowerSeats)
      .where(inArray(rowerSeats.id, [gorm!.id, hanne!.id, cancelled.seats[0]!.id]));
    expect(rows.every((row) => row.stopped === null)).toBe(true);

    // Another site's form, in a browser (which sends its Origin), is refused.
    const forged = await site.request(stopPath(gorm!), {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://evil.example",
        "X-Forwarded-For": "198.51.100.5",
      },
      body: "",
      redirect: "manual",
    });
    expect(forged.status).toBe(403);
    expect((await seatRow(gorm!.id)).remindersStoppedAt).toBeNull();
  });

  it("turns on again for a new person when the seat's address changes, and the old link ends", async () => {
    const { startsAt, seats, registration } = await team([{ name: "Jens Gammel", email: address("jens") }]);
    const [seat] = seats;
    expect((await oneClick(stopPath(seat!))).status).toBe(303);
    await drained();
    const sixDays = new Date(startsAt.getTime() - 6 * DAY);
    expect(await sendSeatReminders(reminderServices(), { now: sixDays })).toBe(0);

    const newAddress = address("karen");
    await db()
      .update(teamRegistrations)
      .set({ roster: registration.roster.map((member) => ({ ...member, email: newAddress })) })
      .where(eq(teamRegistrations.id, registration.id));
    const moved = await seatRow(seat!.id);
    expect(moved).toMatchObject({ email: newAddress, remindersStoppedAt: null });
    expect(moved.tokenVersion).toBe(seat!.tokenVersion + 1);
    // The old address's link stops nothing now; the new person's reminder has their own.
    expect((await oneClick(stopPath(seat!))).status).toBe(404);
    expect(await sendSeatReminders(reminderServices(), { now: sixDays })).toBe(1);
    const [reminder] = await drained();
    expect(reminder!.to).toBe(newAddress);
    expect(reminder!.text).toContain(`${site.baseUrl}${stopPath(moved)}`);
  });

  it("counts links that open nothing against the rower links' limit per address", async () => {
    const { seats } = await team([{ name: "Lise Grænse", email: address("lise") }]);
    const from = "198.51.100.77";
    // A stop link that opens a seat is not counted.
    expect((await visit(stopPath(seats[0]!), from)).status).toBe(200);
    for (let attempt = 0; attempt < 30; attempt++) {
      const path = `${attempt % 2 ? "/stop-reminders" : "/rower"}/${randomUUID()}.${"C".repeat(43)}`;
      expect((await visit(path, from)).status).toBe(404);
    }
    expect((await visit(`/stop-reminders/${randomUUID()}.${"C".repeat(43)}`, from)).status).toBe(429);
    // Then the real link from that address is refused too, and a post stops nothing.
    expect((await visit(stopPath(seats[0]!), from)).status).toBe(429);
    expect((await oneClick(stopPath(seats[0]!), from)).status).toBe(429);
    expect((await seatRow(seats[0]!.id)).remindersStoppedAt).toBeNull();
  });

  it("does not count a genuine link whose booking has closed: a provider's one-clicks after the event never use up its address", async () => {
    const { registration, seats } = await team([{ name: "Mads Gammel", email: address("mads") }]);
    await db()
      .update(teamRegistrations)
      .set({ status: "cancelled" })
      .where(eq(teamRegistrations.id, registration.id));
    const from = "198.51.100.88";
    for (let attempt = 0; attempt < 35; attempt++) {
      expect((await oneClick(stopPath(seats[0]!), from)).status).toBe(404);
    }
    // A token the site never signed still counts from the same address.
    const forged = { id: seats[0]!.id, tokenVersion: seats[0]!.tokenVersion + 7 };
    for (let attempt = 0; attempt < 30; attempt++) {
      expect((await oneClick(stopPath(forged), from)).status).toBe(404);
    }
    expect((await oneClick(stopPath(forged), from)).status).toBe(429);
    expect((await seatRow(seats[0]!.id)).remindersStoppedAt).toBeNull();
  });
});
