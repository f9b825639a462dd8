import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPageTags } from "#server/cache/public-pages";
import { declarationAcceptances, eventDeclarations, rowerSeats, teamRegistrations } from "#server/db/schema";
import { seatToken } from "#server/seats/seat-token";
import { createBooker, postForm } from "../support/accounts";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { createTestPartner } from "../support/partners";
import { defaultNonSwimmerRule, NON_SWIMMER_RULE_DA, NON_SWIMMER_RULE_EN } from "~/lib/non-swimmers";

// A rower's own page (ADR 038): opened by the link alone, it shows only that seat, takes
// only that rower's answers, and is "not found" for every link that opens no seat.
let site: TestSite;
let partner: { id: string };
let event: { id: string };

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
  partner = await createTestPartner(site.database.db, "Rower Page Roklub");
  event = await createTestEvent(site.database.db, partner.id, { title: "Jetty Regatta" });
});

afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

async function bookedSeats(status: "confirmed" | "cancelled" = "confirmed", eventId = event.id) {
  const booker = await createBooker(site.database.db, "rower-booker");
  const [registration] = await site.database.db
    .insert(teamRegistrations)
    .values({
      eventId,
      userId: booker,
      teamName: "Oar Crew",
      company: "Oar A/S",
      status,
      roster: [
        { name: "Rikke Roer", email: `rikke-${Date.now()}@oar.example` },
        { name: "Sune Sculler", email: `sune-${Date.now()}@oar.example` },
      ],
    })
    .returning();
  const seats = await site.database.db
    .select()
    .from(rowerSeats)
    .where(eq(rowerSeats.registrationId, registration!.id))
    .orderBy(rowerSeats.name);
  return { registration: registration!, seats };
}

const tokenOf = (seat: { id: string; tokenVersion: number }) => seatToken(site.seatLinks.authSecret, seat);
const seatRow = async (id: string) =>
  (await site.database.db.select().from(rowerSeats).where(eq(rowerSeats.id, id)))[0]!;
const answers = {
  intent: "confirm",
  swims: "no",
  emergencyName: "Mor Roer",
  emergencyPhone: "+45 20 30 40 50",
};

