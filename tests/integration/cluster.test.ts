import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { seedSampleContent } from "#server/db/seed/seed";
import { createJobQueue } from "#server/jobs/job-queue";
import { createTestDatabase, testDatabaseKind } from "../support/database";
import { scaled } from "../support/timeouts";

// The built server as `npm start` and the Docker image run it, on every core
// (server/cluster.ts, docs/decisions/026-every-core.md).

type LogLine = { level: string; pid: number; msg: string; status?: number; path?: string };

type Site = {
  url: string;
  pid: number;
  lines: () => LogLine[];
  /** Resolves once a log line matches. */
  waitFor: (match: (line: LogLine) => boolean, what: string) => Promise<LogLine>;
  exited: Promise<number | null>;
};

/** Sites still running, killed after each test even when it failed or timed out. */
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
});

const saysItListens = (line: LogLine) => line.msg.startsWith("RCL is listening on ");

/** Starts the built site and resolves once a log line says `ready` (by default: it listens). */
async function startSite(env: Record<string, string>, ready = saysItListens): Promise<Site> {
  const child = spawn(process.execPath, ["build/host/main.js"], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: "127.0.0.1",
      PORT: "0",
      SHUTDOWN_DRAIN_MS: "500",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  const waiters = new Set<() => void>();
  const onOutput = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of [...waiters]) check();
  };
  child.stdout.on("data", onOutput);
  child.stderr.on("data", onOutput);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const lines = () =>
    output
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as LogLine);
  const waitFor = (match: (line: LogLine) => boolean, what: string) =>
    new Promise<LogLine>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`No log line ${what}:\n${output}`));
      }, scaled(60_000));
      function check() {
        const found = lines().find(match);
        if (!found) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(found);
      }
      waiters.add(check);
      check();
      void exited.then(() => check());
    });
  const readyLine = await waitFor(ready, "saying it is ready");
  const url = saysItListens(readyLine) ? readyLine.msg.replace("RCL is listening on ", "") : "";
  return { url, pid: child.pid!, lines, waitFor, exited };
}

