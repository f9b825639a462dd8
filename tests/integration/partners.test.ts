import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { events, partners } from "#server/db/schema";
import { listApprovedPartners, listApprovedPartnerSlugs } from "#server/partners/queries";
import { formatDate } from "~/lib/dates";
import { createTestSite, TEST_BASE_URL, type TestSite } from "../support/http-app";

let site: TestSite;

const FRANKFURT = "frankfurter-rg-germania";
const COPENHAGEN = "copenhagen-harbour-rowing-club";
const DAY_MS = 24 * 60 * 60 * 1000;

/** An approved partner that is not featured and whose only event is already over. */
const QUIET = { slug: "quiet-harbour-club", name: "Quiet Harbour Club" };
const PENDING = { slug: "pending-rowing-club", name: "Pending Rowing Club" };
const SUSPENDED = { slug: "suspended-rowing-club", name: "Suspended Rowing Club" };

beforeAll(async () => {
  site = await createTestSite();
  const { db } = site.database;
  const inserted = await db
    .insert(partners)
    .values([
      { ...QUIET, location: "Aarhus, Denmark", description: "A small club.", status: "approved" },
      // Featured on purpose: status alone must keep them off the public pages.
      { ...PENDING, location: "Odense, Denmark", description: "Waiting.", status: "pending", featured: true },
      {
        ...SUSPENDED,
        location: "Aalborg, Denmark",
        description: "Paused.",
        status: "suspended",
        featured: true,
      },
    ])
    .returning({ id: partners.id, slug: partners.slug });
  const quietId = inserted.find((row) => row.slug === QUIET.slug)?.id;
  if (!quietId) throw new Error("test partner was not inserted");
  const startsAt = new Date(Date.now() - 30 * DAY_MS);
  await db.insert(events).values({
    slug: "quiet-harbour-past-regatta",
    title: "Quiet Harbour Past Regatta",
    description: "Already rowed.",
    type: "traditional_rowing",
    status: "published",
    partnerId: quietId,
    location: "Aarhus, Denmark",
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3 * 60 * 60 * 1000),
    registrationDeadline: new Date(startsAt.getTime() - 7 * DAY_MS),
    priceMinor: 10_000,
    maxTeams: 4,
  });
});

afterAll(async () => {
  await site?.close();
});

async function page(path: string) {
  const response = await site.request(path);
  return { status: response.status, html: await response.text() };
}

async function partnerId(slug: string) {
  const [row] = await site.database.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.slug, slug));
  if (!row) throw new Error(`no partner ${slug}`);
  return row.id;
}

/** The partner's events as rows, so expectations are worked out here rather than in SQL. */
async function eventsOf(slug: string) {
  return site.database.db
    .select({
      slug: events.slug,
      title: events.title,
      status: events.status,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
    })
    .from(events)
    .where(eq(events.partnerId, await partnerId(slug)));
}

async function setEventStatus(slug: string, status: "draft" | "cancelled" | "published") {
  await site.database.db.update(events).set({ status }).where(eq(events.slug, slug));
}

/** The body of `<main>`, so tests look at the page itself. */
function mainOf(html: string) {
  const match = /<main[\s\S]*<\/main>/.exec(html);
  if (!match) throw new Error("page has no <main>");
  return match[0];
}

function eventsHostedStat(html: string) {
  const match = /<dt[^>]*>Events Hosted<\/dt><dd[^>]*>(\d+)<\/dd>/.exec(html);
  if (!match?.[1]) throw new Error("no Events Hosted figure");
  return Number(match[1]);
}

function headingLevels(html: string) {
  return [...mainOf(html).matchAll(/<h([1-6])\b/g)].map((match) => Number(match[1]));
}

function imgTags(html: string) {
  return [...mainOf(html).matchAll(/<img\b[^>]*>/g)].map((match) => match[0]);
}

function jsonLd(html: string) {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error("no JSON-LD block");
  return JSON.parse(match[1]) as Record<string, unknown>;
}

