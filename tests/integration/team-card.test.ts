import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, teamRegistrations } from "#server/db/schema";
import { createAccount, type TestAccount } from "../support/accounts";
import { createTestEvent } from "../support/events";
import { createTestPartner } from "../support/partners";
import { createTestSite, type TestSite } from "../support/http-app";

// A confirmed team's QR code on its booking page and its printable team card (ADR 038).

let site: TestSite;
let partnerId: string;
let booker: TestAccount;

beforeAll(async () => {
  site = await createTestSite();
  partnerId = (await createTestPartner(site.database.db, "Team Card Club")).id;
  booker = await createAccount(site);
});

afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

const open = (path: string, cookie = booker.cookie) =>
  site.request(path, { headers: { Cookie: cookie }, redirect: "manual" });

/** React marks where one text node ends and the next begins; a reader sees one text. */
const withoutTextSeams = (html: string) => html.replaceAll("<!-- -->", "");

async function book(status: "confirmed" | "waitlisted" | "held" | "cancelled", teamName: string) {
  const event = await createTestEvent(site.database.db, partnerId, {
    title: "Harbour Sprint",
    location: "Copenhagen",
    teamSize: 4,
  });
  const [row] = await site.database.db
    .insert(teamRegistrations)
    .values({
      eventId: event.id,
      userId: booker.id,
      teamName,
      company: `${teamName} A/S`,
      status,
      heldUntil: status === "held" ? new Date(Date.now() + 10 * 60 * 1000) : null,
      cancelledAt: status === "cancelled" ? new Date() : null,
      captainName: "Astrid Holm",
      roster: [{ name: "Astrid Holm", email: "astrid@example.dk" }, { name: "Bo Lund" }],
    })
    .returning();
  return row!;
}

describe("a confirmed team's QR code", () => {
  it("is on the booking's page, drawn on the server with a text alternative, with a link to the team card", async () => {
    const booking = await book("confirmed", "Nyhavn Navigators");
    const response = await open(`/dashboard/bookings/${booking.id}`);
    expect(response.status).toBe(200);
    const html = withoutTextSeams(await response.text());
    expect(html).toMatch(
      new RegExp(`<svg [^>]*role="img" aria-label="QR code for booking reference ${booking.reference}"`),
    );
    expect(html).toContain(`<title>QR code for booking reference ${booking.reference}</title>`);
    expect(html).toContain(`href="/dashboard/bookings/${booking.id}/team-card"`);
    expect(html).toContain("Print team card");
  });

  it.each(["waitlisted", "held", "cancelled"] as const)(
    "is not there for a %s booking, nor its team card",
    async (status) => {
      const booking = await book(status, `Team ${status}`);
      const page = await open(`/dashboard/bookings/${booking.id}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).not.toContain('role="img" aria-label="QR code');
      expect(html).not.toContain(`href="/dashboard/bookings/${booking.id}/team-card"`);

      const card = await open(`/dashboard/bookings/${booking.id}/team-card`);
      expect(card.status).toBe(404);
      expect(await card.text()).toContain("Only a confirmed team has a team card");
    },
  );
});

describe("the team card", () => {
  it("prints the event, the team, the reference, the code and a box to tick for each rower", async () => {
    const booking = await book("confirmed", "Harbour Hawks");
    const response = await open(`/dashboard/bookings/${booking.id}/team-card`);
    expect(response.status).toBe(200);
    const html = withoutTextSeams(await response.text());

    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toMatch(/<h1[^>]*>Harbour Hawks<\/h1>/);
    for (const [label, value] of [
      ["Event", "Harbour Sprint"],
      ["Company", "Harbour Hawks A/S"],
      ["Booking reference", booking.reference],
    ]) {
      expect(html).toMatch(new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>(<span[^>]*>)?${value}<`));
    }
    expect(html).toMatch(/<dt[^>]*>Date and time<\/dt><dd[^>]*><time dateTime="/);
    expect(html).toMatch(/<dt[^>]*>Place<\/dt><dd[^>]*>[^<]*Copenhagen<\/dd>/);
    expect(html).toMatch(
      new RegExp(`<svg [^>]*role="img" aria-label="QR code for booking reference ${booking.reference}"`),
    );
    expect(html).toMatch(new RegExp(`<figcaption[^>]*>${booking.reference}</figcaption>`));

    // The two named rowers and two blank seats, four boxes hidden from screen readers.
    const rowers = /<h2 id="rowers-heading"[^>]*>Rowers<\/h2>[\s\S]*?<ul[^>]*>([\s\S]*?)<\/ul>/.exec(
      html,
    )![1]!;
    expect(rowers.match(/<li /g)).toHaveLength(4);
    expect(rowers.match(/<span aria-hidden="true"[^>]*>☐<\/span>/g)).toHaveLength(4);
    expect(rowers).toContain(">Astrid Holm</span>");
    expect(rowers).toContain(">Bo Lund</span>");
    expect(rowers).not.toContain("astrid@example.dk");
    expect(rowers).toContain("Seat 3, no name yet");
    expect(rowers).toContain("Seat 4, no name yet");
  });

  it("is in the booker's language", async () => {
    const dane = await createAccount(site);
    // The dashboards speak the person's saved language (ADR 033), with its cookie.
    await site.database.db.update(profiles).set({ language: "da" }).where(eq(profiles.userId, dane.id));
    const booking = await book("confirmed", "Danske Roere");
    await site.database.db
      .update(teamRegistrations)
      .set({ userId: dane.id })
      .where(eq(teamRegistrations.id, booking.id));
    const response = await open(`/dashboard/bookings/${booking.id}/team-card`, `${dane.cookie}; lang=da`);
    expect(response.status).toBe(200);
    const html = withoutTextSeams(await response.text());
    expect(html).toContain(`aria-label="QR-kode til tilmeldingsreference ${booking.reference}"`);
    expect(html).toContain(">Holdkort<");
    expect(html).toContain(">Roere</h2>");
    expect(html).toContain("Plads 3, intet navn endnu");
  });

  it("leaves the QR encoder out of every script a browser can load: the codes are drawn on the server", () => {
    const assets = fileURLToPath(new URL("../../build/client/assets", import.meta.url));
    const scripts = readdirSync(assets).filter((file) => file.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      const source = readFileSync(join(assets, file), "utf8");
      // The alphanumeric mode's characters, which every QR encoder holds, and our SVG's attribute.
      expect(source, file).not.toContain("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:");
      expect(source, file).not.toContain("crispEdges");
    }
  });
});
