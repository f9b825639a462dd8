// `npm run bench:check-in`: two phones checking in the same 500 rowers at once (ADR 038,
// figure 1), on PostgreSQL.
//
// It creates a throw-away database beside DATABASE_URL's (default: the local server's
// `postgres` database), migrates it, and books one event's teams so they hold --seats seats
// (10 a team). Two "phones", as two staff members scanning the same teams would, each make
// their own op ids for every seat's 'present', in their own random order, and sync them
// through the real `syncCheckIns` command in batches of --batch, both at once. Then both
// send the same batches again (a phone that lost its answers). It prints, per round, the
// outcomes and the time of each batch and of the round, then counts: seats with more than
// one attendance, or more than one applied 'present', must be 0 (exit code 1 otherwise), and
// every op must be stored once. The database is dropped at the end, also on Ctrl-C.
//
// Usage: tsx scripts/bench-check-in.ts [--seats 500] [--batch 100] [--pool 10]
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { syncCheckIns, type OpResult } from "#server/check-in/sync-check-ins";
import { openDatabase, type DatabaseHandle } from "#server/db/client";
import { runMigrations } from "#server/db/migrate";
import { checkInOps, events, partners, teamRegistrations, users } from "#server/db/schema";
import { loopbackAdminUrl, scratchDatabase } from "./loopback-database";

const HOUR_MS = 60 * 60 * 1000;
const ROWERS_PER_TEAM = 10;

const { values } = parseArgs({
  options: {
    seats: { type: "string", default: "500" },
    batch: { type: "string", default: "100" },
    pool: { type: "string", default: "10" },
  },
});
const seatCount = Number(values.seats);
const batchSize = Number(values.batch);
const poolMax = Number(values.pool);
if (![seatCount, batchSize, poolMax].every((n) => Number.isInteger(n) && n > 0)) {
  throw new Error("--seats, --batch and --pool take whole numbers above 0.");
}

type Seat = { registrationId: string; seatId: string };
type Phone = { name: string; email: string; actor: Actor; deviceId: string; batches: unknown[][] };