describe("partners landing", () => {
  it("shows the heading, the four benefits and the featured partners' cards", async () => {
    const { status, html } = await page("/partners");
    expect(status).toBe(200);
    expect(html).toContain("<title>Partner With RCL | Rethink Corporate Life</title>");
    expect(html).toMatch(/<h1[^>]*>Partner With RCL<\/h1>/);
    for (const benefit of [
      "Expanded Reach",
      "Event Management",
      "Branded Experience",
      "Analytics and Insights",
    ]) {
      expect(html).toMatch(new RegExp(`<h3[^>]*>${benefit}</h3>`));
    }
    for (const slug of [FRANKFURT, COPENHAGEN]) {
      expect(html).toMatch(new RegExp(`<a[^>]*href="/partners/${slug}"[^>]*>View Profile<span`));
    }
    expect(html).toMatch(/<h3[^>]*>Frankfurter RG Germania<\/h3>/);
    expect(html).toContain("Frankfurt am Main, Germany");
    expect(html).toContain("Copenhagen Harbour Rowing Club");
    expect(html).toContain("Corporate &amp; Individual");
    expect(html).toContain('alt="Frankfurter RG Germania logo"');
  });

  it("counts each card's events hosted from the partner's published events", async () => {
    const { html } = await page("/partners");
    for (const slug of [FRANKFURT, COPENHAGEN]) {
      const published = (await eventsOf(slug)).filter((event) => event.status === "published").length;
      expect(published).toBeGreaterThan(1);
      expect(html).toMatch(new RegExp(`${published}(<!-- -->)? (<!-- -->)?Events(<!-- -->)? Hosted`));
    }
  });

  it("lists only approved, featured partners", async () => {
    const { html } = await page("/partners");
    expect(html).not.toContain(PENDING.name);
    expect(html).not.toContain(SUSPENDED.name);
    // Approved but not featured.
    expect(html).not.toContain(QUIET.name);
    expect([...html.matchAll(/>View Profile</g)]).toHaveLength(2);
  });

  it("has the three steps, a testimonial, Apply Now and Contact Us", async () => {
    const { html } = await page("/partners");
    expect(html).toMatch(/<h2[^>]*>Become a Partner<\/h2>/);
    for (const step of ["Apply", "Onboarding", "Launch"])
      expect(html).toMatch(new RegExp(`</span>${step}</h3>`));
    expect(html).toContain("<blockquote");
    const applyLinks = [...html.matchAll(/<a[^>]*href="([^"]*)"[^>]*>Apply Now<\/a>/g)];
    expect(applyLinks.length).toBeGreaterThan(0);
    for (const [, href] of applyLinks) expect(href).toBe("/partners/apply");
    expect(html).toMatch(/<a[^>]*href="\/contact"[^>]*>Contact Us<\/a>/);
  });

  it("answers the partner FAQ, including the free listing and revenue sharing", async () => {
    const { html } = await page("/partners");
    expect(html).toMatch(/<h2[^>]*>Frequently Asked Questions<\/h2>/);
    expect(html).toContain("A basic listing is free");
    expect(html).toContain("Premium partnership uses revenue sharing");
    expect([...html.matchAll(/<details\b/g)].length).toBeGreaterThanOrEqual(3);
  });

  it("keeps its headings in order and gives every image a size and alt text", async () => {
    const { html } = await page("/partners");
    expectHeadingsInOrder(headingLevels(html));
    expectImagesComplete(imgTags(html));
  });

  it("has the navbar, a canonical URL and a description", async () => {
    const { html } = await page("/partners");
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain(`<link rel="canonical" href="${TEST_BASE_URL}/partners"/>`);
    expect(html).toMatch(/<meta name="description" content="[^"]*Basic listing is free/);
  });
});

function expectHeadingsInOrder(levels: number[]) {
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  for (let index = 1; index < levels.length; index += 1) {
    const previous = levels[index - 1] ?? 1;
    expect(levels[index]).toBeLessThanOrEqual(previous + 1);
  }
}

function expectImagesComplete(tags: string[]) {
  expect(tags.length).toBeGreaterThan(0);
  for (const tag of tags) {
    expect(tag).toMatch(/\bwidth="\d+"/);
    expect(tag).toMatch(/\bheight="\d+"/);
    expect(tag).toMatch(/\balt="[^"]+"/);
  }
}

