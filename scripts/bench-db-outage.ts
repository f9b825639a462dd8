// `npm run bench:db-outage`: what signed-in bookers get when the database is short, on PostgreSQL.
//
// It creates a throw-away database beside DATABASE_URL's (default: the local server's
// `postgres` database) and starts the built site (`node build/host/main.js`, one process) on
// it through a TCP proxy (tests/support/tcp-proxy.ts), which can take the database away and
// give it back. Two runs, each a race of --clients signed-in bookers posting the booking form
// of one event at the same moment:
//   - pool exhausted: the site's pool is DATABASE_POOL_MAX=2 with DATABASE_POOL_TIMEOUT_MS=100,
//     so most of the race finds no connection free in time;
//   - database cut: the site at its default pool; the proxy resets every connection and refuses
//     new ones for --cut-seconds, during which races follow one another, then lets them
//     through again, and a last race shows whether the site recovered by itself.
// It counts the answers by status (303 is a booking made; 503 is counted apart when it lacks
// Retry-After) and exits 1 if any answer was a 500, or a request got no answer in 30 s.
// The database is dropped at the end, also on Ctrl-C.
//
// Usage: npm run build && tsx scripts/bench-db-outage.ts [--clients 200] [--cut-seconds 10]
import { spawn, type ChildProcess } from "node:child_process";
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase, type DatabaseHandle } from "#server/db/client";
import { events, partners, profiles, sessions, users } from "#server/db/schema";
import { startTcpProxy, type TcpProxy } from "../tests/support/tcp-proxy";
import { adminQuery, freePort, loopbackAdminUrl } from "./loopback-database";

const ROOT = path.resolve(import.meta.dirname, "..");
const HOST_ENTRY = path.join(ROOT, "build/host/main.js");
const DAY_MS = 24 * 60 * 60 * 1000;
const START_TIMEOUT_MS = 60_000;
const ANSWER_TIMEOUT_MS = 30_000;
const EVENT_SLUG = "outage-regatta";

function readOptions() {
  const { values } = parseArgs({
    options: {
      clients: { type: "string", default: "200" },
      "cut-seconds": { type: "string", default: "10" },
    },
  });
  const clients = Number(values.clients);
  const cutSeconds = Number(values["cut-seconds"]);
  if (!Number.isInteger(clients) || clients < 1)
    throw new Error("--clients must be a positive whole number.");
  if (!Number.isFinite(cutSeconds) || cutSeconds <= 0) throw new Error("--cut-seconds must be positive.");
  return { clients, cutSeconds };
}

type Host = {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** The site's overload lines so far, by what was short (busy, unreachable, timeout). */
  refusals: Tally;
};

