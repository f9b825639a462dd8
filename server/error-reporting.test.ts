import { DrizzleQueryError } from "drizzle-orm/errors";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { reportError, startErrorReporting, stopErrorReporting } from "./error-reporting";
import { setLogOutput, withRequestLogContext, type LogOutput } from "./log";

type Received = { method: string; url: string; body: string };

/** A stand-in for Sentry on loopback: it records what is posted to it. */
let tracker: http.Server;
let received: Received[] = [];
let port: number;

beforeAll(async () => {
  tracker = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks);
      const body = request.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw) : raw;
      received.push({ method: request.method ?? "", url: request.url ?? "", body: body.toString("utf8") });
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

// Error lines are expected here; they are read, not sent to the console.
let lines: string[] = [];
let previous: LogOutput;
beforeEach(() => {
  lines = [];
  received = [];
  previous = setLogOutput({ write: (line) => lines.push(line) });
});
afterEach(() => {
  setLogOutput(previous);
});

const errorLines = () =>
  lines
    .map((line) => JSON.parse(line) as { level: string; msg: string; err?: { stack: string } })
    .filter((entry) => entry.level === "error");

describe("error reporting without SENTRY_DSN", () => {
  it("logs the error with its stack, starts no tracker and sends nothing", async () => {
    await startErrorReporting({ dsn: undefined, environment: "test" });
    reportError(new Error("nobody is told"), "A job failed");
    await stopErrorReporting();
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(errorLines()).toEqual([
      expect.objectContaining({
        msg: "A job failed",
        err: expect.objectContaining({ message: "nobody is told" }),
      }),
    ]);
    expect(errorLines()[0]!.err!.stack).toMatch(/\n\s+at /);
    const Sentry = await import("@sentry/node");
    expect(Sentry.getClient()).toBeUndefined();
    expect(received).toEqual([]);
  });
});

describe("error reporting with SENTRY_DSN", () => {
  it("posts the error, with its stack and the request's id, to the DSN's envelope endpoint", async () => {
    await startErrorReporting({ dsn: `http://publickey@127.0.0.1:${port}/7`, environment: "test" });
    withRequestLogContext({ requestId: "req-for-the-tracker" }, () =>
      reportError(new Error("the tracker hears of this"), "Error while serving GET /events/x", {
        method: "GET",
        path: "/events/x",
      }),
    );
    await stopErrorReporting();

    expect(errorLines().map((entry) => entry.msg)).toEqual(["Error while serving GET /events/x"]);
    const envelopes = received.filter((request) => request.url.startsWith("/api/7/envelope/"));
    expect(envelopes).toHaveLength(1);
    expect(envelopes[0]!.method).toBe("POST");
    const [, , eventJson] = envelopes[0]!.body.split("\n");
    const event = JSON.parse(eventJson!) as {
      environment: string;
      tags: Record<string, string>;
      exception: { values: { value: string; stacktrace: { frames: unknown[] } }[] };
    };
    expect(event.environment).toBe("test");
    expect(event.exception.values[0]!.value).toBe("the tracker hears of this");
    expect(event.exception.values[0]!.stacktrace.frames.length).toBeGreaterThan(0);
    expect(event.tags).toMatchObject({ requestId: "req-for-the-tracker", method: "GET", path: "/events/x" });
  });

  it("sends a failed query without its parameters", async () => {
    await startErrorReporting({ dsn: `http://publickey@127.0.0.1:${port}/7`, environment: "test" });
    // Built at run time: the event carries the test's own source lines, which must not match.
    const token = ["s3", "cr3t-session-token"].join("");
    reportError(
      new DrizzleQueryError('select * from "sessions" where "token" = $1', [token]),
      "A query failed",
    );
    await stopErrorReporting();
    const envelopes = received.filter((request) => request.url.startsWith("/api/7/envelope/"));
    expect(envelopes).toHaveLength(1);
    expect(envelopes[0]!.body).toContain("params: [redacted]");
    expect(envelopes[0]!.body).not.toContain("s3cr3t");
    received.length = 0;
  });

  it("sends nothing more once stopped", async () => {
    reportError(new Error("after the end"), "Too late");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toEqual([]);
    expect(errorLines().map((entry) => entry.msg)).toEqual(["Too late"]);
  });
});
