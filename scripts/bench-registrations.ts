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
// Usage: tsx scripts/bench-registrations.ts [--clients 32] [--attempts 60000] [--duration 15]
//                                           [--events 100,4] [--max-teams 1000] [--pool 50]
//                                           [--processes N] [--no-invoices] [--no-pgbench] [--parts]
//
// Each number of events given is its own run on a new database (by default 100 events, then
// 4 busy ones). After each, pgbench's TPC-B runs against the same server with as many clients
// for as long (`-M prepared`), and the benchmark prints the bookings per second as a share of
// TPC-B's transactions per second: a yardstick of what this machine's PostgreSQL does with
// small write transactions at that moment, so the ratio holds whatever else the machine runs.
// Then pgbench's clients call the booking function directly on the run's database for as
// long, followed by TPC-B again: the database's share of a booking, without Node on the same
// cores, as a share of TPC-B. Both print the write-ahead log records and bytes per
// transaction (pg_stat_wal, the whole server's, over its transactions). --parts then measures
// the function again with one part of a booking's writes switched off at a time, then all of
// them, each followed by TPC-B, so the share of each part in the ratio is a measured figure
// (docs/benchmarks.md). Switching off needs the superuser the benchmark runs as; it is done on
// the run's throw-away database only.
// It also prints Node's CPU time per booking (the booking processes' user + system time over
// their attempts), the database round trips per booking (queries sent over the attempts), and
// the cause of every failed attempt.
//
// The partner's billing is confirmed, so every confirmed booking queues the job that issues
// its invoice and mails (`finish-booking`, run by the site's workers; none runs here, so the
// jobs are counted); --no-invoices leaves the partner without billing details.
import { execFileSync } from "node:child_process";
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
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
import { AppError } from "#server/errors";
import { adminQuery, loopbackAdminUrl, scratchDatabase } from "./loopback-database";

const DAY_MS = 24 * 60 * 60 * 1000;

type Options = {
  clients: number;
  attempts: number;
  durationSeconds: number;
  /** One run per number. */
  eventCounts: number[];
  pgbench: boolean;
  maxTeams: number;
  pool: number;
  processes: number;
  invoices: boolean;
  parts: boolean;
};

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      clients: { type: "string", default: "32" },
      attempts: { type: "string", default: "60000" },
      duration: { type: "string", default: "15" },
      events: { type: "string", default: "100,4" },
      "max-teams": { type: "string", default: "1000" },
      "no-pgbench": { type: "boolean", default: false },
      pool: { type: "string", default: "50" },
      processes: {
        type: "string",
        default: process.env.WEB_CONCURRENCY ?? String(os.availableParallelism()),
      },
      "no-invoices": { type: "boolean", default: false },
      parts: { type: "boolean", default: false },
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
    eventCounts: values.events.split(",").map((count) => positive("events", count.trim())),
    pgbench: !values["no-pgbench"],
    maxTeams: positive("max-teams", values["max-teams"]),
    pool: positive("pool", values.pool),
    processes: positive("processes", values.processes),
    invoices: !values["no-invoices"],
    parts: values.parts,
  };
}

