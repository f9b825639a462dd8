import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { events } from "#server/db/schema";
import { createTestSite, type TestSite } from "../support/http-app";

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
});

afterAll(async () => {
  await site?.close();
});

async function page(path: string) {
  const response = await site.request(path);
  return { status: response.status, headers: response.headers, html: await response.text() };
}

describe("home page", () => {
  it("is rendered on the server with the hero and its two buttons", async () => {
    const { status, html } = await page("/");
    expect(status).toBe(200);
    expect(html).toContain("<title>Rethink Corporate Life</title>");
    expect(html).toMatch(/<h1[^>]*>Rethink Corporate Life<\/h1>/);
    expect(html).toMatch(/<a[^>]*href="\/events"[^>]*>Discover Events<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/partners"[^>]*>Join as Partner<\/a>/);
  });

  it("has the navbar with every entry and the footer from site settings", async () => {
    const { html } = await page("/");
    for (const label of ["Home", "Events", "Networking", "Partners", "About", "Log in", "Sign up"]) {
      expect(html).toContain(`>${label}</a>`);
    }
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain("hello@rethinkcorporatelife.dk");
    expect(html).toMatch(/CVR (<!-- -->)?43218778/);
    expect(html).toContain('href="/terms"');
    expect(html).toContain('href="/privacy"');
    expect(html).toMatch(new RegExp(`© (<!-- -->)?${new Date().getFullYear()}`));
  });

  it("sends security headers and a nonce-based script policy on a page rendered per request", async () => {
    // A form page is never held by the page cache; held pages allow their scripts by hash
    // (tests/integration/page-cache.test.ts).
    const { headers, html } = await page("/contact");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const policy = headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    // Every inline script the document carries is allowed by that nonce.
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it("compresses responses for clients that accept it", async () => {
    const response = await site.request("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });
});

describe("unknown paths", () => {
  it("answer 404 with the spec's page and log the path", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { status, html } = await page("/no/such/page");
    expect(status).toBe(404);
    expect(html).toContain("Oops! Page not found");
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Return to Home<\/a>/);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("/no/such/page"));
    warn.mockRestore();
  });
});

describe("event detail", () => {
  it("shows the sample event's figures counted from registrations", async () => {
    const { status, html } = await page("/events/riverside-team-racing");
    expect(status).toBe(200);
    expect(html).toContain("<title>Riverside Team Racing | Rethink Corporate Life</title>");
    // Intl puts a no-break space after the currency code; the partner is registered for moms.
    expect(html).toContain("DKK\u00a05,000.00 incl. VAT (DKK\u00a04,000.00 excl. VAT)");
    expect(html).toContain("9:00 AM - 5:00 PM");
    expect(html).toMatch(/Teams registered: (<!-- -->)?12(<!-- -->)? \/ (<!-- -->)?20/);
    expect(html).toMatch(/8(<!-- -->)? team spots remaining/);
    expect(html).toContain("8 rowers plus 1 cox, with at least 3 members of each gender per boat");
    expect(html).toContain('href="/partners/frankfurter-rg-germania"');
  });

  it("answers 404 with the spec's texts for an unknown slug", async () => {
    const { status, html } = await page("/events/no-such-event");
    expect(status).toBe(404);
    expect(html).toContain("Event Not Found");
    expect(html).toContain("The event you&#x27;re looking for doesn&#x27;t exist or has been removed.");
    expect(html).toMatch(/<a[^>]*href="\/events"[^>]*>Browse All Events<\/a>/);
  });

  it("treats an unpublished event as unknown", async () => {
    await site.database.db.update(events).set({ status: "draft" }).where(eq(events.slug, "networking-mixer"));
    const { status } = await page("/events/networking-mixer");
    expect(status).toBe(404);
    await site.database.db
      .update(events)
      .set({ status: "published" })
      .where(eq(events.slug, "networking-mixer"));
  });

  it("keeps the chosen tab in the URL", async () => {
    const { html } = await page("/events/riverside-team-racing?tab=schedule");
    expect(html).toMatch(/<a[^>]*aria-selected="true"[^>]*>Schedule<\/a>/);
    expect(html).toContain("Arrival, coffee and safety briefing");
  });
});

describe("partner profile", () => {
  it("is shown without the navbar and footer", async () => {
    const { status, html } = await page("/partners/frankfurter-rg-germania");
    expect(status).toBe(200);
    expect(html).toContain("Frankfurter RG Germania");
    expect(html).toContain("Founded 1869");
    expect(html).not.toContain('aria-label="Main"');
    expect(html).not.toContain("<footer");
  });

  it("answers 404 with the spec's texts for an unknown slug", async () => {
    const { status, html } = await page("/partners/no-such-partner");
    expect(status).toBe(404);
    expect(html).toContain("Partner Not Found");
    expect(html).toContain("The partner you&#x27;re looking for doesn&#x27;t exist or has been removed.");
    expect(html).toMatch(/<a[^>]*href="\/partners"[^>]*>Browse All Partners<\/a>/);
    expect(html).not.toContain('aria-label="Main"');
  });
});

describe("short links", () => {
  it("/frggermania redirects permanently to the club's profile", async () => {
    const response = await site.request("/frggermania");
    expect([301, 308]).toContain(response.status);
    expect(response.headers.get("location")).toBe("/partners/frankfurter-rg-germania");
  });
});

describe("health check", () => {
  it("reports a reachable database", async () => {
    const response = await site.request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: { reachable: true } });
  });
});
