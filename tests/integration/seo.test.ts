import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "#server/db/schema";
import { createTestSite, TEST_BASE_URL, type TestSite } from "../support/http-app";

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
});

afterAll(async () => {
  await site.close();
});

describe("/sitemap.xml", () => {
  it("lists every public page and every published event and approved partner", async () => {
    await site.database.db.update(events).set({ status: "draft" }).where(eq(events.slug, "networking-mixer"));
    const response = await site.request("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
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
    }
    expect(locs).toContain(`${TEST_BASE_URL}/events/riverside-team-racing`);
    expect(locs).toContain(`${TEST_BASE_URL}/partners/frankfurter-rg-germania`);
    expect(locs).toContain(`${TEST_BASE_URL}/partners/copenhagen-harbour-rowing-club`);
    expect(locs).not.toContain(`${TEST_BASE_URL}/events/networking-mixer`);
    expect(locs.filter((loc) => loc?.startsWith(`${TEST_BASE_URL}/events/`))).toHaveLength(6);
    await site.database.db
      .update(events)
      .set({ status: "published" })
      .where(eq(events.slug, "networking-mixer"));
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
