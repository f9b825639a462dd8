import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eventPageViews, events } from "#server/db/schema";
import { answerHeldPages, type HeldPageServed } from "#server/http/held-pages";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { captureLogs } from "../support/logs";
import { createTestPartner } from "../support/partners";
import { serveSite, type ServedSite } from "../support/serve-site";
import { scaled } from "../support/timeouts";

// Issue 14: a page the cache holds is answered in Node's own request handler, before Hono,
// with the bytes, headers and side effects (log line, metrics, view count) Hono gives it.

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const METRICS_TOKEN = "held-pages-metrics-token";
/** The status the bare server below gives whatever the held pages left alone. */
const PASSED_ON = 599;

let site: TestSite;
let served: ServedSite;
let bare: { url: string; answered: HeldPageServed[]; close(): Promise<void> };
let slug: string;
let eventId: string;

/**
 * Only the held pages, on a port of their own: what they do not answer comes back as 599.
 * `rendering` says whether a page is being rendered again (none is, unless told).
 */
async function serveHeldPagesAlone(rendering?: () => boolean) {
  const answered: HeldPageServed[] = [];
  const answerHeld = answerHeldPages({
    pageCache: site.pageCache,
    trustProxy: 0,
    served: (request) => answered.push(request),
    rendering,
  });
  const server = http.createServer((req, res) => {
    if (answerHeld(req, res)) return;
    res.writeHead(PASSED_ON);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const open = (base: string, path: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(`${base}${path}`, { method, headers: { "User-Agent": BROWSER, ...headers } });

/**
 * A request to the held pages alone, for the site's host: pages are held per origin, and
 * fetch cannot set Host.
 */
function openBare(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: new URL(bare.url).port,
        // An absolute URL is sent as the request target itself, as a proxy's is.
        path,
        method,
        headers: { Host: new URL(served.url).host, "User-Agent": BROWSER, ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          const answer = new Response(body.length > 0 ? body : null, { status: response.statusCode! });
          for (const [name, value] of Object.entries(response.headers)) {
            if (typeof value === "string") answer.headers.set(name, value);
          }
          resolve(answer);
        });
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/** Renders the page through the whole site (Hono) on its real port, so the cache holds it. */
async function hold(path: string) {
  await site.pageCache.changes.catchUp();
  const first = await open(served.url, path);
  await first.clone().arrayBuffer();
  return first;
}

async function viewsToday(): Promise<number> {
  const rows = await site.database.db
    .select({ views: eventPageViews.views })
    .from(eventPageViews)
    .where(and(eq(eventPageViews.eventId, eventId)));
  return rows.reduce((sum, row) => sum + row.views, 0);
}

beforeAll(async () => {
  site = await createTestSite({ metricsToken: METRICS_TOKEN });
  served = await serveSite(site, 0);
  bare = await serveHeldPagesAlone();
  const partner = await createTestPartner(site.database.db, "Held Pages Club");
  const event = await createTestEvent(site.database.db, partner.id, { title: "Held Pages Regatta" });
  slug = event.slug;
  eventId = event.id;
});

afterAll(async () => {
  await bare?.close();
  await served?.close();
  await site?.close();
});

describe("held pages answered before Hono", () => {
  it("sends the bytes and headers Hono sent, with the request's own id and log line", async () => {
    const rendered = await hold("/terms");
    expect(rendered.headers.get("X-Page-Cache")).toBe("miss");
    const logs = captureLogs("info");
    let held: Response;
    try {
      held = await open(served.url, "/terms");
    } finally {
      logs.stop();
    }
    expect(held.status).toBe(200);
    expect(held.headers.get("X-Page-Cache")).toBe("hit");
    for (const name of [
      "content-type",
      "content-security-policy",
      "etag",
      "cache-control",
      "vary",
      "x-frame-options",
    ]) {
      expect(held.headers.get(name), name).toBe(rendered.headers.get(name));
    }
    expect(held.headers.get("content-encoding")).toBe(rendered.headers.get("content-encoding"));
    const requestId = held.headers.get("X-Request-Id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestId).not.toBe(rendered.headers.get("X-Request-Id"));
    expect(logs.entries()).toContainEqual(
      expect.objectContaining({ level: "info", requestId, method: "GET", path: "/terms", status: 200 }),
    );
    expect(await held.text()).toBe(await (await open(served.url, "/terms")).text());
  });

  it("answers only held pages, to anonymous GET and HEAD requests, and passes everything else on", async () => {
    await hold("/privacy");
    expect((await openBare("/privacy")).status).toBe(200);
    const head = await openBare("/privacy", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("Content-Length"))).toBeGreaterThan(0);
    expect(await head.text()).toBe("");

    const passedOn = [
      openBare("/privacy", { Cookie: "__Host-rcl.session_token=abc" }),
      openBare("/privacy", { Cookie: "rcl_flash=contact-sent" }),
      openBare("/privacy", {}, "POST"),
      openBare("/contact"),
      openBare("/dashboard"),
      // Not held yet.
      openBare("/networking"),
      // A parameter named twice is never held (page-cache.ts `pageKey`).
      openBare("/privacy?a=1&a=2"),
    ];
    for (const answer of await Promise.all(passedOn)) expect(answer.status).toBe(PASSED_ON);
  });

  it("finds a page under its normalised query, and answers a matching If-None-Match with 304", async () => {
    const rendered = await hold("/events?q=held&type=");
    const etag = rendered.headers.get("ETag")!;
    const reordered = await openBare("/events?type=&q=held");
    expect(reordered.status).toBe(200);
    expect(reordered.headers.get("ETag")).toBe(etag);
    const unchanged = await openBare("/events?q=held", { "If-None-Match": etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get("content-security-policy")).toBeNull();
    expect(await unchanged.text()).toBe("");
  });

  it("stops answering a page the moment a write makes it stale", async () => {
    await hold(`/events/${slug}`);
    expect((await openBare(`/events/${slug}`)).status).toBe(200);
    await site.database.db
      .update(events)
      .set({ title: "Held Pages Regatta Renamed" })
      .where(eq(events.id, eventId));
    await site.pageCache.changes.catchUp();
    expect((await openBare(`/events/${slug}`)).status).toBe(PASSED_ON);
    const fresh = await hold(`/events/${slug}`);
    expect(await fresh.text()).toContain("Held Pages Regatta Renamed");
  });

  it("leaves a Host header it cannot read, and proxies' forwarded URLs, to the site's own checks", async () => {
    await hold("/privacy");
    const odd = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${bare.url}/privacy`,
        { headers: { Host: "user@evil.test" } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on("error", reject);
      request.end();
    });
    expect(odd).toBe(PASSED_ON);
    // Another origin is another key: a page held for 127.0.0.1 is not the one asked for here.
    expect((await openBare("/privacy", { Host: "other.test" })).status).toBe(PASSED_ON);
    // The URL parser reads a backslash as a slash; the site refuses it, so it is not held.
    await hold(`/events/${slug}`);
    expect((await openBare(`/events/${slug}`)).status).toBe(200);
    expect((await openBare(`/events\\${slug}`)).status).toBe(PASSED_ON);
    // Behind a trusted proxy the target is the visitor's absolute URL (forwarded-origin.ts).
    expect((await openBare(`${served.url}/privacy`, { Host: "10.0.0.5:3000" })).status).toBe(200);
    expect((await openBare("http://elsewhere.test/privacy")).status).toBe(PASSED_ON);
  });

  it("tells the site of each page it answered: view counts for people, metrics for every hit", async () => {
    await hold(`/events/${slug}`);
    // A page the cache already held counts its view after the answer is sent.
    await site.pageViews.flush();
    const before = await viewsToday();
    expect((await open(served.url, `/events/${slug}`)).headers.get("X-Page-Cache")).toBe("hit");
    expect(
      (await open(served.url, `/events/${slug}`, { "User-Agent": GOOGLEBOT })).headers.get("X-Page-Cache"),
    ).toBe("hit");
    // Counted after the answer is sent, so a visitor never waits for it.
    await vi.waitFor(async () => expect(await viewsToday()).toBe(before + 1), { timeout: scaled(10_000) });

    await vi.waitFor(
      async () => {
        const metrics = await (
          await open(served.url, "/metrics", { Authorization: `Bearer ${METRICS_TOKEN}` })
        ).text();
        const hits = /rcl_page_cache_responses_total\{result="hit"\} (\d+)/.exec(metrics);
        expect(Number(hits?.[1])).toBeGreaterThanOrEqual(2);
        expect(metrics).toMatch(
          /rcl_http_requests_total\{method="GET",route="\/events\/:slug",status="200"\} \d+/,
        );
      },
      { timeout: scaled(10_000) },
    );
    // The crawler's view was never counted, however long one waits.
    expect(await viewsToday()).toBe(before + 1);
  });

  it("reports failures while answering from memory, and keeps serving", async () => {
    await hold(`/events/${slug}`);
    const reported: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      reported.push(args.map(String).join(" "));
    });

    // After the page was sent: the answer stands, and the failure is logged.
    const add = vi.spyOn(site.pageViews, "add").mockImplementation(() => {
      throw new Error("The view counter broke");
    });
    try {
      const held = await open(served.url, `/events/${slug}`);
      expect(held.status).toBe(200);
      expect(held.headers.get("X-Page-Cache")).toBe("hit");
      expect(await held.text()).toContain("Held Pages Regatta");
    } finally {
      add.mockRestore();
    }
    expect(reported.join("\n")).toContain("Counting a page served from the cache failed");
    expect(reported.join("\n")).toContain("The view counter broke");

    // Before anything was sent: the site answers instead (here its error page, as the
    // store fails there too), and the process lives on.
    const get = vi.spyOn(site.pageCache.store, "get").mockImplementation(() => {
      throw new Error("The page store broke");
    });
    try {
      expect((await open(served.url, `/events/${slug}`)).status).toBe(500);
    } finally {
      get.mockRestore();
    }
    expect(reported.join("\n")).toContain("Error while answering GET from the page cache");
    expect((await open(served.url, "/terms")).status).toBe(200);
  });

  // Last: it lets every page held so far expire.
  it("serves an expired page while a render replaces it, and leaves starting that render to the site", async () => {
    await hold("/networking");
    site.agePages(60 * 60_000 + 1_000);
    // No render under way: the site serves the old page and starts one.
    expect((await openBare("/networking")).status).toBe(PASSED_ON);
    const rendering = await serveHeldPagesAlone(() => true);
    try {
      const answer = await new Promise<number>((resolve, reject) => {
        const request = http.request(
          { host: "127.0.0.1", port: new URL(rendering.url).port, path: "/networking" },
          (response) => {
            response.resume();
            expect(response.headers["x-page-cache"]).toBe("stale");
            resolve(response.statusCode ?? 0);
          },
        );
        request.setHeader("Host", new URL(served.url).host);
        request.on("error", reject);
        request.end();
      });
      expect(answer).toBe(200);
      expect(rendering.answered).toEqual([expect.objectContaining({ path: "/networking", cache: "stale" })]);
    } finally {
      await rendering.close();
    }
    // Through the whole site: the old page at once, then the new one once it is rendered.
    expect((await open(served.url, "/networking")).headers.get("X-Page-Cache")).toBe("stale");
    await vi.waitFor(
      async () => expect((await open(served.url, "/networking")).headers.get("X-Page-Cache")).toBe("hit"),
      { timeout: scaled(10_000) },
    );
  });
});