function shuffled<T>(list: readonly T[]): T[] {
  const copy = [...list];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/** A partner, its ongoing event and its teams, booked directly: the roster trigger makes the seats. */
async function setUp(handle: DatabaseHandle): Promise<{ eventId: string; seats: Seat[]; phones: Phone[] }> {
  const { db } = handle;
  const [partner] = await db
    .insert(partners)
    .values({ slug: "bench-roklub", name: "Bench Roklub", location: "Copenhagen", description: "Bench" })
    .returning();
  const now = Date.now();
  const [event] = await db
    .insert(events)
    .values({
      slug: "bench-check-in",
      title: "Check-in Bench Regatta",
      description: "Two phones, one jetty",
      type: "traditional_rowing",
      status: "published",
      partnerId: partner!.id,
      location: "Copenhagen",
      startsAt: new Date(now - HOUR_MS),
      endsAt: new Date(now + 5 * HOUR_MS),
      registrationDeadline: new Date(now - 2 * HOUR_MS),
      priceMinor: 0,
      maxTeams: Math.ceil(seatCount / ROWERS_PER_TEAM),
    })
    .returning();
  const people = ["booker", "anna", "mia"].map((name) => ({
    id: `bench-${name}`,
    name,
    email: `${name}@bench.example`,
    emailVerified: true,
  }));
  await db.insert(users).values(people);
  const teams = Math.ceil(seatCount / ROWERS_PER_TEAM);
  const registrations = await db
    .insert(teamRegistrations)
    .values(
      Array.from({ length: teams }, (_, team) => ({
        eventId: event!.id,
        userId: "bench-booker",
        teamName: `Bench crew ${team + 1}`,
        company: `Bench ${team + 1} A/S`,
        status: "confirmed" as const,
        roster: Array.from(
          { length: Math.min(ROWERS_PER_TEAM, seatCount - team * ROWERS_PER_TEAM) },
          (_, i) => ({
            name: `Rower ${team + 1}.${i + 1}`,
          }),
        ),
      })),
    )
    .returning({ id: teamRegistrations.id, roster: teamRegistrations.roster });
  const seats = registrations.flatMap((registration) =>
    registration.roster.map((member) => ({ registrationId: registration.id, seatId: member.id! })),
  );
  const actor: Actor = { userId: "", role: "user", partnerIds: [], checkInPartnerIds: [partner!.id] };
  const phones = ["anna", "mia"].map((name): Phone => {
    // Each phone its own op ids for the same seats, in its own order.
    const ops = shuffled(seats).map((seat) => ({
      id: randomUUID(),
      ...seat,
      kind: "present",
      clientAt: new Date().toISOString(),
    }));
    const batches: unknown[][] = [];
    for (let start = 0; start < ops.length; start += batchSize)
      batches.push(ops.slice(start, start + batchSize));
    return {
      name,
      email: `${name}@bench.example`,
      actor: { ...actor, userId: `bench-${name}` },
      deviceId: randomUUID(),
      batches,
    };
  });
  return { eventId: event!.id, seats, phones };
}

type RoundFigures = { ms: number; batchMs: number[]; outcomes: Record<string, number> };

/** Every phone sends its batches one after the other, all phones at once. */
async function round(
  handle: DatabaseHandle,
  eventId: string,
  phones: Phone[],
): Promise<Map<string, RoundFigures>> {
  const figures = new Map<string, RoundFigures>();
  await Promise.all(
    phones.map(async (phone) => {
      const started = performance.now();
      const batchMs: number[] = [];
      const results: OpResult[] = [];
      for (const ops of phone.batches) {
        const batchStarted = performance.now();
        const answer = await syncCheckIns(handle.db, {
          actor: phone.actor,
          email: phone.email,
          eventId,
          input: { deviceId: phone.deviceId, ops },
        });
        batchMs.push(performance.now() - batchStarted);
        results.push(...answer.results);
      }
      const outcomes: Record<string, number> = { applied: 0, duplicate: 0, refused: 0 };
      for (const result of results) outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
      figures.set(phone.name, { ms: performance.now() - started, batchMs, outcomes });
    }),
  );
  return figures;
}

function print(title: string, figures: Map<string, RoundFigures>) {
  console.log(`\n${title}`);
  for (const [name, { ms, batchMs, outcomes }] of figures) {
    const batches = batchMs.map((value) => value.toFixed(0)).join(", ");
    console.log(
      `  ${name}: ${ms.toFixed(0)} ms; applied ${outcomes.applied}, duplicate ${outcomes.duplicate}, ` +
        `refused ${outcomes.refused}; batches (ms): ${batches}`,
    );
  }
}

async function main() {
  const adminUrl = loopbackAdminUrl();
  const scratch = await scratchDatabase(adminUrl, "rcl_check_in_bench");
  let handle: DatabaseHandle | undefined;
  let failed = false;
  try {
    handle = await openDatabase({ kind: "postgres", url: scratch.url.toString(), poolMax });
    await runMigrations(handle);
    const { eventId, seats, phones } = await setUp(handle);
    console.log(
      `${seats.length} seats in ${new Set(seats.map((seat) => seat.registrationId)).size} teams; ` +
        `2 phones × ${seats.length} 'present' ops each, batches of ${batchSize}, pool ${poolMax}.`,
    );
    print("Round 1 (both phones at once):", await round(handle, eventId, phones));
    print("Round 2 (the same batches again, both at once):", await round(handle, eventId, phones));

    const [counts] = (
      (await handle.db.execute(sql`
        select
          (select count(*) from seat_attendance a join rower_seats s on s.id = a.seat_id
            where s.event_id = ${eventId})::int as attendance,
          (select count(*) from (select seat_id from seat_attendance group by seat_id having count(*) > 1) d)::int
            as seats_with_two_attendances,
          (select count(*) from (select seat_id from check_in_ops where event_id = ${eventId}
            and kind = 'present' and outcome = 'applied' group by seat_id having count(*) > 1) d)::int
            as seats_with_two_applied,
          (select count(*) from check_in_ops where event_id = ${eventId})::int as ops,
          (select count(*) from check_in_ops where event_id = ${eventId} and outcome = 'applied')::int as applied,
          (select count(*) from check_in_ops where event_id = ${eventId} and outcome = 'duplicate')::int
            as duplicate`)) as unknown as { rows: Record<string, number>[] }
    ).rows;
    const stored = await handle.db
      .select({ id: checkInOps.id })
      .from(checkInOps)
      .where(eq(checkInOps.eventId, eventId));
    console.log("\nStored:");
    console.log(`  attendance rows ${counts!.attendance} (seats ${seats.length})`);
    console.log(
      `  ops ${counts!.ops} (sent ${2 * seats.length} distinct), applied ${counts!.applied}, duplicate ${counts!.duplicate}`,
    );
    console.log(`  seats with more than one attendance: ${counts!.seats_with_two_attendances}`);
    console.log(`  seats with more than one applied 'present': ${counts!.seats_with_two_applied}`);
    failed =
      counts!.seats_with_two_attendances !== 0 ||
      counts!.seats_with_two_applied !== 0 ||
      counts!.attendance !== seats.length ||
      stored.length !== 2 * seats.length;
    console.log(failed ? "\nFAILED: duplicates or lost ops." : "\nDuplicates: 0. Every op stored once.");
  } finally {
    await handle?.close();
    await scratch.drop();
  }
  if (failed) process.exitCode = 1;
}

await main();
