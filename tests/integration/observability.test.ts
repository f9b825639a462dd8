import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { teamRegistrations } from "#server/db/schema";
import { createTestSite, type TestSite } from "../support/http-app";
import { captureLogs } from "../support/logs";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const METRICS_TOKEN = "metrics-token-for-the-tests-0123456789";

let site: TestSite;
let proxied: TestSite;
let logs: ReturnType<typeof captureLogs> | undefined;

beforeAll(async () => {
  site = await createTestSite({ metricsToken: METRICS_TOKEN });
  proxied = await createTestSite({ seed: false, trustProxy: 1 });
});

afterAll(async () => {
  await site?.close();
  await proxied?.close();
});

afterEach(() => {
  logs?.stop();
  logs = undefined;
});

/** Records every line from here to the end of the test, debug and trace ones included. */
function record() {
  logs = captureLogs("trace");
  return logs;
}

describe("the request log", () => {
  it("writes one line per request with method, path, status, duration and the id sent back", async () => {
    const { entries } = record();
    const response = await site.request("/events/riverside-team-racing?utm_source=mail");
    expect(response.status).toBe(200);
    const requestId = response.headers.get("X-Request-Id");
    expect(requestId).toMatch(UUID);

    const requestLines = entries().filter((entry) => entry.status !== undefined);
    expect(requestLines).toEqual([
      expect.objectContaining({
        level: "info",
        requestId,
        method: "GET",
        // Never the query string.
        path: "/events/riverside-team-racing",
        status: 200,
        durationMs: expect.any(Number),
        msg: expect.stringMatching(/^GET \/events\/riverside-team-racing 200 in [\d.]+ ms$/),
      }),
    ]);
  });

  it("puts the request's id on the other lines written while it is served", async () => {
    const { entries } = record();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const response = await site.request("/no/such/page");
      expect(response.status).toBe(404);
      const requestId = response.headers.get("X-Request-Id")!;
      const lines = entries().filter((entry) => entry.requestId === requestId);
      expect(lines.map((entry) => entry.msg)).toEqual([
        "404: no page at /no/such/page",
        expect.stringMatching(/^GET \/no\/such\/page 404 in/),
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it("gives every answer an id, refusals before the router included", async () => {
    const refused = await site.request("/contact", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("X-Request-Id")).toMatch(UUID);
    const health = await site.request("/healthz");
    expect(health.headers.get("X-Request-Id")).toMatch(UUID);
    expect(health.headers.get("X-Request-Id")).not.toBe(refused.headers.get("X-Request-Id"));
  });

  it("keeps a trusted proxy's X-Request-Id, and replaces an unsafe one", async () => {
    const { entries } = record();
    const kept = await proxied.request("/healthz", { headers: { "X-Request-Id": "edge-7f3a.42" } });
    expect(kept.headers.get("X-Request-Id")).toBe("edge-7f3a.42");
    expect(entries().find((entry) => entry.path === "/healthz")?.requestId).toBe("edge-7f3a.42");

    const unsafe = await proxied.request("/healthz", { headers: { "X-Request-Id": "a b\u0007" } });
    expect(unsafe.headers.get("X-Request-Id")).toMatch(UUID);
  });

  it("ignores a client's X-Request-Id when no proxy is trusted", async () => {
    const response = await site.request("/healthz", { headers: { "X-Request-Id": "chosen-by-the-client" } });
    expect(response.headers.get("X-Request-Id")).toMatch(UUID);
  });
});

describe("a visitor who left (issue 28)", () => {
  it("is logged as aborted with 499, never as a 500 with no error beside it", async () => {
    const { entries } = record();
    // Signed in, so the page is rendered for this request alone, and stopped with it.
    const left = new AbortController();
    left.abort();
    await site.request("/events/riverside-team-racing?left=1", {
      headers: { Cookie: "__Host-rcl.session_token=nobody" },
      signal: left.signal,
    });
    const lines = entries().filter((entry) => entry.path === "/events/riverside-team-racing");
    expect(lines).toEqual([
      expect.objectContaining({
        level: "info",
        status: 499,
        aborted: true,
        msg: expect.stringMatching(/^GET \/events\/riverside-team-racing 499 in [\d.]+ ms: the visitor left/),
      }),
    ]);
    expect(entries().filter((entry) => entry.level === "error" || entry.level === "warn")).toEqual([]);
  });
});

describe("secrets in the log", () => {
  it("never writes a token from an emailed link, a cookie, an authorization or a password", async () => {
    const { lines, entries } = record();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const secrets = {
      cookie: "rcl.session_token=CookieSecret0001",
      authorization: "Bearer AuthorizationSecret0002",
    };
    const headers = { Cookie: secrets.cookie, Authorization: secrets.authorization };
    try {
      await site.request("/reset-password?token=ResetTokenSecret0003", { headers });
      await site.request("/api/auth/verify-email?token=VerifyTokenSecret0004&callbackURL=/dashboard", {
        headers,
      });
      await site.request("/api/auth/reset-password/ResetLinkSecret0005?callbackURL=/reset-password", {
        headers,
      });
      await site.request("/invitations/InvitationSecret0006", { headers });
      await site.request("/invitations/InvitationSecret0007.data", { headers });
      await site.request("/login", {
        method: "POST",
        headers: {
          ...headers,
          Origin: "https://rcl.test",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ email: "user@demo.rcl.dk", password: "PasswordSecret0008" }),
      });
    } finally {
      warn.mockRestore();
    }

    const paths = entries()
      .filter((entry) => entry.status !== undefined)
      .map((entry) => entry.path);
    expect(paths).toEqual([
      "/reset-password",
      "/api/auth/verify-email",
      "/api/auth/reset-password/[redacted]",
      "/invitations/[redacted]",
      "/invitations/[redacted].data",
      "/login",
    ]);
    const everything = lines.join("");
    for (const secret of ["Secret0001", "Secret0002", "Secret0003", "Secret0004", "Secret0005"]) {
      expect(everything).not.toContain(secret);
    }
    for (const secret of ["Secret0006", "Secret0007", "Secret0008", "session_token"]) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe("errors", () => {
  it("logs a failed page with its stack and the request's id, once", async () => {
    const { entries } = record();
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const down = vi.spyOn(site.database.db, "select").mockImplementation(() => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
    });
    let response: Response;
    try {
      response = await site.request("/events/riverside-team-racing");
    } finally {
      down.mockRestore();
    }
    expect(response.status).toBe(500);
    const requestId = response.headers.get("X-Request-Id");
    const failures = entries().filter((entry) => entry.msg.startsWith("Error while serving"));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      level: "error",
      requestId,
      msg: "Error while serving GET /events/riverside-team-racing",
      err: { message: expect.stringContaining("ECONNREFUSED") },
    });
    expect((failures[0]!.err as { stack: string }).stack).toMatch(/\n\s+at /);
    // The request's own line counts the failure, at warn.
    expect(entries().find((entry) => entry.requestId === requestId && entry.status === 500)?.level).toBe(
      "warn",
    );
    logged.mockClear();
  });

  it("answers 500 and logs an error the host's own handlers did not catch", async () => {
    const { entries } = record();
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken = vi.spyOn(site.files, "get").mockRejectedValue(new Error("the store is gone"));
    try {
      const response = await site.request("/uploads/abc123.webp");
      expect(response.status).toBe(500);
      expect(await response.text()).toBe("Internal Server Error");
      expect(entries()).toContainEqual(
        expect.objectContaining({
          level: "error",
          msg: "Error while serving GET /uploads/abc123.webp",
          requestId: response.headers.get("X-Request-Id"),
          err: expect.objectContaining({
            message: "the store is gone",
            stack: expect.stringMatching(/\n\s+at /),
          }),
        }),
      );
    } finally {
      broken.mockRestore();
      logged.mockClear();
    }
  });
});

describe("/metrics", () => {
  const scrape = (token?: string) =>
    site.request("/metrics", token === undefined ? {} : { headers: { Authorization: `Bearer ${token}` } });

  it("does not exist without METRICS_TOKEN", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect((await proxied.request("/metrics")).status).toBe(404);
      const withToken = await proxied.request("/metrics", {
        headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(withToken.status).toBe(404);
      expect(await withToken.text()).not.toContain("rcl_http_requests_total");
    } finally {
      warn.mockRestore();
    }
  });

  it.each([
    ["no token", undefined],
    ["a wrong token", "metrics-token-for-the-tests-0123456780"],
    ["a prefix of the token", METRICS_TOKEN.slice(0, -1)],
    ["an empty token", ""],
  ])("answers 401 to %s", async (_label, token) => {
    const response = await scrape(token);
    expect(response.status).toBe(401);
    expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expect(await response.text()).not.toContain("rcl_");
  });

  it("answers 401 to the token under another scheme", async () => {
    const response = await site.request("/metrics", { headers: { Authorization: `Basic ${METRICS_TOKEN}` } });
    expect(response.status).toBe(401);
  });

  it("gives requests by route pattern, the database, the job queue and registrations to the operator", async () => {
    await site.request("/");
    await site.request("/events/riverside-team-racing");
    await site.request("/events/riverside-team-racing.data");
    await site.request("/events/riverside-team-racing");
    await site.request("/healthz");
    const response = await scrape(METRICS_TOKEN);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = await response.text();

    expect(body).toMatch(
      /^rcl_http_requests_total\{method="GET",route="\/events\/:slug",status="200"\} [2-9]/m,
    );
    expect(body).toMatch(/^rcl_http_requests_total\{method="GET",route="\/",status="200"\} \d+/m);
    expect(body).toMatch(/^rcl_http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/m);
    expect(body).toMatch(
      /^rcl_http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/events\/:slug"\}/m,
    );
    // The event page was rendered once for the cache, then served from it.
    expect(body).toMatch(/^rcl_page_cache_responses_total\{result="miss"\} [1-9]/m);
    expect(body).toMatch(/^rcl_page_cache_responses_total\{result="hit"\} [1-9]/m);
    // Slugs and ids never become labels.
    expect(body).not.toContain("riverside-team-racing");

    expect(body).toContain(`rcl_database_info{kind="${site.database.kind}"} 1`);
    expect(body).toMatch(/^rcl_database_up 1$/m);
    if (site.database.pool) {
      expect(body).toMatch(/^rcl_db_pool_max_connections \d+$/m);
      expect(body).toMatch(/^rcl_db_pool_connections\{state="idle"\} \d+$/m);
      expect(body).toMatch(/^rcl_db_pool_waiting_requests \d+$/m);
    }
    expect(body).toMatch(/^rcl_jobs\{queue="send-email",state="failed"\} \d+$/m);
    expect(body).toMatch(/^rcl_jobs\{queue="send-reminders",state="created"\} \d+$/m);
    expect(body).toContain("process_cpu_user_seconds_total");

    const confirmed = await site.database.db
      .select()
      .from(teamRegistrations)
      .where(eq(teamRegistrations.status, "confirmed"));
    expect(body).toMatch(
      new RegExp(`^rcl_team_registrations\\{status="confirmed"\\} ${confirmed.length}$`, "m"),
    );
    expect(body).toMatch(/^rcl_team_registrations\{status="cancelled"\} \d+$/m);
  });
});