/** The built site in one process on `databaseUrl`, with `env` added; resolves once it listens. */
async function startHost(
  databaseUrl: string,
  authSecret: string,
  env: Record<string, string>,
): Promise<Host> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rcl-bench-outage-"));
  const child = spawn(process.execPath, [HOST_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      BASE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: authSecret,
      // Nothing is sent or paid during a measurement.
      SMTP_URL: "smtp://127.0.0.1:1",
      ALLOW_TEST_PAYMENTS: "true",
      WORKERS: "0",
      WEB_CONCURRENCY: "1",
      SHUTDOWN_DRAIN_MS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Only the end of the log is kept, for an error report; its overload lines are counted.
  let output = "";
  let partial = "";
  const refusals: Tally = new Map();
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-64 * 1024);
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      const why = /"class":"overload","database":"(\w+)"/.exec(line)?.[1];
      if (why) refusals.set(why, (refusals.get(why) ?? 0) + 1);
    }
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  child.once("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The site did not start in time:\n${output}`)),
      START_TIMEOUT_MS,
    );
    child.stdout.on("data", () => {
      if (!output.includes("RCL is listening")) return;
      clearTimeout(timer);
      resolve();
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The site exited (${code}):\n${output}`));
    });
  });
  return { url, child, output: () => output, refusals };
}

function stopHost(host: Host): Promise<void> {
  return new Promise((resolve) => {
    if (host.child.exitCode !== null || host.child.signalCode !== null) return resolve();
    const kill = setTimeout(() => host.child.kill("SIGKILL"), 15_000);
    host.child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    host.child.kill("SIGTERM");
  });
}

/**
 * One event with room for every attempt, and `count` bookers, each with a session written
 * straight into the database and its cookie signed as better-auth signs it (`token.HMAC`).
 */
async function seedBookers(handle: DatabaseHandle, count: number, authSecret: string): Promise<string[]> {
  const now = Date.now();
  const [partner] = await handle.db
    .insert(partners)
    .values({
      slug: "outage-rowing-club",
      name: "Outage Rowing Club",
      location: "Copenhagen",
      description: "Hosts the benchmark",
      status: "approved",
    })
    .returning({ id: partners.id });
  const startsAt = new Date(now + 60 * DAY_MS);
  await handle.db.insert(events).values({
    slug: EVENT_SLUG,
    title: "Outage Regatta",
    description: "A regatta while the database is short",
    type: "traditional_rowing",
    status: "published",
    partnerId: partner!.id,
    location: "Copenhagen",
    startsAt,
    endsAt: new Date(startsAt.getTime() + 8 * 60 * 60 * 1000),
    registrationDeadline: new Date(startsAt.getTime() - 14 * DAY_MS),
    priceMinor: 450_000,
    maxTeams: 100_000,
    maxTeamsPerAccount: 50,
  });
  const ids = Array.from({ length: count }, (_, index) => `outage-booker-${index + 1}`);
  await handle.db
    .insert(users)
    .values(ids.map((id, index) => ({ id, name: `Booker ${index + 1}`, email: `${id}@bench.example` })));
  await handle.db
    .insert(profiles)
    .values(ids.map((userId, index) => ({ userId, firstName: "Booker", lastName: String(index + 1) })));
  const tokens = ids.map(() => randomBytes(24).toString("base64url"));
  await handle.db.insert(sessions).values(
    ids.map((userId, index) => ({
      id: randomUUID(),
      token: tokens[index]!,
      userId,
      expiresAt: new Date(now + 30 * DAY_MS),
    })),
  );
  return tokens.map((token) => {
    const signature = createHmac("sha256", authSecret).update(token).digest("base64");
    return `rcl.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
  });
}

const bookingForm = (index: number) =>
  new URLSearchParams({
    idempotencyKey: randomUUID(),
    teamName: `Outage crew ${index} ${randomBytes(3).toString("hex")}`,
    company: `Client ${index} A/S`,
    billingCompany: `Client ${index} A/S`,
    billingAddressLine: `Havnegade ${index}`,
    billingPostalCode: "1058",
    billingCity: "København K",
    cvr: "35954716",
    billingEmail: `billing${index}@bench.example`,
    captainName: "Bench Captain",
    captainEmail: `captain${index}@bench.example`,
    captainPhone: "+45 12 34 56 78",
    "roster.0.name": "Bench Captain",
    acceptTerms: "on",
  }).toString();

type Tally = Map<string, number>;

/** Every booker posts the form at once; the answers counted by status. */
async function race(host: Host, cookies: string[]): Promise<{ tally: Tally; seconds: number }> {
  const tally: Tally = new Map();
  const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
  const startedAt = performance.now();
  await Promise.all(
    cookies.map(async (cookie, index) => {
      try {
        const response = await fetch(`${host.url}/events/${EVENT_SLUG}/register`, {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Accept: "text/html",
            Origin: host.url,
            Cookie: cookie,
          },
          body: bookingForm(index),
          redirect: "manual",
          signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
        });
        await response.arrayBuffer();
        const retryAfter = response.headers.get("retry-after");
        count(response.status === 503 && !retryAfter ? "503 without Retry-After" : String(response.status));
      } catch (error) {
        count(
          error instanceof Error && error.name === "TimeoutError" ? "no answer in 30 s" : "connection failed",
        );
      }
    }),
  );
  return { tally, seconds: (performance.now() - startedAt) / 1000 };
}

