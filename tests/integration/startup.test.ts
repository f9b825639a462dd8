import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scaled } from "../support/timeouts";

/** Starts the host from source and returns how it exits (it must fail before listening). */
function startServer(env: Record<string, string>) {
  const result = spawnSync(path.resolve("node_modules/.bin/tsx"), ["server/main.ts"], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: "0", ...env },
    encoding: "utf8",
    timeout: scaled(30_000),
  });
  return { status: result.status, stderr: result.stderr.trim() };
}

describe("start-up with a bad configuration", () => {
  it("exits with one line naming the host when DATABASE_URL cannot be reached", () => {
    const { status, stderr } = startServer({ DATABASE_URL: "postgres://rcl@127.0.0.1:1/rcl" });
    expect(status).toBe(1);
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^Error: Cannot reach PostgreSQL at 127\.0\.0\.1:1: /);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it("explains that DATA_DIR cannot be written", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "rcl-")), "not-a-folder");
    fs.writeFileSync(file, "");
    const { status, stderr } = startServer({ DATA_DIR: path.join(file, "data") });
    expect(status).toBe(1);
    expect(stderr).toBe(`Error: DATA_DIR ${path.join(file, "data")} cannot be written (ENOTDIR).`);
  });

  it("names the environment variable whose value is wrong", () => {
    const { status, stderr } = startServer({ PORT: "eighty" });
    expect(status).toBe(1);
    expect(stderr).toMatch(/^Error: Invalid environment variable PORT: /);
  });
});

