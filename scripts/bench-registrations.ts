// `npm run bench:registrations`: booking throughput and capacity under load, on PostgreSQL.
//
// It creates a throw-away database beside DATABASE_URL's (default: the local server's
// `postgres` database), migrates it, adds a few published events and one account per
// attempt (an account may hold only a few teams per event, and its attempts are rate
// limited), then lets every client book teams in a loop through the real `registerTeam` command,
// all joining the waitlist once an event is full, until the attempt budget or the time
// limit runs out. The clients are spread over --processes processes (default
// WEB_CONCURRENCY, else one per core), each with its share of the pool, as the site's
// cluster workers are (server/cluster.ts). It prints registrations per second, the
// latency of one attempt (p50, p99) and, per event, whether confirmed teams stayed within
// max teams (exit code 1 if not, or if any attempt failed). The database is dropped at
// the end, also on Ctrl-C.
//
// Usage: tsx scripts/bench-registrations.ts [--clients 100] [--attempts 5000] [--duration 20]
//                                           [--events 4] [--max-teams 250] [--pool 50]
//                                           [--processes N] [--no-invoices]
//
// The partner's billing is confirmed, so every confirmed booking issues its invoice in the
// booking's transaction, as on the site; --no-invoices leaves the partner without billing
// details, which gives the cost of issuing (ADR 035) when the two are run in turn.
import cluster from "node:cluster";
import { randomBytes, randomUUID } from "node:crypto";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { and, count, eq } from "drizzle-orm";
import pg from "pg";
import { createJobQueue } from "#server/jobs/job-queue";
import { openDatabase, type DatabaseHandle } from "#server/db/client";
import { runMigrations } from "#server/db/migrate";
import { events, partnerBillingProfiles, partners, teamRegistrations, users } from "#server/db/schema";
import { registerTeam } from "#server/registrations/register-team";

const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);
const DAY_MS = 24 * 60 * 60 * 1000;

type Options = {
  clients: number;
  attempts: number;
  durationSeconds: number;
  events: number;
  maxTeams: number;
  pool: number;
  processes: number;
  invoices: boolean;
};

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      clients: { type: "string", default: "100" },
      attempts: { type: "string", default: "5000" },
      duration: { type: "string", default: "20" },
      events: { type: "string", default: "4" },
      "max-teams": { type: "string", default: "250" },
      pool: { type: "string", default: "50" },
      processes: {
        type: "string",
        default: process.env.WEB_CONCURRENCY ?? String(os.availableParallelism()),
      },
      "no-invoices": { type: "boolean", default: false },
    },
  });
  const positive = (name: string, value: string) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1)
      throw new Error(`--${name} must be a positive whole number.`);
    return number;
  };
  return {
    clients: positive("clients", values.clients),
    attempts: positive("attempts", values.attempts),
    durationSeconds: positive("duration", values.duration),
    events: positive("events", values.events),
    maxTeams: positive("max-teams", values["max-teams"]),
    pool: positive("pool", values.pool),
    processes: positive("processes", values.processes),
    invoices: !values["no-invoices"],
  };
}

/** The benchmark creates and drops databases, so it refuses any server but this machine's. */
function loopbackAdminUrl(): URL {
  const url = new URL(process.env.DATABASE_URL ?? DEFAULT_URL);
  if (!LOOPBACK_HOSTS.has(url.hostname)) {
    throw new Error(
      `DATABASE_URL points at ${url.hostname}; the benchmark only runs against a loopback server.`,
    );
  }
  return url;
}

async function adminQuery(adminUrl: URL, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function seed(handle: DatabaseHandle, options: Options, now: Date) {
  const [partner] = await handle.db
    .insert(partners)
    .values({
      slug: "bench-rowing-club",
      name: "Bench Rowing Club",
      location: "Copenhagen",
      description: "Hosts the benchmark",
      status: "approved",
    })
    .returning({ id: partners.id });
  if (options.invoices) {
    await handle.db.insert(partnerBillingProfiles).values({
      partnerId: partner!.id,
      legalName: "Bench Rowing Club",
      addressLine: "Strandvænget 46",
      postalCode: "2100",
      city: "København Ø",
      cvr: "29403473",
      vatStatus: "registered",
      vatConfirmedAt: now,
      bankRegistration: "1551",
      bankAccount: "3456789",
      fiCreditorNumber: "85412345",
      invoicePrefix: "BENCH-",
      invoiceEmail: "kasserer@bench.example",
    });
  }
  const startsAt = new Date(now.getTime() + 60 * DAY_MS);
  const created = await handle.db
    .insert(events)
    .values(
      Array.from({ length: options.events }, (_, index) => ({
        slug: `bench-regatta-${index + 1}`,
        title: `Bench Regatta ${index + 1}`,
        description: "A regatta under load",
        type: "traditional_rowing" as const,
        status: "published" as const,
        partnerId: partner!.id,
        location: "Copenhagen",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 8 * 60 * 60 * 1000),
        registrationDeadline: new Date(startsAt.getTime() - 14 * DAY_MS),
        priceMinor: 450_000,
        maxTeams: options.maxTeams,
      })),
    )
    .returning({ id: events.id, slug: events.slug, maxTeams: events.maxTeams });
  const bookers = Array.from({ length: options.attempts }, (_, index) => ({
    id: `bench-booker-${index + 1}`,
    name: `Bench Booker ${index + 1}`,
    email: `booker${index + 1}@bench.example`,
  }));
  // In slices, to stay under PostgreSQL's limit of parameters per statement.
  for (let start = 0; start < bookers.length; start += 1000) {
    await handle.db.insert(users).values(bookers.slice(start, start + 1000));
  }
  return { events: created };
}

