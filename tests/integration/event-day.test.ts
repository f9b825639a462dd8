import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  declarationAcceptances,
  eventDeclarations,
  events,
  rowerSeats,
  teamRegistrations,
} from "#server/db/schema";
import { createAccount, createBooker, postForm, type TestAccount } from "../support/accounts";
import { testDatabaseKind } from "../support/database";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { createTestPartner } from "../support/partners";

// The event's day page (ADR 038): the declaration with its versions, the seats by state
// and the way to check-in, for the partner's members and admins; and the crew list's
// columns for each seat, which staff print for the day.

let site: TestSite;
let partnerId: string;
let member: TestAccount;
let admin: TestAccount;
let staff: TestAccount;
let other: TestAccount;

const db = () => site.database.db;

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
  partnerId = (await createTestPartner(db(), "Day Roklub")).id;
  const otherPartnerId = (await createTestPartner(db(), "Other Day Roklub")).id;
  member = await createAccount(site, { role: "partner", partnerId, firstName: "Mette" });
  admin = await createAccount(site, { role: "admin" });
  staff = await createAccount(site, { partnerId, memberRole: "check_in" });
  other = await createAccount(site, { role: "partner", partnerId: otherPartnerId });
});
afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
const get = (path: string, cookie?: string) =>
  site.request(path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
const versionsOf = (eventId: string) =>
  db()
    .select()
    .from(eventDeclarations)
    .where(eq(eventDeclarations.eventId, eventId))
    .orderBy(eventDeclarations.version);
const auditsOf = (eventId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, eventId), eq(auditLog.action, "event.save_declaration")));

/** A confirmed team of four: Anna confirmed and accepted, Bo invited, Cai without an address, Dea confirmed without swim answer. */
async function bookTeam(eventId: string, status: "confirmed" | "waitlisted" = "confirmed") {
  const booker = await createBooker(db(), "day-booker");
  const [registration] = await db()
    .insert(teamRegistrations)
    .values({
      eventId,
      userId: booker,
      teamName: `Day Crew ${status}`,
      company: "Day A/S",
      status,
      roster: [
        { name: "Anna Aare", email: `anna-${Date.now()}@day.example` },
        { name: "Bo Bølge", email: `bo-${Date.now()}@day.example` },
        { name: "Cai Uden Adresse" },
        { name: "Dea Dæk", email: `dea-${Date.now()}@day.example` },
      ],
    })
    .returning();
  const seats = await db()
    .select()
    .from(rowerSeats)
    .where(eq(rowerSeats.registrationId, registration!.id))
    .orderBy(rowerSeats.name);
  const [anna, , , dea] = seats;
  await db()
    .update(rowerSeats)
    .set({
      confirmedAt: new Date(),
      swims: false,
      emergencyName: "Mor Aare",
      emergencyPhone: "+45 20 30 40 50",
    })
    .where(eq(rowerSeats.id, anna!.id));
  await db().update(rowerSeats).set({ confirmedAt: new Date() }).where(eq(rowerSeats.id, dea!.id));
  return { registration: registration!, seats };
}

const saveText = (eventId: string, text: string, textTranslation = "", cookie = member.cookie) =>
  postForm(site, `/dashboard/partner/events/${eventId}/day`, { text, textTranslation }, cookie);