async function seed(handle: DatabaseHandle, options: Options, eventCount: number, now: Date) {
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
      Array.from({ length: eventCount }, (_, index) => ({
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
  // As the form names them (Conform's paths): each booking names two rowers, so it also
  // writes their two seats (rower_seats, migration 0031).
  "roster[0].name": "Bench Captain",
  "roster[1].name": "Bench Rower",
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
  /** Failed attempts by cause: the error's code and message. */
  causes: Record<string, number>;
  firstError?: string;
  elapsedSeconds: number;
  /** This process's user and system CPU time while its clients booked, in microseconds. */
  cpuMicros: number;
  /** Queries this process sent to the database while its clients booked. */
  queries: number;
};

/** Counts every query sent by any client of this process (the pools' and transactions' alike). */
function countQueries(): { readonly count: number } {
  const counter = { count: 0 };
  const send = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: Parameters<typeof send>) {
    counter.count += 1;
    return send.apply(this, args);
  } as typeof send;
  return counter;
}

function causeOf(error: unknown): string {
  if (error instanceof AppError) return `${error.code}: ${error.message}`;
  if (!(error instanceof Error)) return String(error);
  // Drizzle's "Failed query" keeps the database's own error as its cause.
  const { cause } = error;
  const own = cause instanceof Error ? ` (${(cause as { code?: string }).code ?? ""} ${cause.message})` : "";
  return `${error.message.split("\n")[0]!.trim()}${own}`;
}

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
    causes: {},
    elapsedSeconds: 0,
    cpuMicros: 0,
    queries: 0,
  };
  const queries = countQueries();
  let next = share.index;

  process.send!({ type: "ready" });
  await nextMessage(process);
  const startedAt = performance.now();
  const cpuAtStart = process.cpuUsage();
  const queriesAtStart = queries.count;
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
        const cause = causeOf(error);
        result.causes[cause] = (result.causes[cause] ?? 0) + 1;
        result.firstError ??= error instanceof Error ? (error.stack ?? error.message) : String(error);
      }
      result.latencies.push(performance.now() - begun);
    }
  }

  await Promise.all(Array.from({ length: share.clients }, (_, index) => client(index)));
  result.elapsedSeconds = (performance.now() - startedAt) / 1000;
  const cpu = process.cpuUsage(cpuAtStart);
  result.cpuMicros = cpu.user + cpu.system;
  result.queries = queries.count - queriesAtStart;
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

type RunFigures = { bookingsPerSecond: number; ok: boolean };

async function run(
  handle: DatabaseHandle,
  url: string,
  options: Options,
  eventCount: number,
): Promise<RunFigures> {
  const now = new Date();
  const { events: benchEvents } = await seed(handle, options, eventCount, now);
  const results = await runProcesses(url, options, benchEvents, now);
  const elapsedSeconds = Math.max(...results.map((result) => result.elapsedSeconds));
  const latencies = results.flatMap((result) => result.latencies);
  const sum = (pick: (result: Result) => number) =>
    results.reduce((total, result) => total + pick(result), 0);
  const outcomes = {
    confirmed: sum((result) => result.confirmed),
    waitlisted: sum((result) => result.waitlisted),
    errors: sum((result) => result.errors),
  };
  const causes = new Map<string, number>();
  for (const result of results) {
    for (const [cause, times] of Object.entries(result.causes))
      causes.set(cause, (causes.get(cause) ?? 0) + times);
  }
  const firstError = results.find((result) => result.firstError)?.firstError;
  const jobsQueued = Number(
    (await handle.runSql("select count(*) as n from pgboss.job where name = 'finish-booking'")).rows[0]?.n ??
      0,
  );
  // Each booking names two rowers: a run that wrote no seats measured less than the site does.
  const seats = Number((await handle.runSql("select count(*) as n from rower_seats")).rows[0]?.n ?? 0);

  const sorted = [...latencies].sort((a, b) => a - b);
  const registered = outcomes.confirmed + outcomes.waitlisted;
  const attempts = Math.max(1, latencies.length);
  console.log(
    `Attempts: ${latencies.length} in ${elapsedSeconds.toFixed(2)} s ` +
      `(${outcomes.confirmed} confirmed, ${outcomes.waitlisted} waitlisted, ${outcomes.errors} errors; ` +
      `${jobsQueued} finish-booking jobs queued; ${seats} rower seats written).`,
  );
  const bookingsPerSecond = registered / elapsedSeconds;
  console.log(`Registrations per second: ${bookingsPerSecond.toFixed(0)}`);
  console.log(
    `Latency per attempt: p50 ${ms(percentile(sorted, 0.5))}, p99 ${ms(percentile(sorted, 0.99))}, ` +
      `max ${ms(sorted.at(-1) ?? Number.NaN)}`,
  );
  console.log(
    `Node CPU per attempt: ${(sum((result) => result.cpuMicros) / 1000 / attempts).toFixed(2)} ms; ` +
      `database round trips per attempt: ${(sum((result) => result.queries) / attempts).toFixed(2)}`,
  );
  for (const [cause, times] of [...causes].sort((a, b) => b[1] - a[1])) {
    console.log(`Failed attempts: ${times} × ${cause}`);
  }
  if (firstError) console.error("First error:", firstError);

  let withinCapacity = true;
  let overbooked = 0;
  for (const event of benchEvents) {
    const [row] = await handle.db
      .select({ n: count() })
      .from(teamRegistrations)
      .where(and(eq(teamRegistrations.eventId, event.id), eq(teamRegistrations.status, "confirmed")));
    const confirmed = row?.n ?? 0;
    if (confirmed > event.maxTeams) {
      withinCapacity = false;
      overbooked += 1;
      console.log(`${event.slug}: ${confirmed} confirmed / ${event.maxTeams} max: VIOLATED`);
    }
  }
  console.log(
    `Capacity: ${benchEvents.length - overbooked} of ${benchEvents.length} events within max teams` +
      (withinCapacity ? " (none overbooked)." : "."),
  );
  return { bookingsPerSecond, ok: withinCapacity && outcomes.errors === 0 };
}

