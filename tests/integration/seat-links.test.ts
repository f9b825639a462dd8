import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rosterFieldName } from "~/lib/forms/registration-schema";
import { events, outboxEmails, rowerSeats, teamRegistrations } from "#server/db/schema";
import { AppError } from "#server/errors";
import { registerTeam } from "#server/registrations/register-team";
import { updateRegistration } from "#server/registrations/update-registration";
import { resendSeatLink } from "#server/seats/resend-seat-link";
import { sendSeatLinks } from "#server/seats/send-seat-links";
import { crewToken, seatToken } from "#server/seats/seat-token";
import { createAccount, createBooker, postForm, userActor } from "../support/accounts";
import { companyBookingForm } from "../support/booking-form";
import { testDatabaseKind } from "../support/database";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { createTestPartner } from "../support/partners";

// The links that need no account going out (ADR 038): each rower's own seat link and the
// captain's crew link, mailed once a place is confirmed, once per address; the crew page;
// sending a link again; and the limit on links that open nothing.
let site: TestSite;
let partner: { id: string };

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
  partner = await createTestPartner(site.database.db, "Link Roklub");
});

afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

const db = () => site.database.db;
const links = () => ({ jobs: site.jobs, baseUrl: site.baseUrl, authSecret: site.seatLinks.authSecret });
const unique = () => randomUUID().slice(0, 8);

/** A booking written as the database's triggers see any writer, with its seats. */
async function booking({
  status = "confirmed",
  eventOverrides = {},
  language = "en",
}: {
  status?: "confirmed" | "waitlisted" | "cancelled";
  eventOverrides?: Parameters<typeof createTestEvent>[2];
  language?: "en" | "da";
} = {}) {
  const event = await createTestEvent(db(), partner.id, { title: "Link Regatta", ...eventOverrides });
  const userId = await createBooker(db(), "link-booker");
  const tag = unique();
  const [registration] = await db()
    .insert(teamRegistrations)
    .values({
      eventId: event.id,
      userId,
      teamName: "Link Crew",
      company: "Link A/S",
      status,
      language,
      captainName: "Kaja Kaptajn",
      captainEmail: `kaja-${tag}@link.example`,
      roster: [
        { name: "Rikke Roer", email: `rikke-${tag}@link.example` },
        { name: "Sune Sculler", email: `sune-${tag}@link.example` },
        { name: "Ole Uden" },
      ],
    })
    .returning();
  const seats = await db()
    .select()
    .from(rowerSeats)
    .where(eq(rowerSeats.registrationId, registration!.id))
    .orderBy(rowerSeats.name);
  const byName = (name: string) => seats.find((seat) => seat.name === name)!;
  return {
    event,
    userId,
    registration: registration!,
    rikke: byName("Rikke Roer"),
    sune: byName("Sune Sculler"),
    ole: byName("Ole Uden"),
  };
}

const send = (registrationId: string, now = new Date()) =>
  db().transaction((tx) => sendSeatLinks(tx, links(), registrationId, now));

/** The mails delivered to an address so far, oldest first, after the queue ran. */
async function mailsTo(to: string) {
  await site.runDueJobs();
  return db().select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(outboxEmails.createdAt);
}

const seatRow = async (id: string) => (await db().select().from(rowerSeats).where(eq(rowerSeats.id, id)))[0]!;

