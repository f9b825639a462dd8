import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { events, partners, siteSettings } from "#server/db/schema";
import { createTestSite, TEST_BASE_URL, type TestSite } from "../support/http-app";

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
  // Extra rows for the search rules: a past event and titles with LIKE wildcards in them.
  const [partner] = await site.database.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.slug, "copenhagen-harbour-rowing-club"));
  const base = {
    description: "Search rule fixture",
    partnerId: partner!.id,
    location: "Aarhus",
    priceMinor: 10_000,
    currency: "DKK",
    maxTeams: 4,
    status: "published" as const,
  };
  await site.database.db.insert(events).values([
    {
      ...base,
      slug: "past-harbour-sprint",
      title: "Past Harbour Sprint",
      type: "traditional_rowing",
      startsAt: new Date("2020-05-01T08:00:00Z"),
      endsAt: new Date("2020-05-01T12:00:00Z"),
      registrationDeadline: new Date("2020-04-20T08:00:00Z"),
    },
    {
      ...base,
      slug: "hundred-percent-effort",
      title: "100% Effort Erg Day",
      type: "indoor_rowing",
      startsAt: new Date("2099-05-01T08:00:00Z"),
      endsAt: new Date("2099-05-01T12:00:00Z"),
      registrationDeadline: new Date("2099-04-20T08:00:00Z"),
    },
    {
      ...base,
      slug: "snake-case-day",
      title: "Team_Building Day",
      type: "team_building",
      startsAt: new Date("2099-06-01T08:00:00Z"),
      endsAt: new Date("2099-06-01T12:00:00Z"),
      registrationDeadline: new Date("2099-05-20T08:00:00Z"),
    },
    {
      ...base,
      slug: "draft-secret-regatta",
      title: "Secret Draft Regatta",
      type: "traditional_rowing",
      status: "draft",
      startsAt: new Date("2099-07-01T08:00:00Z"),
      endsAt: new Date("2099-07-01T12:00:00Z"),
      registrationDeadline: new Date("2099-06-20T08:00:00Z"),
    },
  ]);
});

afterAll(async () => {
  await site?.close();
});

async function html(path: string) {
  const response = await site.request(path);
  return { status: response.status, body: await response.text(), headers: response.headers };
}