describe("a rower's page", () => {
  it("shows the seat to its link alone, kept by no cache and leaving no referrer, in both languages", async () => {
    const { seats, registration } = await bookedSeats();
    const [rikke, sune] = seats;
    const response = await site.request(`/rower/${tokenOf(rikke!)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toContain('<meta name="referrer" content="same-origin"/>');
    expect(html).toContain("Your seat, Rikke Roer");
    expect(html).toContain("Jetty Regatta");
    expect(html).toContain('content="noindex, nofollow"');
    expect(html).not.toContain("Sune Sculler");
    // The rower's own code names their seat on the roster, drawn as markup, not by a script.
    expect(html).toContain(`aria-label="QR code for seat ${registration.reference}/1"`);
    expect(await (await site.request(`/rower/${tokenOf(sune!)}`)).text()).toContain(
      `QR code for seat ${registration.reference}/2`,
    );
    expect(await (await site.request(`/da/rower/${tokenOf(rikke!)}`)).text()).toContain(
      "Din plads, Rikke Roer",
    );
    expect(publicPageTags(`/rower/${tokenOf(rikke!)}`)).toBeNull();
  });

  it("shows a Danish event's rule for non-swimmers in the reader's language", async () => {
    const { rule, translation } = defaultNonSwimmerRule("da");
    const danish = await createTestEvent(site.database.db, partner.id, {
      title: "Havnekaproning",
      language: "da",
      nonSwimmerRule: rule,
      nonSwimmerRuleTranslation: translation,
    });
    const [rikke] = (await bookedSeats("confirmed", danish.id)).seats;
    const english = await (await site.request(`/rower/${tokenOf(rikke!)}`)).text();
    expect(english).toContain(NON_SWIMMER_RULE_EN);
    expect(english).not.toContain(NON_SWIMMER_RULE_DA);
    const inDanish = await (await site.request(`/da/rower/${tokenOf(rikke!)}`)).text();
    expect(inDanish).toContain(NON_SWIMMER_RULE_DA);
    expect(inDanish).not.toContain(NON_SWIMMER_RULE_EN);
  });

  it("answers every link that opens no seat with the same 404", async () => {
    const { seats } = await bookedSeats();
    const [rikke, sune] = seats;
    const good = tokenOf(rikke!);
    const forged = `${sune!.id}.${good.split(".")[1]}`;
    const replaced = tokenOf({ ...rikke!, tokenVersion: rikke!.tokenVersion + 1 });
    const cancelled = (await bookedSeats("cancelled")).seats[0]!;
    for (const token of ["not-a-token", forged, replaced, tokenOf(cancelled)]) {
      const response = await site.request(`/rower/${encodeURIComponent(token)}`);
      expect(response.status, token).toBe(404);
      const posted = await postForm(site, `/rower/${encodeURIComponent(token)}`, answers);
      expect(posted.status, token).toBe(404);
    }
    expect((await seatRow(cancelled.id)).swims).toBeNull();
  });

  it("takes the rower's answers, and refuses bad ones next to their fields, keeping what was typed", async () => {
    const { seats } = await bookedSeats();
    const rikke = seats[0]!;
    const path = `/rower/${tokenOf(rikke)}`;
    const refused = await postForm(site, path, {
      intent: "confirm",
      swims: "maybe",
      emergencyName: "",
      emergencyPhone: "call me",
    });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain("call me");
    expect((await seatRow(rikke.id)).confirmedAt).toBeNull();

    const confirmed = await postForm(site, path, answers);
    expect(confirmed.status).toBe(303);
    expect(await seatRow(rikke.id)).toMatchObject({
      swims: false,
      emergencyName: "Mor Roer",
      emergencyPhone: "+45 20 30 40 50",
    });
    expect((await seatRow(rikke.id)).confirmedAt).not.toBeNull();
    // A non-swimmer is shown the club's rule for them.
    expect(await (await site.request(path)).text()).toContain("life vest");
  });

  it("accepts the event's current declaration by link, and asks again after a new version", async () => {
    const { seats } = await bookedSeats();
    const sune = seats[1]!;
    const path = `/rower/${tokenOf(sune)}`;
    // Without a declaration there is nothing to accept.
    expect((await postForm(site, path, { intent: "accept", version: "1" })).status).toBe(409);
    await site.database.db
      .insert(eventDeclarations)
      .values({ eventId: event.id, version: 1, language: "en", text: "I row at my own risk." });
    expect((await postForm(site, path, { intent: "accept", version: "1" })).status).toBe(303);
    const [accepted] = await site.database.db
      .select()
      .from(declarationAcceptances)
      .where(eq(declarationAcceptances.seatId, sune.id));
    expect(accepted).toMatchObject({ method: "link" });
    expect(await (await site.request(path)).text()).toContain("You accepted version 1");

    await site.database.db.insert(eventDeclarations).values({
      eventId: event.id,
      version: 2,
      language: "en",
      text: "I row at my own risk, in a life vest.",
    });
    const html = await (await site.request(path)).text();
    expect(html).toContain("You accepted version 1; the club has since changed it to version 2");
    expect(html).toContain("I accept the declaration");
    expect(html).toMatch(/name="version" value="2"/);

    // A page opened before the change sends version 1: refused beside the button, nothing stored.
    const stale = await postForm(site, path, { intent: "accept", version: "1" });
    expect(stale.status).toBe(409);
    const refused = (await stale.text()).replaceAll("<!-- -->", "");
    expect(refused).toContain("The declaration has changed since you opened this page (now version 2)");
    const [still] = await site.database.db
      .select({ declarationId: declarationAcceptances.declarationId })
      .from(declarationAcceptances)
      .where(eq(declarationAcceptances.seatId, sune.id));
    expect(still?.declarationId).toBe(accepted?.declarationId);
    expect((await postForm(site, path, { intent: "accept", version: "2" })).status).toBe(303);
  });
});
