import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startErrorReporting, stopErrorReporting } from "#server/error-reporting";
import { CLIENT_ERROR_BODY_BYTES } from "#server/http/client-errors";
import { consumeNamedLimit } from "#server/security/rate-limits";
import { CLIENT_ERROR_LIMITS, CLIENT_ERROR_PATH } from "~/lib/client-errors";
import { captureLogs } from "../support/logs";
import { createTestSite, TEST_BASE_URL, type TestSite } from "../support/http-app";

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite({ seed: false, trustProxy: true });
});

afterAll(async () => {
  await site.close();
});

let nextAddress = 0;
/** Posts a report as the site's pages do: same origin, JSON, from its own client address. */
function post(
  body: string,
  {
    contentType = "application/json",
    origin = TEST_BASE_URL as string | null,
    address = `198.51.100.${++nextAddress}`,
  } = {},
) {
  const headers: Record<string, string> = { "Content-Type": contentType, "X-Forwarded-For": address };
  if (origin) headers.Origin = origin;
  return site.request(CLIENT_ERROR_PATH, { method: "POST", headers, body });
}

const report = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({
    kind: "error",
    message: "Cannot read properties of undefined (reading 'title')",
    page: `${TEST_BASE_URL}/events`,
    source: `${TEST_BASE_URL}/assets/events-3f9a.js`,
    line: 12,
    column: 345,
    stack: `TypeError: Cannot read properties of undefined (reading 'title')\n    at render (${TEST_BASE_URL}/assets/events-3f9a.js:12:345)`,
    ...fields,
  });