describe(`seat links going out on ${testDatabaseKind}`, () => {
  it("mails each rower with an address their own link once, in the seat's language, and the captain the crew link", async () => {
    const { registration, rikke, sune, ole } = await booking();
    await db().update(rowerSeats).set({ language: "da" }).where(eq(rowerSeats.id, sune.id));

    expect(await send(registration.id)).toEqual({ rowers: 2, captain: true });
    const [toRikke] = await mailsTo(rikke.email!);
    expect(toRikke!.subject).toBe("Link Crew at Link Regatta: please confirm your seat");
    expect(toRikke!.text).toContain(`${site.baseUrl}/rower/${seatToken(site.seatLinks.authSecret, rikke)}`);
    expect(toRikke!.html).toContain(`/rower/${seatToken(site.seatLinks.authSecret, rikke)}`);
    const [toSune] = await mailsTo(sune.email!);
    expect(toSune!.subject).toBe("Link Crew ved Link Regatta: bekræft venligst din plads");
    expect(toSune!.text).toContain(`${site.baseUrl}/da/rower/${seatToken(site.seatLinks.authSecret, sune)}`);
    // The rower's link opens only their seat, nobody else's.
    expect(toSune!.text).not.toContain(seatToken(site.seatLinks.authSecret, rikke));
    const [toCaptain] = await mailsTo(registration.captainEmail!);
    expect(toCaptain!.subject).toBe("Link Crew at Link Regatta: your crew page");
    expect(toCaptain!.text).toContain(
      `/crew/${crewToken(site.seatLinks.authSecret, { id: registration.id, tokenVersion: 1 })}`,
    );
    expect((await seatRow(rikke.id)).invitedAt).not.toBeNull();
    expect((await seatRow(ole.id)).invitedAt).toBeNull();

    // Sent once: a second run mails nobody.
    expect(await send(registration.id)).toEqual({ rowers: 0, captain: false });
    expect(await mailsTo(rikke.email!)).toHaveLength(1);
    expect(await mailsTo(registration.captainEmail!)).toHaveLength(1);
  });

  it("mails a changed address, the new person, and only them, after the booker's edit, and a new captain", async () => {
    const { registration, userId, rikke, sune, ole } = await booking();
    await send(registration.id);
    const newAddress = `rikke-new-${unique()}@link.example`;
    const newCaptain = `ny-kaptajn-${unique()}@link.example`;
    const form = companyBookingForm("Link Crew", {
      captainEmail: newCaptain,
      [rosterFieldName(0, "id")]: rikke.id,
      [rosterFieldName(0, "name")]: "Rikke Roer",
      [rosterFieldName(0, "email")]: newAddress,
      [rosterFieldName(1, "id")]: sune.id,
      [rosterFieldName(1, "name")]: "Sune Sculler",
      [rosterFieldName(1, "email")]: sune.email!,
      [rosterFieldName(2, "id")]: ole.id,
      [rosterFieldName(2, "name")]: "Ole Uden",
    });
    const { acceptTerms: _terms, ...input } = form;
    await updateRegistration(
      { db: db(), jobs: site.jobs },
      { actor: userActor(userId), registrationId: registration.id, input },
    );
    const readdressed = await seatRow(rikke.id);
    expect(readdressed.tokenVersion).toBe(rikke.tokenVersion + 1);
    const [toNew] = await mailsTo(newAddress);
    expect(toNew!.text).toContain(`/rower/${seatToken(site.seatLinks.authSecret, readdressed)}`);
    expect(await mailsTo(sune.email!)).toHaveLength(1);
    expect(await mailsTo(rikke.email!)).toHaveLength(1);
    expect((await seatRow(rikke.id)).invitedAt).not.toBeNull();
    // A new captain is another person: the link sent before ends, and they get their own.
    const [toNewCaptain] = await mailsTo(newCaptain);
    expect(toNewCaptain!.text).toContain(
      `/crew/${crewToken(site.seatLinks.authSecret, { id: registration.id, tokenVersion: 2 })}`,
    );
  });

  it("mails nobody for a waitlisted or cancelled booking, or an event that has ended", async () => {
    const waitlisted = await booking({ status: "waitlisted" });
    const cancelled = await booking({ status: "cancelled" });
    const past = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    const ended = await booking({ eventOverrides: { now: past } });
    for (const { registration, rikke } of [waitlisted, cancelled, ended]) {
      expect(await send(registration.id)).toEqual({ rowers: 0, captain: false });
      expect((await seatRow(rikke.id)).invitedAt).toBeNull();
      expect(await mailsTo(rikke.email!)).toHaveLength(0);
    }
  });

  it("sends the links when a booking is placed, by the job its booking queues", async () => {
    const event = await createTestEvent(db(), partner.id, { title: "Booked Regatta", priceMinor: 0 });
    const userId = await createBooker(db(), "link-register");
    const rower = `ida-${unique()}@link.example`;
    await registerTeam(
      { db: db(), jobs: site.jobs, baseUrl: site.baseUrl },
      {
        actor: userActor(userId),
        eventId: event.id,
        input: companyBookingForm("Booked Crew", {
          [rosterFieldName(1, "name")]: "Ida Lund",
          [rosterFieldName(1, "email")]: rower,
        }),
        idempotencyKey: randomUUID(),
      },
    );
    // The booking's job queues the links' job; a second run delivers what the first queued.
    await site.runDueJobs();
    const [mail] = await mailsTo(rower);
    expect(mail!.subject).toBe("Booked Crew at Booked Regatta: please confirm your seat");
  });
});

