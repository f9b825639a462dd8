import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type pg from "pg";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/client";
import { users } from "#server/db/schema";
import { seedSampleContent } from "#server/db/seed/seed";
import { createSite } from "#server/http/app";
import { createServices, type Services } from "#server/services";
import { companyBookingForm } from "../support/booking-form";
import { createTestDatabase, testDatabaseKind } from "../support/database";
import { TEST_AUTH_SECRET, TEST_BASE_URL } from "../support/http-app";
import { captureLogs } from "../support/logs";
import { testPasswordHashing } from "../support/password-hashing";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";
import { scaled } from "../support/timeouts";

const SERVER_BUILD = fileURLToPath(new URL("../../build/server/index.js", import.meta.url));
const EVENT = "/events/riverside-team-racing";
const HTML = "text/html";

type Site = { services: Services; request(path: string, init?: RequestInit): Promise<Response> };

/** The whole site on `database`, every page rendered (no page cache: what is refused must reach the database). */
async function siteOn(database: DatabaseHandle): Promise<Site> {
  const services = createServices({
    database,
    baseUrl: TEST_BASE_URL,
    authSecret: TEST_AUTH_SECRET,
    passwordHashing: testPasswordHashing,
    pageViewFlushMs: 0,
  });
  const build = (await import(SERVER_BUILD)) as ServerBuild;
  const { app } = createSite({ ...services, build, mode: "production" });
  return { services, request: async (path, init) => app.request(`${TEST_BASE_URL}${path}`, init) };
}

/** A verified account, signed in: its cookies. */
async function signedIn(site: Site): Promise<string> {
  const email = `short-${randomUUID()}@example.dk`;
  const password = "correct-horse-battery";
  const { user } = await site.services.auth.api.signUpEmail({
    body: { name: "Short Wait", email, password },
  });
  await site.services.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  const { headers } = await site.services.auth.api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  return headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
}

const form = (fields: Record<string, string>, cookie?: string): RequestInit => ({
  method: "POST",
  headers: {
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: TEST_BASE_URL,
    Accept: HTML,
    ...(cookie ? { Cookie: cookie } : {}),
  },
  body: new URLSearchParams(fields).toString(),
  redirect: "manual",
});

const booking = (cookie: string) =>
  form({ ...companyBookingForm(`Crew ${randomUUID().slice(0, 8)}`), idempotencyKey: randomUUID() }, cookie);

/** What each kind of request meets, anonymous and signed in: pages, data, actions, APIs, the health checks. */
function everyKind(cookie: string): [string, string, RequestInit][] {
  return [
    ["a page", EVENT, { headers: { Accept: HTML } }],
    ["a page, signed in", "/dashboard", { headers: { Accept: HTML, Cookie: cookie } }],
    ["a client-side navigation (.data)", `${EVENT}.data`, {}],
    ["a client-side navigation, signed in", "/dashboard.data", { headers: { Cookie: cookie } }],
    ["a form (sign-in)", "/login", form({ email: "someone@example.com", password: "not-the-password" })],
    ["a form, signed in (a booking)", `${EVENT}/register`, booking(cookie)],
    ["better-auth's endpoints", "/api/auth/verify-email?token=not-a-token", { redirect: "manual" }],
    [
      "an API (browser error reports)",
      "/api/client-errors",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: TEST_BASE_URL },
        body: JSON.stringify({ kind: "error", message: "boom", page: "/" }),
      },
    ],
    [
      "an API, signed in (image upload)",
      "/dashboard/partner/images",
      { method: "POST", headers: { Origin: TEST_BASE_URL, Cookie: cookie }, body: new FormData() },
    ],
    ["/healthz", "/healthz", {}],
    ["/readyz", "/readyz", {}],
  ];
}

/** Every answer is the 503 a client can time: Retry-After, never stored. */
async function expectEveryKindRefused(site: Site, cookie: string, problem: string) {
  for (const [what, path, init] of everyKind(cookie)) {
    const response = await site.request(path, init);
    expect(response.status, what).toBe(503);
    expect(response.headers.get("retry-after"), what).toBe("5");
    expect(response.headers.get("cache-control"), what).toMatch(/no-store/);
    const body = await response.text();
    if (path === "/healthz" || path === "/readyz") {
      expect(JSON.parse(body), what).toMatchObject({ database: { kind: "postgres", problem } });
    } else {
      expect(body, what).toMatch(/busy/);
    }
  }
}