/** pgbench of the server's own PostgreSQL installation, if there is one. */
function pgbenchPath(): string | null {
  if (process.env.PGBENCH) return process.env.PGBENCH;
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  for (const version of fs.readdirSync(root).sort().reverse()) {
    const candidate = path.join(root, version, "bin", "pgbench");
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** pgbench's connection flags for the admin URL's server. */
const pgbenchConnection = (adminUrl: URL) => [
  "-h",
  adminUrl.hostname,
  "-p",
  adminUrl.port || "5432",
  "-U",
  adminUrl.username || "postgres",
];

/** A pgbench run: transactions per second, and the server's write-ahead log per transaction. */
type PgbenchFigures = { tps: number; walRecords: number; walBytes: number };

/** The server's write-ahead log so far: records and bytes (pg_stat_wal, PostgreSQL 14 and later). */
async function walSoFar(adminUrl: URL): Promise<{ records: number; bytes: number }> {
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    const { rows } = await client.query<{ records: string; bytes: string }>(
      "select wal_records::text as records, wal_bytes::text as bytes from pg_stat_wal",
    );
    return { records: Number(rows[0]?.records), bytes: Number(rows[0]?.bytes) };
  } finally {
    await client.end();
  }
}

/** pgbench with the benchmark's clients and duration (`-M prepared`), and the log it wrote. */
async function runPgbench(
  pgbench: string,
  adminUrl: URL,
  options: Options,
  database: string,
  script: string[],
): Promise<PgbenchFigures | null> {
  const before = await walSoFar(adminUrl);
  const output = execFileSync(
    pgbench,
    [
      "-M",
      "prepared",
      ...script,
      "-c",
      String(options.clients),
      "-j",
      String(Math.min(options.clients, os.availableParallelism())),
      "-T",
      String(options.durationSeconds),
      ...pgbenchConnection(adminUrl),
      database,
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
  );
  const after = await walSoFar(adminUrl);
  const tps = /tps = ([\d.]+)/.exec(output)?.[1];
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1]);
  if (!tps || !transactions) return null;
  return {
    tps: Number(tps),
    walRecords: (after.records - before.records) / transactions,
    walBytes: (after.bytes - before.bytes) / transactions,
  };
}

/**
 * pgbench's TPC-B with the benchmark's clients and duration, on a database of its own
 * (scale 10: a million accounts) beside the benchmark's.
 */
async function tpcB(pgbench: string, adminUrl: URL, options: Options): Promise<PgbenchFigures | null> {
  const scratch = await scratchDatabase(adminUrl, "rcl_pgbench");
  try {
    execFileSync(pgbench, ["-i", "-q", "-s", "10", ...pgbenchConnection(adminUrl), scratch.name], {
      stdio: "ignore",
    });
    // Its loading is written out first, so the run's log is its transactions'.
    await adminQuery(adminUrl, "checkpoint");
    return await runPgbench(pgbench, adminUrl, options, scratch.name, []);
  } finally {
    await scratch.drop();
  }
}

