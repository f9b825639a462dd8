import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, partners } from "#server/db/schema";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
});

afterAll(async () => {
  await site?.close();
});

/** The home page's HTML. */
async function home() {
  const response = await site.request("/");
  expect(response.status).toBe(200);
  return response.text();
}

/** One section of the page, from its heading to the next section's. */
function section(html: string, from: string, to: string) {
  const start = html.indexOf(from);
  expect(start, from).toBeGreaterThan(0);
  return html.slice(start, html.indexOf(to, start));
}

const partnersSection = (html: string) => section(html, "Our Partners", "Ready to rethink corporate life?");
const networkingCard = (html: string) => section(html, "Upcoming Networking Mixer", "Upcoming Events");

/** The partner section's tiles, each as the link it is. */
function tiles(html: string) {
  return [...partnersSection(html).matchAll(/<li[^>]*><a[^>]*href="([^"]+)"[^>]*>[\s\S]*?<\/li>/g)].map(
    (match) => ({ href: match[1], html: match[0] }),
  );
}

describe("the home page", () => {
  it("links the specification's four sample events", async () => {
    const html = await home();
    for (const slug of [
      "networking-mixer",
      "equestrian-corporate-retreat",
      "riverside-team-racing",
      "oxford-leadership-summit",
    ]) {
      expect(html, slug).toContain(`href="/events/${slug}"`);
    }
  });

  it("shows the sample networking mixer as the next networking event, with Register Now", async () => {
    const card = networkingCard(await home());
    expect(card).toContain("Networking Mixer");
    expect(card).toMatch(/href="\/events\/networking-mixer"[^>]*>Register Now</);
    expect(card).not.toContain("Leadership Brunch Copenhagen");
  });

  it("shows six partner tiles: the approved partners first, then 'Become a Partner' to apply", async () => {
    const shown = tiles(await home());
    expect(shown.map((tile) => tile.href)).toEqual([
      "/partners/copenhagen-harbour-rowing-club",
      "/partners/frankfurter-rg-germania",
      ...Array(4).fill("/partners/apply"),
    ]);
    for (const tile of shown.slice(2)) expect(tile.html).toContain("Become a Partner");
  });

  describe("with more partners and networking events", () => {
    const extraSlugs = Array.from({ length: 5 }, (_, index) => `home-test-club-${index + 1}`);

    afterAll(async () => {
      const { db } = site.database;
      await db.delete(events).where(eq(events.title, "Home Test Networking Evening"));
      await db.delete(partners).where(inArray(partners.slug, extraSlugs));
    });

    it("fills the six tiles with approved partners only, featured first", async () => {
      await site.database.db.insert(partners).values([
        ...extraSlugs.map((slug, index) => ({
          slug,
          name: `Home Test Club ${index + 1}`,
          location: "Aarhus",
          description: "A partner of the home page test",
          status: "approved" as const,
        })),
        {
          slug: "home-test-pending-club",
          name: "AAA Pending Club",
          location: "Odense",
          description: "Not approved yet",
          status: "pending" as const,
        },
      ]);
      const shown = tiles(await home());
      expect(shown.map((tile) => tile.href)).toEqual([
        "/partners/copenhagen-harbour-rowing-club",
        "/partners/frankfurter-rg-germania",
        ...extraSlugs.slice(0, 4).map((slug) => `/partners/${slug}`),
      ]);
      expect(partnersSection(await home())).not.toContain("Become a Partner");
      await site.database.db.delete(partners).where(eq(partners.slug, "home-test-pending-club"));
    });

    it("shows whichever published networking event comes next", async () => {
      const [harbour] = await site.database.db
        .select({ id: partners.id })
        .from(partners)
        .where(eq(partners.slug, "copenhagen-harbour-rowing-club"));
      // Starting in a minute: sooner than any event of the sample season.
      const startsAt = new Date(Date.now() + 60_000);
      const next = await createTestEvent(site.database.db, harbour!.id, {
        title: "Home Test Networking Evening",
        isNetworking: true,
        status: "draft",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 2 * 60 * 60_000),
        registrationDeadline: startsAt,
      });
      // A draft is not shown, however soon it is.
      expect(networkingCard(await home())).toContain("Networking Mixer");

      await site.database.db.update(events).set({ status: "published" }).where(eq(events.id, next.id));
      const card = networkingCard(await home());
      expect(card).toContain("Home Test Networking Evening");
      expect(card).toContain(`href="/events/${next.slug}"`);
    });
  });
});
