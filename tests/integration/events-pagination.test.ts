import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countPublicEventsQuery, publicEventsSliceQuery } from "#server/events/queries";
import { loadBenchData } from "#server/db/load-bench-data";
import { events, partners } from "#server/db/schema";
import { EVENTS_PAGE_SIZE, parseEventListFilters } from "~/lib/event-filters";
import { createTestSite, type TestSite } from "../support/http-app";
import { planOf } from "../support/query-plan";

let site: TestSite;
/** Upcoming published events: the sample's seven and the fifty added here. */
const UPCOMING = 57;
const PAGING_EVENTS = 50;

beforeAll(async () => {
  site = await createTestSite();
  const [partner] = await site.database.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.slug, "copenhagen-harbour-rowing-club"));
  // Far in the future, after every sample event; two share a start, so the order needs its tie-break.
  await site.database.db.insert(events).values(
    Array.from({ length: PAGING_EVENTS }, (_, index) => {
      const startsAt = new Date(Date.UTC(2098, 0, 1 + Math.min(index, 48), 8));
      return {
        slug: `paging-regatta-${index + 1}`,
        title: `Paging Regatta ${String(index + 1).padStart(2, "0")}`,
        description: "Pagination fixture",
        type: index % 2 === 0 ? ("traditional_rowing" as const) : ("indoor_rowing" as const),
        status: "published" as const,
        partnerId: partner!.id,
        location: "Skanderborg",
        priceMinor: 10_000,
        currency: "DKK",
        maxTeams: 4,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 4 * 60 * 60 * 1000),
        registrationDeadline: new Date(startsAt.getTime() - 7 * 24 * 60 * 60 * 1000),
      };
    }),
  );
});

afterAll(async () => {
  await site?.close();
});

async function page(query: string) {
  const response = await site.request(`/events${query}`);
  expect(response.status).toBe(200);
  const body = await response.text();
  const titles = [...body.matchAll(/<h2 class="mt-3[^"]*">([^<]+)<\/h2>/g)].map((match) => match[1]);
  const nav = /<nav aria-label="Pagination"[\s\S]*?<\/nav>/.exec(body)?.[0] ?? null;
  const current = nav && /<a[^>]*aria-current="page"[^>]*>(\d+)<\/a>/.exec(nav)?.[1];
  const rel = (name: string) => (nav ? relHref(nav, name) : undefined);
  return { body, titles, nav, current, prev: rel("prev"), next: rel("next") };
}

/** The href of the link with this rel, with HTML's &amp; undone. */
function relHref(nav: string, name: string) {
  for (const [tag] of nav.matchAll(/<a [^>]*>/g)) {
    if (tag.includes(`rel="${name}"`)) return /href="([^"]*)"/.exec(tag)?.[1]?.replaceAll("&amp;", "&");
  }
  return undefined;
}

describe("/events pages", () => {
  it("shows 24 events a page, every event once, in order, with the count and the page links", async () => {
    const first = await page("");
    const second = await page("?page=2");
    const third = await page("?page=3");
    expect(first.titles).toHaveLength(EVENTS_PAGE_SIZE);
    expect(second.titles).toHaveLength(EVENTS_PAGE_SIZE);
    expect(third.titles).toHaveLength(UPCOMING - 2 * EVENTS_PAGE_SIZE);
    const all = [...first.titles, ...second.titles, ...third.titles];
    expect(new Set(all).size).toBe(UPCOMING);
    expect(first.titles[0]).toBe("Networking Mixer");
    expect(third.titles.slice(-2).sort()).toEqual(["Paging Regatta 49", "Paging Regatta 50"]);

    expect(first.body).toContain("Showing 1–24 of 57 upcoming events");
    expect(second.body).toContain("Showing 25–48 of 57 upcoming events");
    expect(third.body).toContain("Showing 49–57 of 57 upcoming events");

    expect(first.current).toBe("1");
    expect(first.prev).toBeUndefined();
    expect(first.next).toBe("/events?page=2");
    expect(second.current).toBe("2");
    expect(second.prev).toBe("/events");
    expect(second.next).toBe("/events?page=3");
    expect(third.current).toBe("3");
    expect(third.next).toBeUndefined();
    expect(second.nav).toContain('href="/events?page=3"');
    expect(second.nav).toMatch(/aria-label="Page 1"/);
  });

  it.each(["0", "-1", "abc", "1.5", "2abc", "", "%20", "1e1", "0x2"])(
    "shows the first page for page=%s",
    async (value) => {
      const shown = await page(`?page=${value}`);
      expect(shown.current).toBe("1");
      expect(shown.titles).toEqual((await page("")).titles);
    },
  );

  it.each(["4", "999999", "99999999999999999999999"])(
    "shows the last page for page=%s, past the end",
    async (value) => {
      const shown = await page(`?page=${value}`);
      expect(shown.current).toBe("3");
      expect(shown.titles).toEqual((await page("?page=3")).titles);
      expect(shown.body).toContain("Showing 49–57 of 57 upcoming events");
    },
  );

  it("keeps the search, type and timing in every page link", async () => {
    const search = await page("?q=paging&type=traditional_rowing&when=all");
    expect(search.titles).toHaveLength(EVENTS_PAGE_SIZE);
    expect(search.body).toContain("Showing 1–24 of 25 events");
    expect(search.next).toBe("/events?q=paging&type=traditional_rowing&when=all&page=2");
    const last = await page("?q=paging&type=traditional_rowing&when=all&page=2");
    expect(last.titles).toEqual(["Paging Regatta 49"]);
    expect(last.prev).toBe("/events?q=paging&type=traditional_rowing&when=all");
  });

  it("has no page links when one page holds everything, and the old count text", async () => {
    const few = await page("?q=paging%20regatta%200");
    expect(few.titles).toHaveLength(9);
    expect(few.nav).toBeNull();
    expect(few.body).toContain("9 upcoming events");
  });

  it("shows the empty texts on any page of a search without results", async () => {
    const none = await page("?q=no-such-thing-anywhere&page=3");
    expect(none.body).toContain("No events found");
    expect(none.nav).toBeNull();
  });
});

describe("the events search plan", () => {
  beforeAll(async () => {
    // A catalogue big enough for the plan to be the one a real site gets.
    await loadBenchData(
      site.database.db,
      { events: 10_000, partners: 100, users: 100, registrations: 100, largeEventTeams: 0 },
      { tag: "plan", passwordHash: "not-a-real-hash", now: new Date() },
    );
    // Merges the trigram indexes' pending entries and refreshes statistics, as autovacuum would.
    await site.database.db.execute(sql`vacuum analyze events`);
    await site.database.db.execute(sql`vacuum analyze partners`);
  });

  const filters = parseEventListFilters(new URLSearchParams("q=sculling aarhus 12"));
  const now = new Date();

  it.each([
    ["count", () => countPublicEventsQuery(site.database.db, filters, now)],
    ["page", () => publicEventsSliceQuery(site.database.db, filters, { limit: 24, offset: 24 }, now)],
  ])(
    "finds title, location and organiser matches through the trigram indexes (%s query)",
    async (_, query) => {
      const plan = await planOf(site.database.db, query());
      expect(plan).toMatch(/Bitmap Index Scan on events_title_trgm_idx/);
      expect(plan).toMatch(/Bitmap Index Scan on events_location_trgm_idx/);
      expect(plan).toMatch(/Bitmap Index Scan on partners_name_trgm_idx/);
      expect(plan).toMatch(/BitmapOr/);
    },
  );
});