// PGlite runs inside the process: there is no server to lose, no pool to exhaust, and no
// statement_timeout to reach over a network. These run with TEST_DATABASE_URL.
describe.skipIf(testDatabaseKind !== "postgres")("a database that is short (PostgreSQL only)", () => {
  let owner: DatabaseHandle;
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  let site: Site;
  let cookie: string;

  beforeAll(async () => {
    owner = await createTestDatabase();
    await seedSampleContent(owner.db);
    const url = new URL(owner.pool!.options.connectionString!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    // The site's own pool, through the proxy: a few connections, and a short wait for one
    // (long enough for a new connection to start on a busy machine).
    database = await openDatabase({
      kind: "postgres",
      url: proxy.through(url.toString()),
      poolMax: 3,
      poolTimeoutMs: scaled(500),
    });
    site = await siteOn(database);
    cookie = await signedIn(site);
  });

  afterAll(async () => {
    await database?.close();
    await proxy?.close();
    await owner?.close();
  });

  it("answers every kind of request 503 with Retry-After while the database is cut off, and serves again once it is back, without a restart", async () => {
    expect((await site.request(EVENT, { headers: { Accept: HTML } })).status).toBe(200);
    expect((await site.request("/dashboard", { headers: { Cookie: cookie } })).status).toBe(200);
    // A transaction's connection, checked out when the server goes away: its loss must not
    // end the process (pg emits "error" on a client no query is waiting on).
    const checkedOut: pg.PoolClient = await database.pool!.connect();
    // The health checks' error lines are expected: every line is checked at the end.
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const logs = captureLogs("warn");
    try {
      await proxy.cut();
      await expectEveryKindRefused(site, cookie, "unreachable");

      // In the visitor's language, with nothing from the database.
      const danish = await site.request(`/da${EVENT}`, { headers: { Accept: HTML } });
      expect(danish.status).toBe(503);
      const page = await danish.text();
      expect(page).toContain('<html lang="da">');
      expect(page).toContain("<h1>Der er travlt på sitet</h1>");
      expect(page).toContain("Prøv igen");

      // Only the health checks log errors: an operator hears of the outage there, once per
      // check, and every refused request is one warning classed as overload, without a stack.
      const entries = logs.entries();
      expect(entries.filter((entry) => entry.level === "error").map((entry) => entry.msg)).toEqual([
        expect.stringMatching(/^Health check: database unreachable/),
        expect.stringMatching(/^Readiness check: database unreachable/),
      ]);
      const refused = entries.filter((entry) => entry.msg.startsWith("Overload:"));
      expect(refused.length).toBe(everyKind(cookie).length - 2 + 1);
      expect(refused.every((entry) => entry.class === "overload" && entry.database === "unreachable")).toBe(
        true,
      );
      expect(logs.lines.join("\n")).not.toMatch(/\\n\s+at /);
    } finally {
      logs.stop();
      checkedOut.release();
      await proxy.restore();
    }

    // Back: the pool opens new connections by itself.
    expect((await site.request(EVENT, { headers: { Accept: HTML } })).status).toBe(200);
    expect((await site.request("/dashboard", { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await site.request(`${EVENT}/register`, booking(cookie))).status).toBe(303);
    expect((await site.request("/healthz")).status).toBe(200);
    expect((await site.request("/readyz")).status).toBe(200);
    expect(errors.mock.calls.map(([line]) => JSON.parse(String(line)).msg)).toEqual([
      expect.stringMatching(/^Health check: database unreachable: connect ECONNREFUSED/),
      expect.stringMatching(/^Readiness check: database unreachable: connect ECONNREFUSED/),
    ]);
  });

  it("answers 503 signed in and anonymous while every pooled connection is taken, and serves again once one is free", async () => {
    const held = await Promise.all(Array.from({ length: 3 }, () => database.pool!.connect()));
    const logs = captureLogs("warn");
    try {
      await expectEveryKindRefused(site, cookie, "busy");
      // Load, not an error: nothing at error level.
      expect(logs.entries().filter((entry) => entry.level === "error")).toEqual([]);
    } finally {
      logs.stop();
      for (const client of held) client.release();
    }
    expect((await site.request("/dashboard", { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await site.request(EVENT, { headers: { Accept: HTML } })).status).toBe(200);
  });

  it("answers 503 when a statement runs past the database's statement_timeout", async () => {
    const url = new URL(owner.pool!.options.connectionString!);
    url.searchParams.set("options", `-c statement_timeout=${scaled(500)}`);
    const timed = await openDatabase({ kind: "postgres", url: url.toString(), poolMax: 3 });
    const lock = await owner.pool!.connect();
    try {
      const slow = await siteOn(timed);
      const timedCookie = await signedIn(slow);
      // Every read of the events waits for this lock, past the statement timeout.
      await lock.query("begin");
      await lock.query("lock table events in access exclusive mode");
      const logs = captureLogs("warn");
      try {
        for (const [what, path, init] of [
          ["a page", EVENT, { headers: { Accept: HTML } }],
          ["a page, signed in", EVENT, { headers: { Accept: HTML, Cookie: timedCookie } }],
          ["a booking", `${EVENT}/register`, booking(timedCookie)],
        ] as const) {
          const response = await slow.request(path, init);
          expect(response.status, what).toBe(503);
          expect(response.headers.get("retry-after"), what).toBe("5");
        }
        expect(logs.entries().filter((entry) => entry.level === "error")).toEqual([]);
        expect(logs.entries().some((entry) => entry.database === "timeout")).toBe(true);
      } finally {
        logs.stop();
      }
    } finally {
      await lock.query("rollback");
      lock.release();
      await timed.close();
    }
  });
});