/** The event titles listed on an /events page, in order. */
async function listedTitles(query: string) {
  const { status, body } = await html(`/events${query}`);
  expect(status).toBe(200);
  return [...body.matchAll(/<h2 class="mt-3[^"]*">([^<]+)<\/h2>/g)].map((match) => match[1]);
}

describe("/events search and filter", () => {
  it("lists upcoming published events, soonest first, with the spec's texts", async () => {
    const { body } = await html("/events");
    expect(body).toContain("<title>Corporate Rowing Events | Rethink Corporate Life</title>");
    expect(body).toMatch(/<h1[^>]*>Corporate Rowing Events<\/h1>/);
    expect(body).toContain("Organizing Your Own Event?");
    expect(body).toMatch(/<a[^>]*href="\/partners"[^>]*>Become a Partner<\/a>/);
    const titles = await listedTitles("");
    expect(titles.slice(0, 4)).toEqual([
      "Networking Mixer",
      "Leadership Brunch Copenhagen",
      "Virtual Career Workshop",
      "Riverside Team Racing",
    ]);
    expect(titles).not.toContain("Past Harbour Sprint");
    expect(titles).not.toContain("Secret Draft Regatta");
    expect(titles).toHaveLength(9);
  });

  it("matches title, location and organiser case-insensitively", async () => {
    expect(await listedTitles("?q=RIVERSIDE")).toEqual(["Riverside Team Racing"]);
    expect(await listedTitles("?q=oxford")).toEqual(["Oxford Leadership Summit"]);
    expect(await listedTitles("?q=frankfurter%20rg")).toEqual([
      "Virtual Career Workshop",
      "Riverside Team Racing",
      "Oxford Leadership Summit",
    ]);
  });

  it("takes % and _ literally", async () => {
    expect(await listedTitles("?q=100%25")).toEqual(["100% Effort Erg Day"]);
    expect(await listedTitles("?q=%25")).toEqual(["100% Effort Erg Day"]);
    expect(await listedTitles("?q=team_building")).toEqual(["Team_Building Day"]);
    expect(await listedTitles("?q=_")).toEqual(["Team_Building Day"]);
  });

  it("filters by type and combines type with search", async () => {
    expect(await listedTitles("?type=indoor_rowing")).toEqual([
      "Indoor Rowing Challenge",
      "100% Effort Erg Day",
    ]);
    expect(await listedTitles("?type=traditional_rowing&q=frankfurt")).toEqual(["Riverside Team Racing"]);
    expect(await listedTitles("?type=team_building&q=riverside")).toEqual([]);
  });

  it("treats an unknown type as All Types", async () => {
    expect(await listedTitles("?type=underwater_basket_weaving")).toEqual(await listedTitles(""));
  });

  it("shows past events only when asked for", async () => {
    expect(await listedTitles("?when=past")).toEqual(["Past Harbour Sprint"]);
    expect((await listedTitles("?when=all")).at(-1)).toBe("Past Harbour Sprint");
  });

  it("shows the empty texts when nothing matches", async () => {
    const { body } = await html("/events?q=no-such-thing-anywhere");
    expect(body).toContain("No events found");
    expect(body).toContain("Try adjusting your search or filter criteria.");
  });

  it("cuts a 10 kB search to a sane length instead of failing", async () => {
    const { status, body } = await html(`/events?q=${"a".repeat(10_000)}`);
    expect(status).toBe(200);
    expect(body).toMatch(/value="a{100}"/);
    expect(body).not.toMatch(/a{101}/);
  });

  it("keeps the search and filter in the form so the page can be shared", async () => {
    const { body } = await html("/events?q=row&type=indoor_rowing");
    expect(body).toMatch(/<input[^>]*name="q"[^>]*value="row"/);
    expect(body).toMatch(/<option value="indoor_rowing" selected="">Indoor Rowing<\/option>/);
  });
});

describe("/events/{slug}", () => {
  it("shows header, side panel, share and calendar buttons and up to three other events", async () => {
    const { body } = await html("/events/riverside-team-racing");
    expect(body).toMatch(/<a[^>]*href="\/events"[^>]*>.*Back to events<\/a>/);
    expect(body).toContain("Organized by");
    expect(body).toContain("Registration deadline:");
    expect(body).toContain("June 1, 2027");
    expect(body).toContain('style="width:60%"');
    expect(body).toContain("Share Event");
    expect(body).toContain('href="/events/riverside-team-racing/calendar.ics"');
    expect(body).toContain(
      `href="/login?redirectTo=${encodeURIComponent("/events/riverside-team-racing/register")}"`,
    );
    const others = body.split("Other Events You Might Like")[1] ?? "";
    const otherTitles = [...others.matchAll(/<h3 class="mt-3[^"]*">([^<]+)<\/h3>/g)].map((m) => m[1]);
    expect(otherTitles).toHaveLength(3);
    expect(otherTitles).not.toContain("Riverside Team Racing");
    expect(otherTitles).not.toContain("Past Harbour Sprint");
  });

  it("offers Google Calendar and Outlook beside the .ics, in a new tab, at the event's Copenhagen times", async () => {
    const { body } = await html("/events/riverside-team-racing");
    const link = (service: string) => {
      const anchor = new RegExp(`<a href="(https://${service}[^"]+)"([^>]*)>(.*?)</a>`).exec(body);
      expect(anchor, service).not.toBeNull();
      const [, address, attributes, label] = anchor!;
      expect(attributes).toContain('target="_blank"');
      expect(attributes).toContain('rel="noopener"');
      return { params: new URL(address!.replaceAll("&amp;", "&")).searchParams, label: label! };
    };
    const google = link("calendar.google.com/calendar/render");
    expect(google.label).toContain("Add to Google Calendar");
    expect(google.label).toContain("opens in a new tab");
    expect(google.params.get("text")).toBe("Riverside Team Racing");
    // 09:00–17:00 in Copenhagen, in the zone the form is given.
    expect(google.params.get("dates")).toMatch(/^\d{4}0615T090000\/\d{4}0615T170000$/);
    expect(google.params.get("ctz")).toBe("Europe/Copenhagen");
    expect(google.params.get("details")).toContain(`${TEST_BASE_URL}/events/riverside-team-racing`);
    const outlook = link("outlook.live.com/calendar/0/action/compose");
    expect(outlook.label).toContain("Add to Outlook");
    // Summer time: two hours ahead of UTC.
    expect(outlook.params.get("startdt")).toMatch(/^\d{4}-06-15T07:00:00Z$/);
    expect(outlook.params.get("enddt")).toMatch(/^\d{4}-06-15T15:00:00Z$/);
    expect(outlook.params.get("location")).toBe(google.params.get("location"));
  });

  it("shows the site's cancellation terms, or the event's own, beside the registration box", async () => {
    const { db } = site.database;
    const [settings] = await db.select().from(siteSettings);
    const terms = (body: string) =>
      /aria-labelledby="([^"]+)"[^>]*><h2 id="\1"[^>]*>Cancellation terms<\/h2><p[^>]*>([^<]*)<\/p>/.exec(
        body,
      )?.[2];

    const byDefault = (await html("/events/riverside-team-racing")).body;
    expect(terms(byDefault)).toBe(settings!.defaultCancellationTerms.replaceAll("'", "&#x27;"));
    // Beside the registration box, before the organiser.
    const aside = byDefault.slice(byDefault.indexOf('aria-label="Registration"'));
    expect(aside.indexOf("Cancellation terms")).toBeLessThan(aside.indexOf(">Organizer<"));

    const own = "Free cancellation until 30 days before.\nAfter that, 50% is charged.";
    await db.update(events).set({ cancellationTerms: own }).where(eq(events.slug, "riverside-team-racing"));
    try {
      expect(terms((await html("/events/riverside-team-racing")).body)).toBe(own);
      // A blank text is no terms of its own: the site's apply.
      await db
        .update(events)
        .set({ cancellationTerms: "  " })
        .where(eq(events.slug, "riverside-team-racing"));
      expect(terms((await html("/events/riverside-team-racing")).body)).toBe(
        settings!.defaultCancellationTerms.replaceAll("'", "&#x27;"),
      );
      // The site's terms are read from its settings, so changing them changes every event without its own.
      await db.update(siteSettings).set({ defaultCancellationTerms: "No refunds after booking." });
      expect(terms((await html("/events/oxford-leadership-summit")).body)).toBe("No refunds after booking.");
    } finally {
      await db
        .update(events)
        .set({ cancellationTerms: null })
        .where(eq(events.slug, "riverside-team-racing"));
      await db.update(siteSettings).set({ defaultCancellationTerms: settings!.defaultCancellationTerms });
    }
  });

  it("lists other events of the same type first", async () => {
    const { body } = await html("/events/indoor-rowing-challenge");
    const others = body.split("Other Events You Might Like")[1] ?? "";
    const first = /<h3 class="mt-3[^"]*">([^<]+)<\/h3>/.exec(others)?.[1];
    expect(first).toBe("100% Effort Erg Day");
  });

  it("carries link-preview tags and schema.org Event data", async () => {
    const { body } = await html("/events/riverside-team-racing");
    expect(body).toContain(`<link rel="canonical" href="${TEST_BASE_URL}/events/riverside-team-racing"/>`);
    expect(body).toContain(
      `<meta property="og:image" content="${TEST_BASE_URL}/images/events/riverside-team-racing-preview.jpg"/>`,
    );
    expect(body).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    const json = /<script type="application\/ld\+json">(.+?)<\/script>/.exec(body)?.[1];
    const data = JSON.parse(json ?? "{}") as Record<string, unknown>;
    expect(data).toMatchObject({
      "@type": "Event",
      name: "Riverside Team Racing",
      eventStatus: "https://schema.org/EventScheduled",
      location: { "@type": "Place", name: "Frankfurt am Main, Germany" },
      organizer: { "@type": "Organization", name: "Frankfurter RG Germania" },
      offers: { price: "5000.00", priceCurrency: "DKK", availability: "https://schema.org/InStock" },
      remainingAttendeeCapacity: 8,
      maximumAttendeeCapacity: 20,
    });
    expect(data.startDate).toBe("2027-06-15T07:00:00.000Z");
  });

  it.each([
    "/events/caf%C3%A9",
    "/events/foo..bar",
    "/events/a%2F..%2Fb",
    "/events/secret-draft-regatta",
    "/events/draft-secret-regatta",
  ])("answers 404 for %s", async (path) => {
    expect((await site.request(path)).status).toBe(404);
  });

  it("answers 500 with its own message and logs the error when the database is down", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const down = vi.spyOn(site.database.db, "select").mockImplementation(() => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
    });
    // A query the page cache holds nothing for, so the page is rendered now.
    const { status, body } = await html("/events/riverside-team-racing?while=down");
    down.mockRestore();
    expect(status).toBe(500);
    expect(body).toContain("Failed to load event details.");
    expect(body).not.toContain("ECONNREFUSED");
    // One log line, with the request and the error's stack.
    expect(logged).toHaveBeenCalledWith(
      expect.stringMatching(
        /^(?=.*"Error while serving GET \/events\/riverside-team-racing")(?=.*ECONNREFUSED.*\\n\s+at )/,
      ),
    );
    logged.mockClear();
  });
});

describe("/events/{slug}/calendar.ics", () => {
  it("downloads an RFC 5545 file with the event's URL", async () => {
    const response = await site.request("/events/riverside-team-racing/calendar.ics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain('filename="riverside-team-racing.ics"');
    const ics = await response.text();
    expect(ics).toContain("DTSTART;TZID=Europe/Copenhagen:20270615T090000\r\n");
    expect(ics).toContain(`URL:${TEST_BASE_URL}/events/riverside-team-racing\r\n`);
  });

  it("answers 404 for an unpublished event", async () => {
    await site.database.db.update(events).set({ status: "draft" }).where(eq(events.slug, "networking-mixer"));
    expect((await site.request("/events/networking-mixer/calendar.ics")).status).toBe(404);
    await site.database.db
      .update(events)
      .set({ status: "published" })
      .where(eq(events.slug, "networking-mixer"));
  });
});