describe(`the captain's crew page on ${testDatabaseKind}`, () => {
  const crewPath = (registration: { id: string }, tokenVersion = 1) =>
    `/crew/${crewToken(site.seatLinks.authSecret, { id: registration.id, tokenVersion })}`;

  it("shows the team, its code and each seat's state, never the answers, kept by no cache", async () => {
    const { registration, rikke } = await booking();
    await db()
      .update(rowerSeats)
      .set({
        confirmedAt: new Date(),
        swims: true,
        emergencyName: "Mor Hemmelig",
        emergencyPhone: "+45 99 88 77 66",
      })
      .where(eq(rowerSeats.id, rikke.id));
    const response = await site.request(crewPath(registration));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toContain('<meta name="referrer" content="same-origin"/>');
    expect(html).toContain('content="noindex, nofollow"');
    expect(html).toContain("Link Regatta");
    expect(html).toContain(registration.reference);
    expect(html).toContain("<svg");
    for (const shown of ["Rikke Roer", "Sune Sculler", "Ole Uden", "Confirmed", "Invited", "No address"]) {
      expect(html).toContain(shown);
    }
    for (const hidden of ["Mor Hemmelig", "+45 99 88 77 66", rikke.email!])
      expect(html).not.toContain(hidden);
    expect(await (await site.request(`/da${crewPath(registration)}`)).text()).toContain("Bekræftet");
  });

  it("is the same 404 for an unknown link, a replaced one, a cancelled booking and an ended event", async () => {
    const { registration } = await booking();
    await db()
      .update(teamRegistrations)
      .set({ captainTokenVersion: 2 })
      .where(eq(teamRegistrations.id, registration.id));
    const cancelled = await booking({ status: "cancelled" });
    const ended = await booking();
    await db()
      .update(events)
      .set({
        registrationDeadline: new Date(Date.now() - 7200_000),
        startsAt: new Date(Date.now() - 3600_000),
        endsAt: new Date(Date.now() - 1000),
      })
      .where(eq(events.id, ended.event.id));
    const paths = [
      `/crew/${randomUUID()}.${"A".repeat(43)}`,
      "/crew/not-a-token",
      crewPath(registration, 1),
      crewPath(cancelled.registration),
      crewPath(ended.registration),
      // A seat's token is no crew link.
      `/crew/${seatToken(site.seatLinks.authSecret, { id: registration.id, tokenVersion: 2 })}`,
    ];
    for (const path of paths) {
      const response = await site.request(path, { headers: { "X-Forwarded-For": "203.0.113.7" } });
      expect(response.status, path).toBe(404);
    }
    expect((await site.request(crewPath(registration, 2))).status).toBe(200);
  });

  it("sends a rower's link again, once per seat in 10 minutes, and 404s a seat of another team", async () => {
    const { registration, rikke, ole } = await booking();
    const other = await booking();
    const path = crewPath(registration);
    const sent = await postForm(site, path, { intent: "resend-link", seatId: rikke.id });
    expect(sent.status).toBe(303);
    expect(await mailsTo(rikke.email!)).toHaveLength(1);
    const again = await postForm(site, path, { intent: "resend-link", seatId: rikke.id });
    expect(again.status).toBe(429);
    expect(await again.text()).toContain("sent less than 10 minutes ago");
    expect(await mailsTo(rikke.email!)).toHaveLength(1);
    // No address, no link.
    expect((await postForm(site, path, { intent: "resend-link", seatId: ole.id })).status).toBe(409);
    // Another team's seat is not on this crew list: nothing is sent to it.
    const foreign = await postForm(site, path, { intent: "resend-link", seatId: other.rikke.id });
    expect(foreign.status).toBe(404);
    expect(await seatRow(other.rikke.id)).toEqual(other.rikke);
    expect(await mailsTo(other.rikke.email!)).toHaveLength(0);
  });

  it("sends at most 10 links again per booking an hour", async () => {
    const { registration, rikke, sune } = await booking();
    const by = { crewToken: crewPath(registration).slice("/crew/".length) };
    const start = Date.now();
    for (let round = 0; round < 5; round++) {
      const now = new Date(start + round * 11 * 60_000);
      for (const seat of [rikke, sune])
        await resendSeatLink({ db: db(), ...links() }, { by, seatId: seat.id, now });
    }
    const refused = await resendSeatLink(
      { db: db(), ...links() },
      { by, seatId: rikke.id, now: new Date(start + 55 * 60_000) },
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("rate_limited");
    expect((refused as AppError).message).toContain("Too many links");
  });
});

describe(`the booker's rowers on ${testDatabaseKind}`, () => {
  it("shows each seat's state on the booking page and sends a link again, for the booker's own booking only", async () => {
    const booker = await createAccount(site);
    const stranger = await createAccount(site);
    const { registration, rikke } = await booking();
    await db()
      .update(teamRegistrations)
      .set({ userId: booker.id })
      .where(eq(teamRegistrations.id, registration.id));

    const page = await site.request(`/dashboard/bookings/${registration.id}`, {
      headers: { Cookie: booker.cookie },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Rowers");
    expect(html).toContain("Send the link again to Rikke Roer");
    expect(html).toContain("No address");

    const path = `/dashboard/bookings/${registration.id}`;
    const before = await seatRow(rikke.id);
    const foreign = await postForm(site, path, { intent: "resend-link", seatId: rikke.id }, stranger.cookie);
    expect(foreign.status).toBe(404);
    expect(await seatRow(rikke.id)).toEqual(before);
    expect(await mailsTo(rikke.email!)).toHaveLength(0);
    const refusedDirectly = await resendSeatLink(
      { db: db(), ...links() },
      { by: { actor: userActor(stranger.id), registrationId: registration.id }, seatId: rikke.id },
    ).catch((error: unknown) => error);
    expect((refusedDirectly as AppError).code).toBe("not_found");

    const sent = await postForm(site, path, { intent: "resend-link", seatId: rikke.id }, booker.cookie);
    expect(sent.status).toBe(303);
    const [mail] = await mailsTo(rikke.email!);
    expect(mail!.text).toContain(`/rower/${seatToken(site.seatLinks.authSecret, rikke)}`);
    expect((await seatRow(rikke.id)).invitedAt).not.toBeNull();
  });
});

describe(`links that open nothing on ${testDatabaseKind}`, () => {
  it("are limited per address, in the visitor's language, and then every link from it is refused alike", async () => {
    const { rikke } = await booking();
    const address = { "X-Forwarded-For": "203.0.113.99" };
    const good = `/rower/${seatToken(site.seatLinks.authSecret, rikke)}`;
    // A link that opens a seat is not counted.
    expect((await site.request(good, { headers: address })).status).toBe(200);
    for (let attempt = 0; attempt < 30; attempt++) {
      const path = `${attempt % 2 ? "/rower" : "/crew"}/${randomUUID()}.${"B".repeat(43)}`;
      expect((await site.request(path, { headers: address })).status).toBe(404);
    }
    const refused = await site.request(`/da/rower/${randomUUID()}.${"B".repeat(43)}`, { headers: address });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Der er prøvet for mange links");
    // A real link from that address is refused as well: the answer tells no seat apart.
    expect((await site.request(good, { headers: address })).status).toBe(429);
    // Another address is not held up.
    expect((await site.request(good, { headers: { "X-Forwarded-For": "203.0.113.100" } })).status).toBe(200);
  });
});