/** The parent of a process, from /proc (Linux). */
const parentOf = (pid: number) =>
  Number(fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** `count` requests on new connections, so the cluster hands them to its workers in turn. */
async function getMany(url: string, count: number) {
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${url}/healthz?n=${i}`, { headers: { Connection: "close" } });
    expect(response.status).toBe(200);
  }
}

/** The pids whose request lines answered GET /healthz. */
const servingPids = (site: Site) =>
  new Set(
    site
      .lines()
      .filter((line) => line.path === "/healthz" && line.status === 200)
      .map((line) => line.pid),
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(testDatabaseKind === "postgres")(
  "the built server on every core, on PostgreSQL",
  { timeout: scaled(120_000) },
  () => {
    it("serves from two workers, runs the jobs in one, replaces a dead worker, and stops them all on SIGTERM", async () => {
      const database = await createTestDatabase();
      try {
        await seedSampleContent(database.db);
        const site = await startSite({
          DATABASE_URL: database.pool!.options.connectionString!,
          AUTH_SECRET: "a-secret-of-at-least-thirty-two-characters",
          WEB_CONCURRENCY: "2",
          WORKERS: "1",
          METRICS_TOKEN: "cluster-metrics-token",
        });

        // The summary, once, from the primary: it names both workers and the one with the jobs.
        const summary = await site.waitFor((line) => line.msg.startsWith("Workers: "), "naming the workers");
        expect(summary.pid).toBe(site.pid);
        const [, first, second, jobs] = /pids (\d+), (\d+); the jobs run in (\d+)\.$/
          .exec(summary.msg)!
          .map(Number);
        expect(site.lines().filter((line) => line.msg.startsWith("RCL is listening on "))).toHaveLength(1);
        expect([first, second]).toContain(jobs);
        for (const worker of [first!, second!]) expect(parentOf(worker)).toBe(site.pid);

        // Both workers answer, and only they: the primary hands connections on.
        await getMany(site.url, 12);
        expect(servingPids(site)).toEqual(new Set([first, second]));

        // Whichever worker is scraped, /metrics counts what both served, and the database's
        // figures once: not one worker's share, nor one copy per worker.
        const scrape = async () => {
          const response = await fetch(`${site.url}/metrics`, {
            headers: { Authorization: "Bearer cluster-metrics-token", Connection: "close" },
          });
          expect(response.status).toBe(200);
          return response.text();
        };
        const { rows } = await database.runSql(
          "select count(*)::int as n from team_registrations where status = 'confirmed'",
        );
        for (let i = 0; i < 2; i++) {
          const metrics = await scrape();
          const healthz = /rcl_http_requests_total\{method="GET",route="\/healthz",status="200"\} (\d+)/.exec(
            metrics,
          );
          expect(Number(healthz?.[1])).toBeGreaterThanOrEqual(12);
          expect(metrics).toContain(`rcl_team_registrations{status="confirmed"} ${rows[0]!.n}\n`);
          expect(metrics.match(/^rcl_database_up 1$/gm)).toHaveLength(1);
        }

        // Ten mails queued: each is sent once, all by the worker that runs the jobs.
        const queue = createJobQueue(database);
        for (let i = 0; i < 10; i++) {
          await queue.enqueue(database.db, "send-email", {
            to: `crew${i}@cluster.example`,
            subject: `Mail ${i}`,
            text: "Hello",
            html: "<p>Hello</p>",
          });
        }
        const sent = () => site.lines().filter((line) => /^Mail to crew\d@cluster\.example/.test(line.msg));
        await site.waitFor(() => sent().length >= 10, "for the ten mails");
        await sleep(500);
        expect(sent()).toHaveLength(10);
        expect(new Set(sent().map((line) => line.pid))).toEqual(new Set([jobs]));

        // A worker that dies is replaced, and the site keeps serving meanwhile.
        const other = jobs === first ? second! : first!;
        process.kill(other, "SIGKILL");
        await site.waitFor(
          (line) => line.msg.startsWith(`Worker ${other} ended with SIGKILL; another starts in`),
          "about the dead worker",
        );
        await getMany(site.url, 4);
        const replacement = await (async () => {
          for (let tries = 0; tries < 100; tries++) {
            await getMany(site.url, 2);
            const fresh = [...servingPids(site)].find((pid) => pid !== first && pid !== second);
            if (fresh) return fresh;
            await sleep(100);
          }
          throw new Error("No new worker answered.");
        })();
        expect(parentOf(replacement)).toBe(site.pid);

        // SIGTERM: every worker drains and stops, then the primary exits 0.
        process.kill(site.pid, "SIGTERM");
        expect(await site.exited).toBe(0);
        const messages = site.lines().map((line) => `${line.pid}: ${line.msg}`);
        for (const worker of [jobs!, replacement]) {
          expect(messages).toContain(`${worker}: Worker stopped cleanly.`);
          expect(isAlive(worker)).toBe(false);
        }
        expect(messages.at(-1)).toBe(`${site.pid}: Shut down cleanly.`);
      } finally {
        await database.close();
      }
    });
  },
);

describe.runIf(testDatabaseKind === "postgres")(
  "a stop while the workers start",
  { timeout: scaled(120_000) },
  () => {
    it("ends every worker cleanly and the primary with 0, before any of them serves", async () => {
      const database = await createTestDatabase();
      try {
        const site = await startSite(
          {
            DATABASE_URL: database.pool!.options.connectionString!,
            AUTH_SECRET: "a-secret-of-at-least-thirty-two-characters",
            WEB_CONCURRENCY: "2",
            LOG_LEVEL: "debug",
          },
          // A worker has loaded its modules: it is starting, and has not been told to serve.
          (line) => line.msg === "Start: modules loaded",
        );
        process.kill(site.pid, "SIGTERM");
        expect(await site.exited).toBe(0);
        const messages = site.lines().map((line) => line.msg);
        expect(messages.filter((message) => message.includes(" ended with "))).toEqual([]);
        expect(messages.some((message) => message.startsWith("RCL is listening on "))).toBe(false);
        expect(messages.at(-1)).toBe("Shut down cleanly.");
      } finally {
        await database.close();
      }
    });
  },
);

describe.runIf(testDatabaseKind === "pglite")(
  "the built server on the embedded database",
  { timeout: scaled(120_000) },
  () => {
    it("stays one process and says how to use every core", async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rcl-one-process-"));
      try {
        const site = await startSite({ DATA_DIR: dataDir, WEB_CONCURRENCY: "2" });
        // The summary's lines may come after the one that says it listens.
        await site.waitFor(
          (line) => line.msg === "PGlite: one process; set DATABASE_URL to use 2 cores",
          "saying it stays one process",
        );
        await getMany(site.url, 6);
        expect(servingPids(site)).toEqual(new Set([site.pid]));
        process.kill(site.pid, "SIGTERM");
        expect(await site.exited).toBe(0);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  },
);