/** Runs `work` with every console.error allowed, and returns what it logged at warn or above. */
async function logOf(work: () => Promise<void>) {
  // Failed renders are logged at error level, which tests otherwise treat as a failure.
  const consoleErrors = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const logs = captureLogs("warn");
  try {
    await work();
  } finally {
    logs.stop();
    consoleErrors.mockClear();
  }
  const lines = logs.lines.filter((line) => line.includes("In a browser"));
  return { lines, entries: lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe("browser errors reported to the site", () => {
  it("logs a report from a page of the site as one warning, and answers 204", async () => {
    const { entries } = await logOf(async () => {
      expect((await post(report())).status).toBe(204);
    });
    expect(entries).toEqual([
      expect.objectContaining({
        level: "warn",
        kind: "error",
        msg:
          "In a browser: Uncaught error: Cannot read properties of undefined (reading 'title') " +
          `on ${TEST_BASE_URL}/events at ${TEST_BASE_URL}/assets/events-3f9a.js:12:345`,
        stack: expect.stringContaining(`at render (${TEST_BASE_URL}/assets/events-3f9a.js:12:345)`),
      }),
    ]);
  });

  it("logs a failed render or hydration as an error", async () => {
    const { entries } = await logOf(async () => {
      expect((await post(report({ kind: "hydration", message: "Hydration failed" }))).status).toBe(204);
      expect((await post(report({ kind: "render", message: "x is not a function" }))).status).toBe(204);
      expect((await post(report({ kind: "unhandledrejection", message: "Load failed" }))).status).toBe(204);
    });
    expect(entries.map(({ level, msg }) => [level, String(msg).split(":").slice(0, 2).join(":")])).toEqual([
      ["error", "In a browser: Hydration failed"],
      ["error", "In a browser: Render failed"],
      ["warn", "In a browser: Unhandled rejection"],
    ]);
  });

  it("takes a report with only its kind and message", async () => {
    const { entries } = await logOf(async () => {
      expect((await post(JSON.stringify({ kind: "error", message: "boom" }))).status).toBe(204);
    });
    expect(entries.map((entry) => entry.msg)).toEqual(["In a browser: Uncaught error: boom on -"]);
  });

  it("writes no address's query or fragment, nor an invitation's token, to the log", async () => {
    const { lines } = await logOf(async () => {
      const response = await post(
        report({
          message: `Failed to fetch ${TEST_BASE_URL}/reset-password?token=secret-in-the-message`,
          page: `${TEST_BASE_URL}/invitations/secret-invitation-token`,
          source: `${TEST_BASE_URL}/assets/x.js?session=secret-in-the-source#frag`,
          stack: `Error: x\n    at f (${TEST_BASE_URL}/assets/x.js?v=secret-in-the-stack:1:2)`,
        }),
      );
      expect(response.status).toBe(204);
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`on ${TEST_BASE_URL}/invitations/[redacted]`);
    expect(lines[0]).toContain(`Failed to fetch ${TEST_BASE_URL}/reset-password`);
    expect(lines[0]).not.toMatch(/secret|frag/);
  });

  it("keeps control characters out of the log line", async () => {
    const { entries } = await logOf(async () => {
      const forged = report({
        message: "boom\nIn a browser: forged line",
        page: undefined,
        source: undefined,
      });
      expect((await post(forged)).status).toBe(204);
    });
    expect(entries.map((entry) => entry.msg)).toEqual([
      "In a browser: Uncaught error: boom In a browser: forged line on -",
    ]);
  });

  it("logs at most 2 KB for a report whose every field is at its longest", async () => {
    const longest = report({
      message: "m".repeat(CLIENT_ERROR_LIMITS.message),
      page: `${TEST_BASE_URL}/${"p".repeat(CLIENT_ERROR_LIMITS.url - TEST_BASE_URL.length - 1)}`,
      source: `${TEST_BASE_URL}/${"s".repeat(CLIENT_ERROR_LIMITS.url - TEST_BASE_URL.length - 1)}`,
      stack: "    at f (x.js:1:1)\n".repeat(CLIENT_ERROR_LIMITS.stack / 20),
    });
    expect(longest.length).toBeGreaterThan(6 * 1024);
    const { lines } = await logOf(async () => {
      expect((await post(longest)).status).toBe(204);
    });
    expect(lines).toHaveLength(1);
    expect(Buffer.byteLength(lines[0]!)).toBeLessThanOrEqual(2 * 1024);
  });
});

describe("bad reports of browser errors", () => {
  it.each([
    ["not JSON", "{{{"],
    ["an empty body", ""],
    ["JSON that is not a report", '{"hello":"world"}'],
    ["a list of reports", `[${report()}]`],
    ["an unknown kind", report({ kind: "warning" })],
    ["a message that is not text", report({ message: { toString: "boom" } })],
    ["a negative line", report({ line: -1 })],
    ["a column that is not a whole number", report({ column: 1.5 })],
    ["a message over its limit", report({ message: "m".repeat(CLIENT_ERROR_LIMITS.message + 1) })],
    ["a page over its limit", report({ page: `${TEST_BASE_URL}/${"p".repeat(CLIENT_ERROR_LIMITS.url)}` })],
    ["a stack over its limit", report({ stack: "s".repeat(CLIENT_ERROR_LIMITS.stack + 1) })],
  ])("answers %s with 400 and logs nothing", async (_case, body) => {
    const { lines } = await logOf(async () => {
      expect((await post(body)).status).toBe(400);
    });
    expect(lines).toEqual([]);
  });

  it("takes a report with every field at its limit in characters of three bytes each", async () => {
    const full = (prefix: string, limit: number) => prefix + "€".repeat(limit - prefix.length);
    const longest = report({
      message: full("", CLIENT_ERROR_LIMITS.message),
      page: full(`${TEST_BASE_URL}/`, CLIENT_ERROR_LIMITS.url),
      source: full(`${TEST_BASE_URL}/`, CLIENT_ERROR_LIMITS.url),
      stack: full("", CLIENT_ERROR_LIMITS.stack),
    });
    expect(Buffer.byteLength(longest)).toBeGreaterThan(16 * 1024);
    const { lines } = await logOf(async () => {
      expect((await post(longest)).status).toBe(204);
    });
    expect(lines).toHaveLength(1);
    expect(Buffer.byteLength(lines[0]!)).toBeLessThan(8 * 1024);
  });

  it("answers a body larger than any valid report with 413", async () => {
    const huge = report({ stack: "s".repeat(CLIENT_ERROR_BODY_BYTES) });
    expect((await post(huge)).status).toBe(413);
  });

  it.each(["text/plain", "application/x-www-form-urlencoded", "application/csp-report"])(
    "answers another content type (%s) with 415",
    async (contentType) => {
      expect((await post(report(), { contentType })).status).toBe(415);
    },
  );

  it.each([
    ["another site's origin", "https://evil.example"],
    ["the opaque origin", "null"],
    ["no origin at all", null],
  ])("refuses a report from %s with 403, as any other state-changing request", async (_case, origin) => {
    const { lines } = await logOf(async () => {
      expect((await post(report(), { origin })).status).toBe(403);
    });
    expect(lines).toEqual([]);
  });

  it("limits reports per client address with 429 and Retry-After, and logs none over the limit", async () => {
    const address = "198.51.100.250";
    for (let i = 0; i < 29; i += 1)
      await consumeNamedLimit(site.database.db, "clientErrorsPerAddress", address);
    const { lines } = await logOf(async () => {
      expect((await post(report(), { address })).status).toBe(204);
      const refused = await post(report(), { address });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    });
    expect(lines).toHaveLength(1);
    // Another address is not affected.
    expect((await post(report(), { address: "198.51.100.251" })).status).toBe(204);
  });
});

describe("browser errors with SENTRY_DSN", () => {
  let tracker: http.Server;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    tracker = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const raw = Buffer.concat(chunks);
        const body = request.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw) : raw;
        if (request.url?.includes("/envelope/")) received.push(body.toString("utf8"));
        response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => tracker.listen(0, "127.0.0.1", resolve));
    port = (tracker.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await stopErrorReporting();
    await new Promise((resolve) => tracker.close(resolve));
  });

  it("sends each report to the tracker, tagged as the browser's, without queries", async () => {
    await startErrorReporting({ dsn: `http://publickey@127.0.0.1:${port}/7`, environment: "test" });
    await logOf(async () => {
      const response = await post(
        report({
          kind: "hydration",
          message: `Hydration failed on ${TEST_BASE_URL}/login?redirectTo=secret-target`,
          page: `${TEST_BASE_URL}/login?redirectTo=secret-target`,
        }),
      );
      expect(response.status).toBe(204);
    });
    await stopErrorReporting();

    expect(received).toHaveLength(1);
    expect(received[0]).not.toContain("secret");
    const [, , eventJson] = received[0]!.split("\n");
    const event = JSON.parse(eventJson!) as {
      tags: Record<string, string>;
      exception: { values: { type: string; value: string }[] };
    };
    expect(event.exception.values[0]).toMatchObject({
      type: "BrowserError",
      value: `Hydration failed on ${TEST_BASE_URL}/login`,
    });
    expect(event.tags).toMatchObject({
      origin: "browser",
      kind: "hydration",
      page: `${TEST_BASE_URL}/login`,
    });
  });
});