describe("partner profile header and side card", () => {
  it("shows the cover with a back link, the logo, name, location, founding year and memberships", async () => {
    const { status, html } = await page(`/partners/${FRANKFURT}`);
    expect(status).toBe(200);
    expect(html).toContain('alt="The Frankfurt skyline seen from the river"');
    expect(html).toMatch(/<a[^>]*href="\/partners"[^>]*>.*Back to partners<\/a>/);
    expect(html).toMatch(/<h1[^>]*>Frankfurter RG Germania<\/h1>/);
    expect(html).toContain("Frankfurt am Main, Germany");
    expect(html).toMatch(/Founded (<!-- -->)?1869/);
    expect(html).toContain("Corporate &amp; Individual");
    expect(html).not.toContain('aria-label="Main"');
    expect(html).not.toContain("<footer");
  });

  it("links the contact details: mailto, tel and the website as https", async () => {
    const { html } = await page(`/partners/${FRANKFURT}`);
    expect(html).toMatch(/<a[^>]*href="mailto:events@frg-germania.de"[^>]*>events@frg-germania.de<\/a>/);
    expect(html).toMatch(/<a[^>]*href="tel:\+4969612345"[^>]*>\+49 69 61 23 45<\/a>/);
    expect(html).toMatch(/<a[^>]*href="https:\/\/frg-germania.de"[^>]*>frg-germania.de<\/a>/);
    expect(html).toContain("Schaumainkai 65, 60596 Frankfurt am Main, Germany");
    expect(html).toMatch(/<a[^>]*href="\/partners\/frankfurter-rg-germania\/inquire"[^>]*>.*Contact<\/a>/);
    expect(html).toMatch(
      /<a[^>]*href="\/partners\/frankfurter-rg-germania\/inquire"[^>]*>Inquire About Events<\/a>/,
    );
  });

  it("shows only the social icons the partner has", async () => {
    // React separates the interpolated parts of "{name} on {network}" with comments.
    const iconLabel = (name: string, network: string) =>
      new RegExp(`${name}(<!-- -->)? on (<!-- -->)?${network}<`);

    const frankfurt = mainOf((await page(`/partners/${FRANKFURT}`)).html);
    expect(frankfurt).toContain('href="https://www.facebook.com/frggermania"');
    expect(frankfurt).toMatch(iconLabel("Frankfurter RG Germania", "Facebook"));
    expect(frankfurt).toContain('href="https://www.instagram.com/frggermania"');
    expect(frankfurt).toMatch(iconLabel("Frankfurter RG Germania", "Instagram"));
    expect(frankfurt).not.toMatch(iconLabel("Frankfurter RG Germania", "LinkedIn"));
    expect(frankfurt).not.toContain("linkedin.com");

    const copenhagen = mainOf((await page(`/partners/${COPENHAGEN}`)).html);
    expect(copenhagen).toContain('href="https://www.facebook.com/harbourrowing"');
    expect(copenhagen).toMatch(iconLabel("Copenhagen Harbour Rowing Club", "Facebook"));
    expect(copenhagen).toContain('href="https://www.linkedin.com/company/harbourrowing"');
    expect(copenhagen).toMatch(iconLabel("Copenhagen Harbour Rowing Club", "LinkedIn"));
    expect(copenhagen).not.toMatch(iconLabel("Copenhagen Harbour Rowing Club", "Instagram"));
    expect(copenhagen).not.toContain("instagram.com");

    const quiet = mainOf((await page(`/partners/${QUIET.slug}`)).html);
    expect(quiet).not.toMatch(/ on (<!-- -->)?(Facebook|Instagram|LinkedIn)</);
  });

  it("counts Events Hosted from published events and follows status changes", async () => {
    const published = (await eventsOf(FRANKFURT)).filter((event) => event.status === "published");
    expect(published.length).toBeGreaterThan(1);
    expect(eventsHostedStat((await page(`/partners/${FRANKFURT}`)).html)).toBe(published.length);

    await setEventStatus("riverside-team-racing", "draft");
    await setEventStatus("oxford-leadership-summit", "cancelled");
    try {
      expect(eventsHostedStat((await page(`/partners/${FRANKFURT}`)).html)).toBe(published.length - 2);
    } finally {
      await setEventStatus("riverside-team-racing", "published");
      await setEventStatus("oxford-leadership-summit", "published");
    }
    expect(eventsHostedStat((await page(`/partners/${FRANKFURT}`)).html)).toBe(published.length);
  });

  it("counts past published events too", async () => {
    expect(eventsHostedStat((await page(`/partners/${QUIET.slug}`)).html)).toBe(1);
  });

  it("shows Founded and Memberships in the quick stats", async () => {
    const { html } = await page(`/partners/${COPENHAGEN}`);
    expect(html).toMatch(/<dt[^>]*>Founded<\/dt><dd[^>]*>1887<\/dd>/);
    expect(html).toMatch(/<dt[^>]*>Memberships<\/dt><dd[^>]*>Corporate<\/dd>/);
  });
});

