// `npm run bench:start`: how long the built app takes to start on existing data, and how much
// memory its processes hold once idle (issue 14: ≤ 2 s, ≤ 150 MB per worker).
//
// Each run starts `node build/host/main.js`, asks /healthz every 10 ms and notes the
// milliseconds from the spawn to the first 200 (the database open and migrated: /healthz
// pings it); 3 s later (--idle-ms) it reads the resident memory (VmRSS in /proc, so Linux
// only) of the process and of every process it forked, then stops it with SIGTERM. The
// medians follow.
//
//   npm run bench:start                               PGlite: a data folder made and seeded once, then reused
//   npm run bench:start -- --data-dir ./data          PGlite on an existing folder
//   npm run bench:start -- --database-url postgres://…/rcl_start [--concurrency 2]
//   npm run bench:start -- --runs 9 --idle-ms 20000   memory 20 s after, once V8 has shrunk its young generation
//
// A first run, not counted, migrates a new PostgreSQL database (never dropped) and fills the
// disk cache. Build first (`npm run build`): this measures the build as it is.
import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildExists, root } from "./build.mjs";
import { LOOPBACK, freePort, startSite, stopChild } from "./site.mjs";

const POLL_MS = 10;
const START_TIMEOUT_MS = 60_000;

const USAGE =
  "Usage: npm run bench:start -- [--data-dir DIR | --database-url postgres://… [--concurrency N]]\n" +
  "                              [--runs 5] [--idle-ms 3000]";

/** The options, or a one-line reason and the usage on stderr (exit 2) instead of a stack trace. */
function readOptions() {
  try {
    const { values } = parseArgs({
      options: {
        "data-dir": { type: "string" },
        "database-url": { type: "string" },
        concurrency: { type: "string" },
        runs: { type: "string", default: "5" },
        "idle-ms": { type: "string", default: "3000" },
      },
    });
    const runs = Number(values.runs);
    if (!Number.isInteger(runs) || runs < 1)
      throw new Error(`--runs must be a whole number ≥ 1, not ${values.runs}`);
    const idleMs = Number(values["idle-ms"]);
    if (!Number.isInteger(idleMs) || idleMs < 0)
      throw new Error(`--idle-ms must be a whole number, not ${values["idle-ms"]}`);
    return { values, runs, idleMs };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
    process.exit(2);
  }
}

const { values, runs, idleMs } = readOptions();
if (!buildExists()) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

const databaseUrl = values["database-url"];
let dataDir = values["data-dir"] && path.resolve(values["data-dir"]);
let madeDataDir = false;
if (!databaseUrl && !dataDir) {
  // Started once so the folder holds what a start on existing data finds: migrated, seeded.
  process.stdout.write("Preparing a PGlite data folder with the sample content... ");
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rcl-start-"));
  madeDataDir = true;
  const site = await startSite({ demoAccounts: true, dataDir });
  await stopChild(site.process);
  console.log("done.");
}

const AUTH_SECRET = randomBytes(32).toString("hex");

/** The site's environment: only what it needs, as scripts/site.mjs gives it. */
function siteEnv(port) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    HOST: LOOPBACK,
    PORT: String(port),
    BASE_URL: `http://${LOOPBACK}:${port}`,
    // Stopped at once after each run: the drain window only matters behind a load balancer.
    SHUTDOWN_DRAIN_MS: "0",
    // Required in production; nothing is sent during the measurement.
    SMTP_URL: "smtp://127.0.0.1:1",
    // Required in production too; the measurement takes no payments.
    ALLOW_TEST_PAYMENTS: "true",
    ...(databaseUrl
      ? {
          DATABASE_URL: databaseUrl,
          AUTH_SECRET,
          ...(values.concurrency ? { WEB_CONCURRENCY: values.concurrency } : {}),
        }
      : { DATA_DIR: dataDir }),
  };
}

/** The status of one GET /healthz, or undefined when nothing answers yet. */
function healthStatus(port) {
  return new Promise((resolve) => {
    const request = http.get({ host: LOOPBACK, port, path: "/healthz", agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.setTimeout(1_000, () => request.destroy());
    // A request cut short may end with only "close"; resolving twice is harmless.
    request.once("error", () => resolve(undefined));
    request.once("close", () => resolve(undefined));
  });
}

/** The pid's children, read from /proc (each thread lists the children it forked). */
function childrenOf(pid) {
  const tasks = fs.readdirSync(`/proc/${pid}/task`);
  return tasks.flatMap((task) =>
    fs
      .readFileSync(`/proc/${pid}/task/${task}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number),
  );
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

async function measureOnce() {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawn(process.execPath, ["build/host/main.js"], {
    cwd: root,
    env: siteEnv(port),
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The end of the log, for a failed start's report.
  let output = "";
  const keep = (chunk) => (output = (output + chunk).slice(-16_384));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  try {
    let readyMs;
    while (readyMs === undefined) {
      if (child.exitCode !== null) throw new Error(`the site exited (${child.exitCode}):\n${output}`);
      if (performance.now() - startedAt > START_TIMEOUT_MS)
        throw new Error(`no /healthz 200 within 60 s:\n${output}`);
      const polledAt = performance.now();
      if ((await healthStatus(port)) === 200) readyMs = performance.now() - startedAt;
      else
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, POLL_MS - (performance.now() - polledAt))),
        );
    }
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const workers = childrenOf(child.pid).map(rssMb);
    return { readyMs: Math.round(readyMs), mainMb: rssMb(child.pid), workersMb: workers };
  } finally {
    await stopChild(child);
  }
}

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
};

const where = databaseUrl
  ? `PostgreSQL ${new URL(databaseUrl).pathname.slice(1)}${values.concurrency ? `, WEB_CONCURRENCY=${values.concurrency}` : ""}`
  : `PGlite at ${dataDir}`;
console.log(`Start of build/host/main.js on ${where}, Node ${process.version}, ${runs} runs:`);
const results = [];
try {
  // Not counted: it fills the disk cache, as for any restart, and migrates a new database.
  await measureOnce();
  for (let run = 1; run <= runs; run++) {
    const result = await measureOnce();
    results.push(result);
    const workers = result.workersMb.length > 0 ? `, workers ${result.workersMb.join(" / ")} MB` : "";
    console.log(`  run ${run}: /healthz 200 after ${result.readyMs} ms; RSS ${result.mainMb} MB${workers}`);
  }
} finally {
  if (madeDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
const workerMedians = results[0].workersMb.map((_, index) =>
  median(results.map((result) => result.workersMb[index] ?? NaN)),
);
console.log(
  `Median: ${median(results.map((result) => result.readyMs))} ms to /healthz 200; RSS ${median(
    results.map((result) => result.mainMb),
  )} MB${workerMedians.length > 0 ? ` (primary), workers ${workerMedians.join(" / ")} MB` : ""}.`,
);