/**
 * Sets up the harness of `functionAlone` on the run's database: the events in a numbered
 * table, and a booking of the run (its roster's ids removed, as the site sends a new
 * booking's roster) as the template each call copies, both read once, so the calls measure
 * the booking, not the harness. Each call books a copy for a random event and account, with
 * a new id, key and reference ("RCL-U…": the letter U is never drawn, so no reference clashes).
 * Returns pgbench's script file.
 */
async function functionAloneHarness(handle: DatabaseHandle, options: Options): Promise<string> {
  await handle.runSql(`
    create sequence bench_reference;
    create table bench_events as
      select row_number() over (order by slug)::integer as n, id, xmin::text as version from events;
    alter table bench_events add primary key (n);
    create table bench_template as
      select to_jsonb(r) || jsonb_build_object('roster',
          (select coalesce(jsonb_agg(e.value - 'id'), '[]') from jsonb_array_elements(r.roster) e)) as row
        from team_registrations r order by jsonb_array_length(r.roster) desc limit 1;
    create function bench_book(p_event integer, p_user integer) returns text language plpgsql as $$
    declare
      v_event bench_events;
    begin
      select * into v_event from bench_events where n = p_event;
      return (select b.outcome from rcl_book_team(v_event.id, v_event.version,
        (select t.row from bench_template t) || jsonb_build_object('id', gen_random_uuid(),
          'idempotency_key', gen_random_uuid(),
          'reference', 'RCL-U' || lpad(upper(to_hex(nextval('bench_reference'))), 5, '0'),
          'event_id', v_event.id, 'user_id', 'bench-booker-' || p_user),
        true, null, null, null, 'bench:' || p_user, 1000000, now() - interval '1 minute', now()) b);
    end $$`);
  const events = Number((await handle.runSql("select count(*) as n from events")).rows[0]?.n ?? 1);
  const script = path.join(os.tmpdir(), `rcl-bench-book-${process.pid}.sql`);
  fs.writeFileSync(
    script,
    `\\set event random(1, ${events})\n\\set user random(1, ${options.attempts})\nselect bench_book(:event, :user);\n`,
  );
  return script;
}

/** A booking's parts that --parts switches off, one at a time and then all at once. */
type Part = "page change" | "search index" | "rower seats" | "finish-booking job";
const PARTS: Part[] = ["page change", "search index", "rower seats", "finish-booking job"];

/**
 * The SQL that switches a booking's parts on or off on the run's database. The job is left
 * out by a copy of the booking function without its INSERT into pgboss.job; the search
 * index by marking it not ready, so inserts skip it (a superuser's catalogue edit, on a
 * throw-away database).
 */
function partsSql(off: ReadonlySet<Part>, bookingFunction: string): string {
  const jobStart = bookingFunction.indexOf("IF v_status <> 'held' THEN");
  const jobEnd = bookingFunction.indexOf("RETURN QUERY SELECT 'booked'");
  if (jobStart < 0 || jobEnd < jobStart) throw new Error("rcl_book_team has changed: update --parts.");
  const trigger = (name: string, on: boolean) =>
    `alter table team_registrations ${on ? "enable" : "disable"} trigger ${name}`;
  return [
    trigger("team_registrations_public_pages", !off.has("page change")),
    `update pg_index set indisready = ${!off.has("search index")}
       where indexrelid = 'team_registrations_search_trgm_idx'::regclass`,
    trigger("team_registrations_roster_ids", !off.has("rower seats")),
    trigger("team_registrations_roster_seats_inserted", !off.has("rower seats")),
    off.has("finish-booking job")
      ? bookingFunction.slice(0, jobStart) + bookingFunction.slice(jobEnd)
      : bookingFunction,
  ].join(";\n");
}

const perTransaction = (figures: PgbenchFigures) =>
  `${figures.walRecords.toFixed(1)} log records, ${(figures.walBytes / 1024).toFixed(1)} KiB`;

/**
 * The database's share of a booking: `rcl_book_team` called by pgbench's clients, as many as
 * the benchmark's, on the run's database with its events and accounts, no Node in between,
 * then TPC-B for as long. With --parts, the same again with each part switched off.
 */
