import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { log, logFormatFor, setLogLevel, setLogOutput, withRequestLogContext, type LogOutput } from "./log";

let lines: string[] = [];
let previous: LogOutput;
let previousLevel: string;

beforeEach(() => {
  lines = [];
  previousLevel = log.level;
  previous = setLogOutput({ write: (line) => lines.push(line) });
});

afterEach(() => {
  setLogOutput(previous);
  log.level = previousLevel;
});

const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe("the log's format", () => {
  it("writes JSON into a pipe or a file, whatever the terminal settings say", () => {
    expect(logFormatFor({ isTTY: false })).toBe("json");
    expect(logFormatFor({ isTTY: undefined, hasColors: () => true })).toBe("json");
  });

  it("writes readable lines to a terminal, in colour only when it shows colour", () => {
    expect(logFormatFor({ isTTY: true, hasColors: () => true })).toBe("pretty-colour");
    expect(logFormatFor({ isTTY: true, hasColors: () => false })).toBe("pretty");
  });

  it("is one JSON object a line, with the level's name, an ISO time and the message", () => {
    setLogLevel("info");
    log.info({ event: "riverside" }, "Something happened");
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith("}\n")).toBe(true);
    expect(lines[0]).not.toContain("\u001b");
    expect(entries()[0]).toMatchObject({ level: "info", msg: "Something happened", event: "riverside" });
    expect(String(entries()[0]!.time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("writes an error's stack", () => {
    setLogLevel("info");
    log.error({ err: new Error("the database went away") }, "A page failed");
    const { err } = entries()[0] as { err: { message: string; stack: string } };
    expect(err.message).toBe("the database went away");
    expect(err.stack).toMatch(/^Error: the database went away\n\s+at /);
  });
});

describe("LOG_LEVEL", () => {
  it("writes nothing below the level", () => {
    setLogLevel("warn");
    log.debug("debug");
    log.info("info");
    log.warn("warn");
    log.error("error");
    expect(entries().map((entry) => entry.msg)).toEqual(["warn", "error"]);
  });

  it("writes debug lines at debug, and nothing at all when silent", () => {
    setLogLevel("debug");
    log.debug("details");
    log.trace("more details");
    expect(entries().map((entry) => entry.msg)).toEqual(["details"]);
    setLogLevel("silent");
    log.fatal("not even this");
    expect(lines).toHaveLength(1);
  });
});

describe("secrets", () => {
  it("are redacted from logged headers and from known fields, one level deep too", () => {
    setLogLevel("info");
    log.info(
      {
        headers: {
          cookie: "rcl.session_token=s3cr3t-cookie",
          authorization: "Bearer s3cr3t-bearer",
          accept: "*/*",
        },
        request: { headers: { cookie: "rcl.session_token=s3cr3t-nested", "set-cookie": "s3cr3t-set" } },
        password: "s3cr3t-password",
        body: { newPassword: "s3cr3t-new", currentPassword: "s3cr3t-current", token: "s3cr3t-token" },
        secret: "s3cr3t-secret",
      },
      "A request",
    );
    expect(lines[0]).not.toContain("s3cr3t");
    expect(entries()[0]).toMatchObject({
      headers: { cookie: "[redacted]", authorization: "[redacted]", accept: "*/*" },
      request: { headers: { cookie: "[redacted]" } },
      password: "[redacted]",
      body: { newPassword: "[redacted]", currentPassword: "[redacted]", token: "[redacted]" },
    });
  });
});

describe("a failed query", () => {
  it("is logged without its parameters, in the message, the stack and the cause", () => {
    setLogLevel("info");
    const cause = new Error("connection terminated");
    const error = new DrizzleQueryError(
      'select "user_id" from "sessions" where "token" = $1',
      ["s3cr3t-session-token"],
      cause,
    );
    log.error({ err: new Error("Loading the page failed", { cause: error }) }, "A request failed");
    log.error({ err: error }, "A query failed");
    for (const line of lines) {
      expect(line).not.toContain("s3cr3t");
      expect(line).toContain("params: [redacted]");
    }
    // The query and where it failed stay, for whoever reads the log.
    expect(lines[1]).toContain('from \\"sessions\\"');
    expect((entries()[1]!.err as { stack: string }).stack).toMatch(/\n\s+at /);
  });
});

describe("the request context", () => {
  it("puts the request's id on every line logged while it is served, after awaits too", async () => {
    setLogLevel("info");
    log.info("before");
    await withRequestLogContext({ requestId: "req-1" }, async () => {
      log.info({ component: "better-auth" }, "first");
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.info("after a wait");
    });
    // One line's own fields stay on that line.
    expect(entries()[2]).not.toHaveProperty("component");
    await withRequestLogContext({ requestId: "req-2" }, async () => log.info("another request"));
    log.info("after");
    expect(entries().map(({ msg, requestId }) => [msg, requestId])).toEqual([
      ["before", undefined],
      ["first", "req-1"],
      ["after a wait", "req-1"],
      ["another request", "req-2"],
      ["after", undefined],
    ]);
  });
});
