// `npm run bench:data`: loads a catalogue at scale, to measure pages and dashboards against.
//
// By default 10,000 events, 500 partners, 50,000 people (each with a profile and a
// password account) and 100,000 team registrations, into the database the environment
// names: PostgreSQL at DATABASE_URL, or else the embedded PGlite under DATA_DIR. The
// rows are made by set-based SQL (generate_series) in one transaction, so a failure
// leaves nothing behind, and the tables are vacuumed and analysed afterwards.
//
// The data looks like the real thing: events over three years (half past, half to
// come) of every type, in a dozen cities, mostly published with some drafts, some in
// review and some called off; partners mostly approved; registrations confirmed,
// cancelled and, where an event is full, waitlisted. One more event, a company regatta a
// month ahead, holds 5,000 confirmed teams: the largest crew list, registration list and
// export a partner has (--large-event-teams, 0 for none). The audit log gets 200,000 entries
// over two years by the partners' members and three admins (--audit-entries, 0 for none), and
// every published event a page-view counter a day from its publishing to its start or today,
// as the admin's log and the partners' analytics read them. Every address is @….bench.example,
// so no mail can reach anyone. All accounts share the password "bench-password" (hashed
// once); no admin is made (use `npm run admin:create`).
//
// It refuses a database that already has partners, events, people or registrations,
// unless --add says to add to them: never run it on data you care about. With --add,
// the new rows carry a run tag in their slugs and addresses, so they never clash.
//
// Usage: DATABASE_URL=postgres://… npm run bench:data [-- --add] [--events 10000]
//          [--partners 500] [--users 50000] [--registrations 100000] [--large-event-teams 5000]
//          [--audit-entries 200000]
//        DATA_DIR=./bench-data npm run bench:data
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { hashPassword } from "better-auth/crypto";
import { count } from "drizzle-orm";
import { openDatabase, type Database, type DatabaseHandle } from "#server/db/client";
import { loadBenchData, type BenchDataSizes } from "#server/db/load-bench-data";
import { runMigrations } from "#server/db/migrate";
import { auditLog, eventPageViews, events, partners, teamRegistrations, users } from "#server/db/schema";

const BENCH_PASSWORD = "bench-password";

function readOptions(): BenchDataSizes & { add: boolean; auditEntries: number } {
  const { values } = parseArgs({
    options: {
      add: { type: "boolean", default: false },
      events: { type: "string", default: "10000" },
      partners: { type: "string", default: "500" },
      users: { type: "string", default: "50000" },
      registrations: { type: "string", default: "100000" },
      "large-event-teams": { type: "string", default: "5000" },
      "audit-entries": { type: "string", default: "200000" },
    },
  });
  const positive = (name: string, value: string, min = 1): number => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < min || number > 10_000_000) {
      throw new Error(`--${name} must be a whole number from ${min.toLocaleString("en")} to 10,000,000.`);
    }
    return number;
  };
  return {
    add: values.add,
    // Registrations go to the published events, and fewer than ten may include none.
    events: positive("events", values.events, 10),
    partners: positive("partners", values.partners),
    users: positive("users", values.users),
    registrations: positive("registrations", values.registrations),
    largeEventTeams: positive("large-event-teams", values["large-event-teams"], 0),
    auditEntries: positive("audit-entries", values["audit-entries"], 0),
    pageViews: true,
  };
}

function openTarget(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (url) return openDatabase({ kind: "postgres", url, poolMax: 2 });
  const dataDir = process.env.DATA_DIR;
  if (dataDir) return openDatabase({ kind: "pglite", dataDir });
  throw new Error("Set DATABASE_URL (PostgreSQL) or DATA_DIR (embedded PGlite) to say where to load.");
}

type CountedTable =
  | typeof events
  | typeof partners
  | typeof users
  | typeof teamRegistrations
  | typeof auditLog
  | typeof eventPageViews;

/** Rows already there, by table; anything but zeros (before the log and views) means someone's data. */
async function existingRows(db: Database) {
  const counted = async (table: CountedTable) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    partners: await counted(partners),
    events: await counted(events),
    users: await counted(users),
    registrations: await counted(teamRegistrations),
  };
}

/** The audit log's rows and the page views' daily counters, which the dashboards read too. */
async function activityRows(db: Database) {
  const counted = async (table: CountedTable) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return { audit: await counted(auditLog), viewDays: await counted(eventPageViews) };
}

async function main() {
  const options = readOptions();
  const handle = await openTarget();
  try {
    await runMigrations(handle);
    const before = await existingRows(handle.db);
    const activityBefore = await activityRows(handle.db);
    if (!options.add && Object.values(before).some((n) => n > 0)) {
      throw new Error(
        `${handle.description} already holds ${before.partners} partners, ${before.events} events, ` +
          `${before.users} people and ${before.registrations} registrations. bench:data only loads an ` +
          "empty database; pass --add to add to this one.",
      );
    }
    const tag = randomBytes(3).toString("hex");
    const started = performance.now();
    await loadBenchData(handle.db, options, {
      tag,
      passwordHash: await hashPassword(BENCH_PASSWORD),
      now: new Date(),
    });
    const seconds = (performance.now() - started) / 1000;
    const after = await existingRows(handle.db);
    const activityAfter = await activityRows(handle.db);
    console.log(
      `Loaded into ${handle.description} in ${seconds.toFixed(1)} s (run tag ${tag}): ` +
        `${after.partners - before.partners} partners, ${after.events - before.events} events, ` +
        `${after.users - before.users} people, ${after.registrations - before.registrations} registrations, ` +
        `${activityAfter.audit - activityBefore.audit} audit entries, ` +
        `${activityAfter.viewDays - activityBefore.viewDays} days of page views.`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
  console.error(error instanceof Error ? `${error.message}${cause}` : error);
  process.exitCode = 1;
});