describe(`the event's day page on ${testDatabaseKind}`, () => {
  it("saves a declaration as version 1, makes no version for the same text, and n+1 for a changed one, audited", async () => {
    const event = await createTestEvent(db(), partnerId, { title: "Declaration Regatta" });
    const first = await saveText(event.id, "I row at my own risk.", "Jeg ror på eget ansvar.");
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe(`/dashboard/partner/events/${event.id}/day`);
    expect((await versionsOf(event.id)).map((row) => row.version)).toEqual([1]);

    const same = await saveText(event.id, "  I row at my own risk. ", "Jeg ror på eget ansvar.");
    expect(same.status).toBe(303);
    expect(await versionsOf(event.id)).toHaveLength(1);

    const changed = await saveText(
      event.id,
      "I row at my own risk and wear a vest.",
      "Jeg ror på eget ansvar.",
    );
    expect(changed.status).toBe(303);
    const versions = await versionsOf(event.id);
    expect(versions.map((row) => [row.version, row.text])).toEqual([
      [1, "I row at my own risk."],
      [2, "I row at my own risk and wear a vest."],
    ]);
    expect(versions[1]!.createdBy).toBe(member.id);
    const audits = await auditsOf(event.id);
    expect(audits.map((row) => row.summary).sort()).toEqual(["v1", "v2"]);
    expect(audits.every((row) => row.actorUserId === member.id && row.partnerId === partnerId)).toBe(true);

    // The page lists both versions, the newest first, with author and acceptances.
    const { seats } = await bookTeam(event.id);
    await db()
      .insert(declarationAcceptances)
      .values({ seatId: seats[0]!.id, declarationId: versions[0]!.id, method: "link" });
    const page = mainOf(await textOf(await get(`/dashboard/partner/events/${event.id}/day`, member.cookie)));
    expect(page).toContain("v2 (current)");
    expect(page).toMatch(/v1<\/th>[\s\S]*Mette Person[\s\S]*>1<\/td>/);
    expect(page.indexOf("v2 (current)")).toBeLessThan(page.indexOf(">v1<"));
    expect(page).toContain("I row at my own risk and wear a vest.");
  });

  it("counts the confirmed teams' seats by state, and links check-in with the day-before advice", async () => {
    const event = await createTestEvent(db(), partnerId, { title: "Counting Regatta" });
    await saveText(event.id, "I row at my own risk.");
    const [version] = await versionsOf(event.id);
    const { seats } = await bookTeam(event.id);
    // Anna accepted: confirmed. Dea confirmed but has neither swim answer nor acceptance.
    await db()
      .insert(declarationAcceptances)
      .values({ seatId: seats[0]!.id, declarationId: version!.id, method: "link" });
    // A waitlisted team's seats are not counted.
    await bookTeam(event.id, "waitlisted");

    const response = await get(`/dashboard/partner/events/${event.id}/day`, admin.cookie);
    expect(response.status).toBe(200);
    const page = mainOf(await textOf(response));
    const count = (label: string) => new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>(\\d+)</dd>`).exec(page)?.[1];
    expect(count("No address")).toBe("1");
    expect(count("Invited")).toBe("1");
    expect(count("Declaration missing")).toBe("1");
    expect(count("Confirmed")).toBe("1");
    expect(page).toContain(`href="/dashboard/partner/check-in/${event.id}"`);
    expect(page).toContain("Open check-in");
    expect(page).toContain("on each phone the day before");
  });

  it("refuses an empty or too long text with 400 and the message by the field, keeping what was typed", async () => {
    const event = await createTestEvent(db(), partnerId);
    const empty = await saveText(event.id, "   ", "Kun oversættelsen");
    expect(empty.status).toBe(400);
    const html = await textOf(empty);
    expect(html).toMatch(/aria-invalid="true"/);
    expect(html).toContain("Kun oversættelsen");
    const tooLong = await saveText(event.id, "x".repeat(10_001));
    expect(tooLong.status).toBe(400);
    expect(await textOf(tooLong)).toMatch(/Please keep this under 10,?000 characters/);
    expect(await versionsOf(event.id)).toEqual([]);
    expect(await auditsOf(event.id)).toEqual([]);
  });

  it("is not found for another partner's member, on a visit and a post, which changes nothing", async () => {
    const event = await createTestEvent(db(), partnerId);
    await saveText(event.id, "The original words.");
    const before = await versionsOf(event.id);
    expect((await get(`/dashboard/partner/events/${event.id}/day`, other.cookie)).status).toBe(404);
    expect((await saveText(event.id, "Forged words.", "", other.cookie)).status).toBe(404);
    expect(await versionsOf(event.id)).toEqual(before);
    expect(await auditsOf(event.id)).toHaveLength(1);
  });

  it("is refused to check-in staff, who keep the crew list, and to people without a partner", async () => {
    const event = await createTestEvent(db(), partnerId);
    const visit = await get(`/dashboard/partner/events/${event.id}/day`, staff.cookie);
    expect(visit.status).toBe(302);
    expect(visit.headers.get("location")).toBe("/dashboard");
    const post = await saveText(event.id, "Staff words.", "", staff.cookie);
    expect([302, 403]).toContain(post.status);
    expect(await versionsOf(event.id)).toEqual([]);
    expect((await get(`/dashboard/partner/events/${event.id}/crew-list`, staff.cookie)).status).toBe(200);
    const anonymous = await get(`/dashboard/partner/events/${event.id}/day`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/login");
  });
});

describe(`the crew list's seats on ${testDatabaseKind}`, () => {
  it("shows each seat's state and reasons, swim answer with the rule, declaration and emergency contact", async () => {
    const event = await createTestEvent(db(), partnerId, {
      title: "Crew Regatta",
      nonSwimmerRule: "Vest on, instructor aboard.",
    });
    await saveText(event.id, "Version one.");
    await saveText(event.id, "Version two.");
    const [v1] = await versionsOf(event.id);
    const { seats } = await bookTeam(event.id);
    await db().insert(declarationAcceptances).values({
      seatId: seats[0]!.id,
      declarationId: v1!.id,
      method: "staff",
      staffEmail: "staff@day.example",
    });

    for (const cookie of [member.cookie, staff.cookie]) {
      const response = await get(`/dashboard/partner/events/${event.id}/crew-list`, cookie);
      expect(response.status).toBe(200);
      const page = mainOf(await textOf(response));
      const row = (name: string) =>
        new RegExp(`<tr[^>]*>(?:(?!</tr>)[\\s\\S])*${name}(?:(?!</tr>)[\\s\\S])*</tr>`).exec(page)?.[0] ?? "";
      const anna = row("Anna Aare");
      expect(anna).toContain("Declaration missing");
      expect(anna).toContain("Accepted v1 (current v2)");
      expect(anna).toContain("Does not swim");
      expect(anna).toContain("Vest on, instructor aboard.");
      expect(anna).toContain("Accepted v1 (at the jetty)");
      expect(anna).toContain("(current v2)");
      expect(anna).toContain("Mor Aare");
      expect(anna).toContain("+45 20 30 40 50");
      const bo = row("Bo Bølge");
      expect(bo).toContain("Invited");
      expect(bo).toContain("Not answered");
      expect(bo).toContain("Not accepted");
      expect(bo).toContain("None given");
      expect(row("Cai Uden Adresse")).toContain("No address");
      const dea = row("Dea Dæk");
      expect(dea).toContain("Swim answer missing");
      expect(dea).toContain("Declaration v2 not accepted");
    }

    // Where non-swimmers may not take part, a "no" says the rower may not row.
    await db().update(events).set({ nonSwimmers: "not_allowed" }).where(eq(events.id, event.id));
    const page = mainOf(
      await textOf(await get(`/dashboard/partner/events/${event.id}/crew-list`, member.cookie)),
    );
    expect(page).toContain("May not row: only swimmers at this event");
    expect(page).not.toContain("Vest on, instructor aboard.");
  });
});