const form = (client: number, attempt: number) => ({
  teamName: `Client ${client} crew ${attempt}`,
  company: `Client ${client} A/S`,
  billingCompany: `Client ${client} A/S`,
  billingAddressLine: `Havnegade ${client}`,
  billingPostalCode: "1058",
  billingCity: "København K",
  cvr: "35954716",
  billingEmail: `billing${client}@bench.example`,
  captainName: "Bench Captain",
  captainEmail: `captain${client}@bench.example`,
  captainPhone: "+45 12 34 56 78",
  "roster.0.name": "Bench Captain",
  "roster.1.name": "Bench Rower",
  acceptTerms: "on",
});

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

type BenchEvent = { id: string; slug: string; maxTeams: number };

/** What one process books: every attempt whose number modulo `processes` is `index`. */
type Share = {
  type: "share";
  url: string;
  index: number;
  processes: number;
  clients: number;
  pool: number;
  attempts: number;
  durationSeconds: number;
  events: BenchEvent[];
  now: string;
};

type Result = {
  type: "result";
  latencies: number[];
  confirmed: number;
  waitlisted: number;
  errors: number;
  firstError?: string;
  elapsedSeconds: number;
};

const nextMessage = <T>(from: { once(event: "message", listener: (message: T) => void): unknown }) =>
  new Promise<T>((resolve) => from.once("message", resolve));

/** In each forked process: its clients book its share of the attempts, once told to go. */
async function book(share: Share): Promise<Result> {
  const handle = await openDatabase({ kind: "postgres", url: share.url, poolMax: share.pool });
  // The confirmation mail is rendered and queued in the booking's transaction, as in the
  // app; no worker runs, so it is counted in the queue rather than sent.
  const services = { db: handle.db, jobs: createJobQueue(handle), baseUrl: "http://127.0.0.1" };
  const now = new Date(share.now);
  const result: Result = {
    type: "result",
    latencies: [],
    confirmed: 0,
    waitlisted: 0,
    errors: 0,
    elapsedSeconds: 0,
  };
  let next = share.index;

  process.send!({ type: "ready" });
  await nextMessage(process);
  const startedAt = performance.now();
  const deadline = startedAt + share.durationSeconds * 1000;

  async function client(index: number) {
    while (next < share.attempts && performance.now() < deadline) {
      const attempt = next;
      next += share.processes;
      const event = share.events[attempt % share.events.length]!;
      const begun = performance.now();
      try {
        const { registration } = await registerTeam(services, {
          actor: { userId: `bench-booker-${attempt + 1}`, role: "user", partnerIds: [] },
          eventId: event.id,
          input: form(index + 1, attempt),
          idempotencyKey: randomUUID(),
          joinWaitlist: true,
          now,
        });
        result[registration.status === "confirmed" ? "confirmed" : "waitlisted"] += 1;
      } catch (error) {
        result.errors += 1;
        result.firstError ??= error instanceof Error ? (error.stack ?? error.message) : String(error);
      }
      result.latencies.push(performance.now() - begun);
    }
  }

  await Promise.all(Array.from({ length: share.clients }, (_, index) => client(index)));
  result.elapsedSeconds = (performance.now() - startedAt) / 1000;
  await handle.close();
  return result;
}

/** Forks the processes, starts them together, and adds up what they did. */
async function runProcesses(url: string, options: Options, events: BenchEvent[], now: Date) {
  const workers = Array.from({ length: options.processes }, () => cluster.fork());
  const base = Math.floor(options.clients / options.processes);
  const shares = workers.map((worker, index): Share => ({
    type: "share",
    url,
    index,
    processes: options.processes,
    clients: base + (index < options.clients % options.processes ? 1 : 0),
    pool: Math.max(1, Math.floor(options.pool / options.processes)),
    attempts: options.attempts,
    durationSeconds: options.durationSeconds,
    events,
    now: now.toISOString(),
  }));
  // Each process asks for its share once it has loaded: a message sent before would be lost.
  await Promise.all(
    workers.map(async (worker, index) => {
      await nextMessage<unknown>(worker);
      const ready = nextMessage<unknown>(worker);
      worker.send(shares[index]!);
      await ready;
    }),
  );
  const results = workers.map((worker) => nextMessage<Result>(worker));
  for (const worker of workers) worker.send({ type: "go" });
  return Promise.all(results);
}

