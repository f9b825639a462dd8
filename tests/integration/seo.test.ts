import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "#server/db/schema";
import { listSitemapFiles } from "#server/seo/list-sitemap-files";
import { renderSitemapFile } from "#server/seo/render-sitemap-file";
import { createTestSite, TEST_BASE_URL, type TestSite } from "../support/http-app";

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
});

afterAll(async () => {
  await site?.close();
});

/** The <loc> values of a sitemap or sitemap index. */
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

describe("/sitemap.xml", () => {
  it("is an index of sitemap files that together list every public page, published event and approved partner", async () => {
    await site.database.db.update(events).set({ status: "draft" }).where(eq(events.slug, "networking-mixer"));
    const response = await site.request("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const index = await response.text();
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locsOf(index);
    expect(files).toEqual([
      `${TEST_BASE_URL}/sitemaps/pages-1.xml`,
      `${TEST_BASE_URL}/sitemaps/events-1.xml`,
    ]);

    const locs: string[] = [];
    for (const file of files) {
      const part = await site.request(file.slice(TEST_BASE_URL.length));
      expect(part.status).toBe(200);
      expect(part.headers.get("content-type")).toContain("application/xml");
      const xml = await part.text();
      expect(xml).toContain(
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      );
      locs.push(...locsOf(xml));
    }
    for (const path of [
      "/",
      "/events",
      "/networking",
      "/partners",
      "/about",
      "/contact",
      "/terms",
      "/privacy",
    ]) {
      expect(locs).toContain(`${TEST_BASE_URL}${path}`);
      // And the same page in Danish (ADR 033).
      expect(locs).toContain(`${TEST_BASE_URL}${path === "/" ? "/da" : `/da${path}`}`);
    }
    expect(locs).toContain(`${TEST_BASE_URL}/events/riverside-team-racing`);
    expect(locs).toContain(`${TEST_BASE_URL}/da/events/riverside-team-racing`);
    expect(locs).toContain(`${TEST_BASE_URL}/partners/frankfurter-rg-germania`);
    expect(locs).toContain(`${TEST_BASE_URL}/partners/copenhagen-harbour-rowing-club`);
    expect(locs).not.toContain(`${TEST_BASE_URL}/events/networking-mixer`);
    expect(locs.filter((loc) => loc.startsWith(`${TEST_BASE_URL}/events/`))).toHaveLength(6);
    expect(locs.filter((loc) => loc.startsWith(`${TEST_BASE_URL}/da/events/`))).toHaveLength(6);
    expect(new Set(locs).size).toBe(locs.length);
    await site.database.db
      .update(events)
      .set({ status: "published" })
      .where(eq(events.slug, "networking-mixer"));
  });

  it("splits into files of at most the limit that together list the same URLs", async () => {
    const { db } = site.database;
    const whole = async (limit?: number) => {
      const locs: string[] = [];
      const files = await listSitemapFiles(db, limit);
      for (const file of files) {
        const xml = await renderSitemapFile(db, TEST_BASE_URL, file, limit);
        const fileLocs = locsOf(xml!);
        // Each page once in each language.
        if (limit) expect(fileLocs.length).toBeLessThanOrEqual(limit * 2);
        locs.push(...fileLocs);
      }
      return { files, locs };
    };
    const big = await whole();
    const small = await whole(4);
    expect(small.files.length).toBeGreaterThan(big.files.length);
    expect(small.locs).toEqual(big.locs);
    expect(await renderSitemapFile(db, TEST_BASE_URL, { section: "events", number: 99 }, 4)).toBeNull();
  });

  it.each([
    "/sitemaps/events-2.xml",
    "/sitemaps/pages-2.xml",
    "/sitemaps/events-0.xml",
    "/sitemaps/partners-1.xml",
    "/sitemaps/events-1",
    "/sitemaps/events-99999999999.xml",
  ])("answers 404 for %s", async (path) => {
    expect((await site.request(path)).status).toBe(404);
  });
});

describe("/robots.txt", () => {
  it("points to the sitemap", async () => {
    const response = await site.request("/robots.txt");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`Sitemap: ${TEST_BASE_URL}/sitemap.xml`);
  });
});

describe("page metadata", () => {
  it.each([
    ["/", "Rethink Corporate Life"],
    ["/events", "Corporate Rowing Events | Rethink Corporate Life"],
    ["/networking", "Networking | Rethink Corporate Life"],
    ["/contact", "Contact Us | Rethink Corporate Life"],
    ["/partners/apply", "Apply to Become a Partner | Rethink Corporate Life"],
  ])("%s has its own title, a description and a canonical URL", async (path, title) => {
    const body = await (await site.request(path)).text();
    expect(body).toContain(`<title>${title}</title>`);
    expect(body).toMatch(/<meta name="description" content="[^"]{20,}"\/>/);
    expect(body).toContain(`<link rel="canonical" href="${TEST_BASE_URL}${path}"/>`);
  });
});

describe("home page", () => {
  it("has every section in order, with data from the database", async () => {
    const body = await (await site.request("/")).text();
    const order = [
      "Discover Events",
      "Why Choose RCL",
      "Upcoming Networking Mixer",
      "Upcoming Events",
      "Become a Partner",
      "Sign Up Now",
    ].map((text) => body.indexOf(text));
    expect(order.every((index) => index > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const feature of ["Event Management", "Team Building", "Networking", "Analytics"]) {
      expect(body).toContain(feature);
    }
    // The next networking event, and the next three regular events (June 15, July 8, August 22).
    expect(body).toMatch(/Networking Mixer[\s\S]*href="\/events\/networking-mixer"[^>]*>Register Now/);
    const upcoming = body.slice(body.indexOf("Upcoming Events"), body.indexOf("Our Partners"));
    const titles = [...upcoming.matchAll(/<h3 class="mt-3[^"]*">([^<]+)<\/h3>/g)].map((m) => m[1]);
    expect(titles).toEqual([
      "Riverside Team Racing",
      "Equestrian Corporate Retreat",
      "Oxford Leadership Summit",
    ]);
    expect(upcoming.match(/>View Details</g)).toHaveLength(3);
    expect(body).toContain('href="/partners/frankfurter-rg-germania"');
    expect(body).toContain('href="/partners/copenhagen-harbour-rowing-club"');
    expect(body).toMatch(/href="\/contact"[^>]*>Contact Us</);
  });
});