describe("partner profile tabs", () => {
  it("opens on About with the rich description, facilities and services", async () => {
    const { html } = await page(`/partners/${FRANKFURT}`);
    expect(html).toMatch(/<a[^>]*aria-selected="true"[^>]*>About<\/a>/);
    expect(html).toMatch(/<h2[^>]*>About (<!-- -->)?Frankfurter RG Germania<\/h2>/);
    expect(html).toContain("<h3>Why companies choose us</h3>");
    expect(html).toMatch(/<h2[^>]*>Facilities<\/h2>/);
    expect(html).toContain("<li>Indoor rowing room with 20 ergometers</li>");
    expect(html).toMatch(/<h2[^>]*>Services<\/h2>/);
    expect(html).toContain("<li>Corporate regattas</li>");
  });

  it("lists the partner's upcoming published events with date and link", async () => {
    const now = Date.now();
    const upcoming = (await eventsOf(COPENHAGEN)).filter(
      (event) => event.status === "published" && event.endsAt.getTime() > now,
    );
    expect(upcoming.length).toBeGreaterThan(1);
    await setEventStatus("networking-mixer", "draft");
    try {
      const { html } = await page(`/partners/${COPENHAGEN}?tab=events`);
      expect(html).toMatch(/<a[^>]*aria-selected="true"[^>]*>Events<\/a>/);
      for (const event of upcoming.filter((e) => e.slug !== "networking-mixer")) {
        expect(html).toMatch(new RegExp(`<a[^>]*href="/events/${event.slug}"[^>]*>${event.title}</a>`));
        expect(html).toContain(`dateTime="${event.startsAt.toISOString()}">${formatDate(event.startsAt)}`);
      }
      expect(html).not.toContain('href="/events/networking-mixer"');
      // Another partner's events stay on that partner's page.
      expect(html).not.toContain('href="/events/riverside-team-racing"');
      expect(html).not.toContain("No upcoming events at the moment.");
    } finally {
      await setEventStatus("networking-mixer", "published");
    }
  });

  it("says so, with the partner's name, when no events are coming up", async () => {
    const { status, html } = await page(`/partners/${QUIET.slug}?tab=events`);
    expect(status).toBe(200);
    expect(html).toContain("No upcoming events at the moment.");
    expect(html).toContain(`Check back soon for new events from ${QUIET.name}.`);
    expect(html).not.toContain('href="/events/quiet-harbour-past-regatta"');
  });

  it("shows the gallery as sized images with alt text", async () => {
    const { html } = await page(`/partners/${FRANKFURT}?tab=gallery`);
    expect(html).toMatch(/<h2[^>]*>Gallery<\/h2>/);
    for (let index = 1; index <= 4; index += 1) {
      expect(html).toMatch(
        new RegExp(
          `<img src="/images/partners/${FRANKFURT}-gallery-${index}.svg" alt="[^"]+" width="800" height="600"`,
        ),
      );
    }
    expect(html).toContain('alt="A corporate eight racing at sunrise"');
  });

  it("shows testimonials with comment, name and position", async () => {
    const { html } = await page(`/partners/${FRANKFURT}?tab=testimonials`);
    expect(html).toMatch(/<h2[^>]*>Testimonials<\/h2>/);
    expect(html).toContain("The coaches made forty beginners feel like a real crew within an hour.");
    expect(html).toContain("Katrin Weber");
    expect(html).toContain("HR Director, Mainfeld Bank");
    expect(html).toContain("Lars Holm");
  });

  it("keeps headings in order and every image sized and described on every tab", async () => {
    for (const tab of ["", "?tab=events", "?tab=gallery", "?tab=testimonials"]) {
      const { html } = await page(`/partners/${FRANKFURT}${tab}`);
      expectHeadingsInOrder(headingLevels(html));
      expectImagesComplete(imgTags(html));
    }
  });
});