async function run(handle: DatabaseHandle, url: string, options: Options): Promise<boolean> {
  const now = new Date();
  const { events: benchEvents } = await seed(handle, options, now);
  const results = await runProcesses(url, options, benchEvents, now);
  const elapsedSeconds = Math.max(...results.map((result) => result.elapsedSeconds));
  const latencies = results.flatMap((result) => result.latencies);
  const outcomes = {
    confirmed: results.reduce((sum, result) => sum + result.confirmed, 0),
    waitlisted: results.reduce((sum, result) => sum + result.waitlisted, 0),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
  };
  const firstError = results.find((result) => result.firstError)?.firstError;
  const mailsQueued = Number(
    (await handle.runSql("select count(*) as n from pgboss.job where name = 'send-email'")).rows[0]?.n ?? 0,
  );

  const sorted = [...latencies].sort((a, b) => a - b);
  const registered = outcomes.confirmed + outcomes.waitlisted;
  console.log(
    `Attempts: ${latencies.length} in ${elapsedSeconds.toFixed(2)} s ` +
      `(${outcomes.confirmed} confirmed, ${outcomes.waitlisted} waitlisted, ${outcomes.errors} errors; ` +
      `${mailsQueued} confirmation mails queued).`,
  );
  console.log(`Registrations per second: ${(registered / elapsedSeconds).toFixed(0)}`);
  console.log(
    `Latency per attempt: p50 ${ms(percentile(sorted, 0.5))}, p99 ${ms(percentile(sorted, 0.99))}, ` +
      `max ${ms(sorted.at(-1) ?? Number.NaN)}`,
  );
  if (firstError) console.error("First error:", firstError);

  let withinCapacity = true;
  for (const event of benchEvents) {
    const tally = async (status: "confirmed" | "waitlisted") => {
      const [row] = await handle.db
        .select({ n: count() })
        .from(teamRegistrations)
        .where(and(eq(teamRegistrations.eventId, event.id), eq(teamRegistrations.status, status)));
      return row?.n ?? 0;
    };
    const confirmed = await tally("confirmed");
    const waitlisted = await tally("waitlisted");
    const ok = confirmed <= event.maxTeams;
    withinCapacity &&= ok;
    console.log(
      `${event.slug}: ${confirmed} confirmed / ${event.maxTeams} max, ${waitlisted} waitlisted: ` +
        `confirmed ≤ max: ${ok ? "OK" : "VIOLATED"}`,
    );
  }
  return withinCapacity && outcomes.errors === 0;
}

async function main(): Promise<number> {
  const options = readOptions();
  const adminUrl = loopbackAdminUrl();
  const name = `rcl_bench_${randomBytes(6).toString("hex")}`;
  const benchUrl = new URL(adminUrl);
  benchUrl.pathname = `/${name}`;

  await adminQuery(adminUrl, `create database ${name}`);
  let handle: DatabaseHandle | undefined;
  const dropDatabase = async () => {
    await handle?.close().catch(() => undefined);
    handle = undefined;
    // Closed connections take a moment to leave the server; forcing them out sooner makes
    // the pool log their termination.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await adminQuery(adminUrl, `drop database if exists ${name}${attempt < 20 ? "" : " with (force)"}`);
        return;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  process.once("SIGINT", () => {
    console.error("\nInterrupted: dropping the benchmark database.");
    dropDatabase().finally(() => process.exit(130));
  });

  try {
    handle = await openDatabase({ kind: "postgres", url: benchUrl.toString(), poolMax: options.pool });
    await runMigrations(handle);
    const version = (await handle.pool!.query<{ server_version: string }>("show server_version")).rows[0];
    console.log(
      `Registrations benchmark on PostgreSQL ${version?.server_version ?? "?"} at ${adminUrl.host} (database ${name}): ` +
        `${options.clients} concurrent clients in ${options.processes} processes over pools of ` +
        `${Math.max(1, Math.floor(options.pool / options.processes))} connections each, ` +
        `${options.events} events of ${options.maxTeams} max teams, ` +
        `${options.invoices ? "each confirmation invoiced" : "no invoices"}, ` +
        `up to ${options.attempts} attempts or ${options.durationSeconds} s.`,
    );
    return (await run(handle, benchUrl.toString(), options)) ? 0 : 1;
  } finally {
    await dropDatabase();
  }
}

if (cluster.isWorker) {
  // A forked process books its share, reports, and ends; Ctrl-C is the primary's to handle.
  process.on("SIGINT", () => undefined);
  const share = nextMessage<Share>(process);
  process.send!({ type: "loaded" });
  share.then(book).then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
} else {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