describe("start-up in production", () => {
  const WITHOUT_SMTP =
    "Error: SMTP_URL must be set when NODE_ENV=production: without a mail server, mail would be kept in the database and its recipients written to the log.";

  it("refuses PostgreSQL without SMTP, so no recipient or link is ever logged", () => {
    const { status, stderr } = startServer({
      NODE_ENV: "production",
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
      AUTH_SECRET: "a-secret-of-at-least-thirty-two-characters",
    });
    expect(status).toBe(1);
    expect(stderr).toBe(WITHOUT_SMTP);
  });

  it("refuses the embedded database without SMTP too, before opening it", () => {
    const dataDir = newDataDir();
    try {
      const { status, stderr } = startServer({ NODE_ENV: "production", DATA_DIR: dataDir });
      expect(status).toBe(1);
      expect(stderr).toBe(WITHOUT_SMTP);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses the test payment provider unless test payments are allowed, before opening the database", () => {
    const dataDir = newDataDir();
    try {
      const { status, stderr } = startServer({
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        SMTP_URL: "smtp://127.0.0.1:1",
      });
      expect(status).toBe(1);
      expect(stderr).toMatch(/^Error: PAYMENT_PROVIDER must be stripe when NODE_ENV=production: /);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

type StartedSite = { url: string; output: () => string; stop: () => Promise<string> };

/** Sites still running, stopped after each test even when it failed or timed out. */
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
});

/**
 * Runs `npm start`'s script (the global setup has built the site, so it only starts it)
 * with its output piped, as into a log file, and TERM naming a colour terminal, which
 * some libraries take as leave to write colour codes.
 */
async function startSite(dataDir: string, env: Record<string, string> = {}): Promise<StartedSite> {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TERM: "xterm-256color",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      // Stopped by SIGTERM with no load balancer to wait for (tests/integration/shutdown.test.ts drains).
      SHUTDOWN_DRAIN_MS: "0",
      // Two cores asked for, which the embedded database cannot use (server/cluster.ts).
      WEB_CONCURRENCY: "2",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      running.delete(child);
      resolve();
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The site did not start:\n${output}`)), scaled(60_000));
    child.stdout.on("data", () => {
      const listening = /RCL is listening on (http:\/\/[^\s"]+)/.exec(output);
      if (listening && output.endsWith("\n")) {
        clearTimeout(timer);
        resolve(listening[1]!);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`The site exited before listening:\n${output}`));
    });
  });
  return {
    url,
    output: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
      return output;
    },
  };
}

type LogLine = {
  level: string;
  msg: string;
  status?: number;
  method?: string;
  path?: string;
  component?: string;
};

/** The server's output, piped as into a log file: one JSON object a line. */
const logLines = (output: string) =>
  output
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as LogLine);

/** What the server said, without the line of each request. */
const messagesOf = (output: string) =>
  logLines(output)
    .filter((line) => line.status === undefined)
    .map((line) => line.msg);

const newDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "rcl-start-"));
const ONE_PROCESS_LINE = "PGlite: one process; set DATABASE_URL to use 2 cores";
const DEMO_LINE =
  "Demo accounts (password rowing-demo-2026): admin@demo.rcl.dk, partner@demo.rcl.dk, user@demo.rcl.dk";

// Each first start sets up a new database (migrations, sample content, hashed passwords).
describe("npm start on the embedded database", { timeout: scaled(90_000) }, () => {
  it("prints a short summary on every start, with the demo accounts, and writes no colour codes", async () => {
    const dataDir = newDataDir();
    try {
      const first = await startSite(dataDir);
      const favicon = await fetch(`${first.url}/favicon.ico`);
      expect(favicon.status).toBe(200);
      expect(favicon.headers.get("content-type")).toBe("image/x-icon");
      // A failed sign-in makes better-auth log a warning, which it would colour for TERM.
      const signIn = await fetch(`${first.url}/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: first.url },
        body: new URLSearchParams({ email: "admin@demo.rcl.dk", password: "not-the-password" }),
        redirect: "manual",
      });
      expect(signIn.status).toBe(401);
      const firstOutput = await first.stop();
      // ESC, the start of every colour code.
      expect(firstOutput).not.toContain("\u001b");
      const messages = messagesOf(firstOutput);
      expect(messages.slice(0, 6)).toEqual([
        "Loaded sample content: 2 partners, 7 events.",
        expect.stringMatching(/^RCL is listening on http:\/\/127\.0\.0\.1:\d+$/),
        `Database: embedded PGlite at ${path.join(dataDir, "pglite")}`,
        ONE_PROCESS_LINE,
        DEMO_LINE,
        "Invalid password",
      ]);
      expect(messages.find((message) => message.startsWith("SIGTERM received"))).toBeDefined();
      expect(messages.at(-1)).toBe("Shut down cleanly.");
      const lines = logLines(firstOutput);
      expect(lines.find((line) => line.msg === "Invalid password")).toMatchObject({
        level: "warn",
        component: "better-auth",
      });
      // One line for each request.
      expect(lines.filter((line) => line.status !== undefined)).toEqual([
        expect.objectContaining({ level: "info", method: "GET", path: "/favicon.ico", status: 200 }),
        expect.objectContaining({ level: "info", method: "POST", path: "/login", status: 401 }),
      ]);

      // The second start loads nothing, but still says how to sign in.
      const second = await startSite(dataDir);
      expect(messagesOf(await second.stop()).slice(0, 4)).toEqual([
        expect.stringMatching(/^RCL is listening on /),
        `Database: embedded PGlite at ${path.join(dataDir, "pglite")}`,
        ONE_PROCESS_LINE,
        DEMO_LINE,
      ]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("creates no demo accounts when NODE_ENV=production is set", async () => {
    const dataDir = newDataDir();
    try {
      // A deployment's mail server; nothing is sent while the test runs.
      const site = await startSite(dataDir, {
        NODE_ENV: "production",
        SMTP_URL: "smtp://127.0.0.1:1",
        ALLOW_TEST_PAYMENTS: "true",
      });
      const output = await site.stop();
      expect(output).toContain("Loaded sample content: 2 partners, 7 events.");
      expect(output).not.toContain("Demo accounts");
      expect(output).not.toContain("rowing-demo-2026");
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