function describe(tally: Tally): string {
  return [...tally.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${n} × ${status}`)
    .join(", ");
}

/** Answers that break the promise: a 500 or worse, a 503 a client cannot time, or none. */
const broken = (tally: Tally) =>
  [...tally.entries()]
    .filter(([status]) => !/^[1-4]\d\d$|^503$/.test(status))
    .reduce((sum, [, n]) => sum + n, 0);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const options = readOptions();
  if (!fs.existsSync(HOST_ENTRY)) throw new Error("No build: run `npm run build` first.");
  const adminUrl = loopbackAdminUrl();
  const name = `rcl_bench_outage_${randomBytes(4).toString("hex")}`;
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  const authSecret = randomBytes(32).toString("hex");
  const hosts: Host[] = [];
  let proxy: TcpProxy | undefined;
  let handle: DatabaseHandle | undefined;
  let dropped = false;
  const cleanUp = async () => {
    for (const host of hosts) await stopHost(host);
    await proxy?.close();
    await handle?.close();
    if (!dropped) {
      dropped = true;
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    }
  };
  process.once("SIGINT", () => {
    void cleanUp().finally(() => process.exit(130));
  });

  let failures = 0;
  try {
    await adminQuery(adminUrl, `create database ${name}`);
    proxy = await startTcpProxy({ host: databaseUrl.hostname, port: Number(databaseUrl.port || 5432) });
    const throughProxy = proxy.through(databaseUrl.toString());
    const load = () => os.loadavg()[0]!.toFixed(2);
    console.log(`Load average at start: ${load()} (${os.availableParallelism()} cores).`);

    // The site migrates the new database as it starts; the bookers come after.
    const exhausted = await startHost(throughProxy, authSecret, {
      DATABASE_POOL_MAX: "2",
      DATABASE_POOL_TIMEOUT_MS: "100",
    });
    hosts.push(exhausted);
    handle = await openDatabase({ kind: "postgres", url: databaseUrl.toString(), poolMax: 2 });
    const cookies = await seedBookers(handle, options.clients, authSecret);

    const pool = await race(exhausted, cookies);
    console.log(
      `Pool exhausted (2 connections, 100 ms wait), ${options.clients} at once: ${describe(pool.tally)} ` +
        `in ${pool.seconds.toFixed(1)} s (load ${load()}); the site's 503s: ${describe(exhausted.refusals)}.`,
    );
    failures += broken(pool.tally);
    await stopHost(exhausted);
    hosts.pop();

    const site = await startHost(throughProxy, authSecret, {});
    hosts.push(site);
    const warm = await race(site, cookies.slice(0, 1));
    console.log(`Before the cut, one booking: ${describe(warm.tally)}.`);
    await proxy.cut();
    const cutAt = performance.now();
    const cutMs = options.cutSeconds * 1000;
    // Race after race for as long as the database is away.
    const cut: Tally = new Map();
    let races = 0;
    while (performance.now() - cutAt < cutMs) {
      const { tally } = await race(site, cookies);
      races += 1;
      for (const [status, n] of tally) cut.set(status, (cut.get(status) ?? 0) + n);
    }
    console.log(
      `Database cut for ${options.cutSeconds} s, ${races} races of ${options.clients} at once: ` +
        `${describe(cut)} (load ${load()}); the site's 503s: ${describe(site.refusals)}.`,
    );
    site.refusals.clear();
    failures += broken(cut);
    await sleep(Math.max(0, cutMs - (performance.now() - cutAt)));
    await proxy.restore();
    console.log(`Database back after ${((performance.now() - cutAt) / 1000).toFixed(1)} s.`);
    const after = await race(site, cookies);
    console.log(
      `After the restore, ${options.clients} at once: ${describe(after.tally)} in ${after.seconds.toFixed(1)} s ` +
        `(load ${load()}); the site's 503s: ${describe(site.refusals)}.`,
    );
    failures += broken(after.tally);
    if (site.child.exitCode !== null) {
      failures += 1;
      console.error(`The site exited during the run:\n${site.output()}`);
    }
    const booked = after.tally.get("303") ?? 0;
    if (booked === 0) {
      failures += 1;
      console.error("No booking went through after the database came back.");
    }
  } finally {
    await cleanUp();
  }
  if (failures > 0) {
    console.error(`${failures} answers were 500 or worse, lacked Retry-After, or never came.`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
