import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { seedSampleContent } from "#server/db/seed/seed";
import { createTestDatabase, testDatabaseKind } from "../support/database";
import { scaled } from "../support/timeouts";

// The windows grow with the machine's load: on a busy machine, requests sent in the first
// half of a one-second window may not even reach the server before it closes.
const DRAIN_MS = scaled(1_000);
const GRACE_MS = scaled(10_000);
const EVENT = "/events/riverside-team-racing";

type Server = { url: string; process: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Servers still running, killed after each test even when it failed or timed out. */
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
});

/** Starts the built server (build/host/main.js, made by the global setup) with a short drain window. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ["build/host/main.js"], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: "127.0.0.1",
      PORT: "0",
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start:\n${output}`)), scaled(60_000));
    child.stdout.on("data", () => {
      const listening = /RCL is listening on (http:\/\/[^\s"\\]+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve(listening[1]!);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`The server exited before listening:\n${output}`));
    });
  });
  return { url, process: child, output: () => output, exited };
}

type Outcome = { path: string; status?: number; body?: string; error?: string };

/** A GET that reports a reset or a refused connection instead of throwing. */
function get(url: string, agent: http.Agent): Promise<Outcome> {
  const { pathname } = new URL(url);
  return new Promise((resolve) => {
    http
      .get(url, { agent, headers: { Accept: "text/html" } }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ path: pathname, status: response.statusCode, body }));
        response.on("error", (error: NodeJS.ErrnoException) =>
          resolve({ path: pathname, error: error.code }),
        );
      })
      .on("error", (error: NodeJS.ErrnoException) =>
        resolve({ path: pathname, error: error.code ?? error.message }),
      );
  });
}

/** Opens the live-count stream; resolves once its first figures arrived. */
async function openStream(url: string) {
  let body = "";
  let endedAt: number | undefined;
  let failed: string | undefined;
  const agent = new http.Agent({ keepAlive: false });
  await new Promise<void>((resolve, reject) => {
    http
      .get(`${url}${EVENT}/availability`, { agent, headers: { Accept: "text/event-stream" } }, (response) => {
        response.on("data", (chunk: Buffer) => {
          body += chunk.toString();
          if (body.includes("event: availability")) resolve();
        });
        response.on("end", () => (endedAt = Date.now()));
        response.on("error", (error: NodeJS.ErrnoException) => (failed = error.code));
      })
      .on("error", reject);
  });
  return { body: () => body, endedAt: () => endedAt, failed: () => failed };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A database for one server: a new PostgreSQL database with the sample content, or a new data folder. */
async function serverDatabase(): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) {
    const database = await createTestDatabase();
    await seedSampleContent(database.db);
    return {
      env: {
        DATABASE_URL: database.pool!.options.connectionString!,
        AUTH_SECRET: "a-secret-of-at-least-thirty-two-characters",
      },
      cleanup: () => database.close(),
    };
  }
  // The server loads the sample content into a new embedded database itself.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rcl-shutdown-"));
  return {
    env: { DATA_DIR: dataDir },
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

describe(`shutdown of the built server, on ${testDatabaseKind}`, { timeout: scaled(120_000) }, () => {
  it("serves every request sent just before SIGTERM and during the drain window, then exits 0", async () => {
    const database = await serverDatabase();
    // Enough sockets that no request waits in the client for one to free up.
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 32 });
    const fresh = new http.Agent({ keepAlive: false });
    try {
      const server = await startServer(database.env);
      expect((await get(`${server.url}/healthz`, fresh)).status).toBe(200);
      // Keep-alive connections the server has accepted, as a load balancer holds them.
      await Promise.all(Array.from({ length: 8 }, () => get(`${server.url}/`, keepAlive)));

      // Ten requests just before the signal, on kept-alive and on new connections...
      const paths = ["/", EVENT, "/events", "/healthz"];
      const send = (i: number) =>
        get(`${server.url}${paths[i % paths.length]}`, i % 2 === 0 ? keepAlive : fresh);
      const before = Array.from({ length: 10 }, (_, i) => send(i));
      const signalledAt = Date.now();
      server.process.kill("SIGTERM");
      // ...and twenty during the drain window, in its first half.
      const during: Promise<Outcome>[] = [];
      for (let i = 0; i < 20; i++) {
        await sleep(DRAIN_MS / 2 / 20);
        during.push(send(i));
      }
      const outcomes = await Promise.all([...before, ...during]);

      // None reset or refused; 503 only from the health check, and only once draining.
      expect(outcomes.filter((outcome) => outcome.error)).toEqual([]);
      for (const outcome of outcomes) {
        expect(outcome.path === "/healthz" ? [200, 503] : [200], outcome.path).toContain(outcome.status);
      }
      const checksDuring = (await Promise.all(during)).filter((outcome) => outcome.path === "/healthz");
      expect(checksDuring).toHaveLength(5);
      for (const check of checksDuring) {
        expect(check.status).toBe(503);
        expect(JSON.parse(check.body!)).toEqual({ status: "draining" });
      }
      for (const outcome of outcomes.filter((outcome) => outcome.path === EVENT)) {
        expect(outcome.body).toContain("Riverside Team Racing");
      }

      expect(await server.exited).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(DRAIN_MS + GRACE_MS);
      expect(server.output()).toContain("SIGTERM received");
      expect(server.output()).toContain("Shut down cleanly.");
      expect(server.output()).not.toContain("did not finish in time");
      // Once closed, the port no longer answers.
      expect((await get(`${server.url}/healthz`, fresh)).error).toBe("ECONNREFUSED");
    } finally {
      keepAlive.destroy();
      fresh.destroy();
      await database.cleanup();
    }
  });

  it("ends an open live stream with a reconnect hint right after the window, and exits soon", async () => {
    const database = await serverDatabase();
    try {
      const server = await startServer(database.env);
      const stream = await openStream(server.url);
      const signalledAt = Date.now();
      server.process.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      const exitedAfter = Date.now() - signalledAt;

      // Not at the stream's own 30 s end, nor cut off: a last event tells the browser
      // to reconnect (to another instance, by then).
      expect(stream.failed()).toBeUndefined();
      expect(stream.body()).toMatch(/\n\nretry: \d+\nevent: reconnect\ndata: server restarting\n\n$/);
      const endedAfter = stream.endedAt()! - signalledAt;
      expect(endedAfter).toBeGreaterThanOrEqual(DRAIN_MS);
      // Well before the grace window ends: the stream is ended with the drain, not left to run
      // until the grace runs out (the load may still grow after the factor was read).
      expect(endedAfter).toBeLessThan(DRAIN_MS + GRACE_MS / 2);
      expect(exitedAfter).toBeLessThan(DRAIN_MS + GRACE_MS / 2);
    } finally {
      await database.cleanup();
    }
  });
});