async function functionAlone(
  pgbench: string,
  adminUrl: URL,
  handle: DatabaseHandle,
  database: string,
  options: Options,
  eventCount: number,
) {
  const script = await functionAloneHarness(handle, options);
  const measure = async (label: string) => {
    const alone = await runPgbench(pgbench, adminUrl, options, database, ["-n", "-f", script]);
    const yardstick = await tpcB(pgbench, adminUrl, options);
    if (!alone || !yardstick) return;
    const load = os.loadavg()[0]!.toFixed(2);
    console.log(
      `${label}: ${alone.tps.toFixed(0)} bookings/s (${perTransaction(alone)} each); ` +
        `TPC-B ${yardstick.tps.toFixed(0)} tps (${perTransaction(yardstick)} each); ` +
        `÷ TPC-B: ${(alone.tps / yardstick.tps).toFixed(2)} (load ${load}).`,
    );
  };
  try {
    await measure(
      `The booking function alone with ${eventCount} events (pgbench, ${options.clients} clients, no Node)`,
    );
    if (!options.parts) return;
    const bookingFunction = String(
      (await handle.runSql("select pg_get_functiondef('rcl_book_team'::regproc) as sql")).rows[0]?.sql,
    );
    const variants: [string, Set<Part>][] = [
      ...PARTS.map((part): [string, Set<Part>] => [`without the ${part}`, new Set([part])]),
      ["without all four", new Set(PARTS)],
      ["with everything again", new Set()],
    ];
    for (const [label, off] of variants) {
      await handle.runSql(partsSql(off, bookingFunction));
      await measure(`  ${label}`);
    }
  } finally {
    fs.rmSync(script, { force: true });
  }
}

async function main(): Promise<number> {
  const options = readOptions();
  const adminUrl = loopbackAdminUrl();
  const pgbench = options.pgbench ? pgbenchPath() : null;
  if (options.pgbench && !pgbench) console.log("TPC-B: pgbench not found (set PGBENCH): no ratio.");
  let ok = true;
  for (const eventCount of options.eventCounts) {
    const scratch = await scratchDatabase(adminUrl, "rcl_bench");
    let handle: DatabaseHandle | undefined;
    let figures: RunFigures;
    try {
      handle = await openDatabase({ kind: "postgres", url: scratch.url.toString(), poolMax: options.pool });
      await runMigrations(handle);
      const version = (await handle.pool!.query<{ server_version: string }>("show server_version")).rows[0];
      console.log(
        `\nRegistrations benchmark on PostgreSQL ${version?.server_version ?? "?"} at ${adminUrl.host} (database ${scratch.name}): ` +
          `${options.clients} concurrent clients in ${options.processes} processes over pools of ` +
          `${Math.max(1, Math.floor(options.pool / options.processes))} connections each, ` +
          `${eventCount} events of ${options.maxTeams} max teams, ` +
          `${options.invoices ? "each confirmation invoiced" : "no invoices"}, ` +
          `up to ${options.attempts} attempts or ${options.durationSeconds} s; load ${os.loadavg()[0]!.toFixed(2)}.`,
      );
      figures = await run(handle, scratch.url.toString(), options, eventCount);
      if (pgbench) {
        // TPC-B first, for the end-to-end ratio, while the machine is as it was for the run.
        const yardstick = await tpcB(pgbench, adminUrl, options);
        if (yardstick)
          console.log(
            `TPC-B (pgbench -M prepared, ${options.clients} clients, ${options.durationSeconds} s, same server): ` +
              `${yardstick.tps.toFixed(0)} tps; bookings ÷ TPC-B with ${eventCount} events: ` +
              `${(figures.bookingsPerSecond / yardstick.tps).toFixed(2)} (load ${os.loadavg()[0]!.toFixed(2)}).`,
          );
        await functionAlone(pgbench, adminUrl, handle, scratch.name, options, eventCount);
      }
    } finally {
      await handle?.close().catch(() => undefined);
      await scratch.drop();
    }
    ok &&= figures.ok;
  }
  return ok ? 0 : 1;
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
