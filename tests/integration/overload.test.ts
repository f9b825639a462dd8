import { fileURLToPath } from "node:url";
import type pg from "pg";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/client";
import { seedSampleContent } from "#server/db/seed/seed";
import { createSite } from "#server/http/app";
import { createServices } from "#server/services";
import { createTestDatabase, testDatabaseKind } from "../support/database";
import { TEST_AUTH_SECRET, TEST_BASE_URL } from "../support/http-app";
import { captureLogs } from "../support/logs";
import { scaled } from "../support/timeouts";

const SERVER_BUILD = fileURLToPath(new URL("../../build/server/index.js", import.meta.url));
const EVENT = "/events/riverside-team-racing";
const PAGE = { headers: { Accept: "text/html" } };

/** What a request may meet when no pooled connection is free: each kind of handler in turn. */
const REQUESTS: [string, string, RequestInit][] = [
  ["a page load (loaders)", EVENT, PAGE],
  ["a client-side navigation (.data)", `${EVENT}.data`, {}],
  [
    "a resource route (the live stream)",
    `${EVENT}/availability`,
    { headers: { Accept: "text/event-stream" } },
  ],
  [
    "a form post (an action)",
    "/login",
    {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: TEST_BASE_URL,
        ...PAGE.headers,
      },
      body: new URLSearchParams({ email: "someone@example.com", password: "not-the-password" }).toString(),
    },
  ],
  ["better-auth's endpoints", "/api/auth/verify-email?token=not-a-token", {}],
  ["the health check", "/healthz", {}],
];

// Only PostgreSQL has a pool; PGlite is one connection in the process.
describe.skipIf(testDatabaseKind !== "postgres")("a database with no connection free", () => {
  let owner: DatabaseHandle;
  let database: DatabaseHandle;
  let request: (path: string, init?: RequestInit) => Promise<Response>;

  beforeAll(async () => {
    owner = await createTestDatabase();
    await seedSampleContent(owner.db);
    // The site's own pool: one connection, and a short wait for it (long enough for a new
    // connection to start on a busy machine, which the first query needs).
    const url = owner.pool!.options.connectionString!;
    database = await openDatabase({ kind: "postgres", url, poolMax: 1, poolTimeoutMs: scaled(1_000) });
    const services = createServices({ database, baseUrl: TEST_BASE_URL, authSecret: TEST_AUTH_SECRET });
    const build = (await import(SERVER_BUILD)) as ServerBuild;
    const { app } = createSite({ ...services, build, mode: "production" });
    request = async (path, init) => app.request(`${TEST_BASE_URL}${path}`, init);
  });

  afterAll(async () => {
    await database?.close();
    await owner?.close();
  });

  it("answers 503 with Retry-After and logs overload, never 500; once released, serves again", async () => {
    let held: pg.PoolClient | undefined = await database.pool!.connect();
    const logs = captureLogs("warn");
    try {
      for (const [what, path, init] of REQUESTS) {
        const response = await request(path, init);
        expect(response.status, what).toBe(503);
        expect(response.headers.get("retry-after"), what).toBe("5");
        expect(response.headers.get("cache-control"), what).toMatch(/no-store/);
        expect(await response.text(), what).toContain("busy");
      }
      const page = await request(EVENT, PAGE);
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await page.text()).toContain("<h1>The site is busy</h1>");
      const data = await request(`${EVENT}.data`);
      expect(data.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await data.text()).toBe("The site is busy right now. Please try again in a few seconds.");

      const entries = logs.entries();
      // One line per request, classed as overload; nothing at error level, no stack.
      const overload = entries.filter((entry) => entry.msg.startsWith("Overload:"));
      expect(overload).toHaveLength(REQUESTS.length + 2);
      expect(overload.every((entry) => entry.class === "overload" && entry.level === "warn")).toBe(true);
      expect(entries.filter((entry) => entry.level === "error" || entry.level === "fatal")).toEqual([]);
      expect(logs.lines.join("\n")).not.toMatch(/\n\s+at /);

      held.release();
      held = undefined;
      expect((await request(EVENT, PAGE)).status).toBe(200);
      expect((await request(`${EVENT}.data`)).status).toBe(200);
      // A refusal of the made-up token, from better-auth itself.
      expect(
        (await request("/api/auth/verify-email?token=not-a-token", { redirect: "manual" })).status,
      ).toBeLessThan(500);
      expect((await request("/healthz")).status).toBe(200);
    } finally {
      logs.stop();
      held?.release();
    }
  });
});