describe("partner profile meta", () => {
  it("describes the partner as a schema.org Organization", async () => {
    const { html } = await page(`/partners/${FRANKFURT}`);
    expect(jsonLd(html)).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Frankfurter RG Germania",
      url: `${TEST_BASE_URL}/partners/${FRANKFURT}`,
      description: expect.stringContaining("oldest rowing clubs") as unknown,
      logo: `${TEST_BASE_URL}/images/partners/${FRANKFURT}-logo.svg`,
      address: "Schaumainkai 65, 60596 Frankfurt am Main, Germany",
      email: "events@frg-germania.de",
      telephone: "+49 69 61 23 45",
      foundingDate: "1869",
      sameAs: ["https://www.facebook.com/frggermania", "https://www.instagram.com/frggermania"],
    });
    expect(jsonLd((await page(`/partners/${COPENHAGEN}`)).html)).toMatchObject({
      sameAs: ["https://www.facebook.com/harbourrowing", "https://www.linkedin.com/company/harbourrowing"],
    });
  });

  it("has title, canonical URL and link-preview tags with an absolute image URL", async () => {
    const { html } = await page(`/partners/${FRANKFURT}?tab=gallery`);
    expect(html).toContain("<title>Frankfurter RG Germania | Rethink Corporate Life</title>");
    expect(html).toContain(`<link rel="canonical" href="${TEST_BASE_URL}/partners/${FRANKFURT}"/>`);
    expect(html).toContain(
      `<meta property="og:image" content="${TEST_BASE_URL}/images/partners/${FRANKFURT}-cover-preview.jpg"/>`,
    );
    expect(html).toContain('<meta property="og:type" content="profile"/>');
  });
});

describe("partner profile 404s", () => {
  const notFound = [
    ["an unknown slug", "/partners/no-such-partner"],
    ["a pending partner", `/partners/${PENDING.slug}`],
    ["a suspended partner", `/partners/${SUSPENDED.slug}`],
    ["a unicode slug", `/partners/${encodeURIComponent("københavn-roklub")}`],
    ["a slug with ..", "/partners/frankfurter..rg-germania"],
    ["an encoded slash", `/partners/${FRANKFURT}%2Fevents`],
    ["an encoded path traversal", "/partners/..%2F..%2Fevents"],
    ["an upper-case slug", `/partners/${FRANKFURT.toUpperCase()}`],
  ] as const;

  it("answers 400 for a NUL byte, which the host refuses before any query", async () => {
    expect((await page("/partners/frankfurter%00")).status).toBe(400);
  });

  it.each(notFound)("answers 404 for %s", async (_label, path) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const { status, html } = await page(path);
      expect(status).toBe(404);
      expect(html).toContain("Partner Not Found");
      expect(html).toContain("<title>Partner Not Found | Rethink Corporate Life</title>");
      expect(html).toContain("The partner you&#x27;re looking for doesn&#x27;t exist or has been removed.");
      expect(html).toMatch(/<a[^>]*href="\/partners"[^>]*>Browse All Partners<\/a>/);
      expect(html).not.toContain("application/ld+json");
    } finally {
      warn.mockRestore();
    }
  });

  it("shows a pending partner once it is approved", async () => {
    const { db } = site.database;
    await db.update(partners).set({ status: "approved" }).where(eq(partners.slug, PENDING.slug));
    try {
      expect((await page(`/partners/${PENDING.slug}`)).status).toBe(200);
      expect((await page("/partners")).html).toContain(PENDING.name);
    } finally {
      await db.update(partners).set({ status: "pending" }).where(eq(partners.slug, PENDING.slug));
    }
  });
});

describe("partner lists for other pages", () => {
  it("lists approved partners only, featured first, for the home page and the sitemap", async () => {
    const { db } = site.database;
    const tiles = await listApprovedPartners(db);
    expect(tiles.map((partner) => partner.slug)).toEqual([COPENHAGEN, FRANKFURT, QUIET.slug]);
    expect(await listApprovedPartners(db, { limit: 1 })).toHaveLength(1);
    const slugs = (await listApprovedPartnerSlugs(db)).map((partner) => partner.slug);
    expect(slugs).toEqual([COPENHAGEN, FRANKFURT, QUIET.slug]);
  });
});
