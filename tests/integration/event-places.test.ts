import fs from "node:fs";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { seedSampleContent } from "#server/db/seed/seed";
import { createEmptyDatabaseTarget, createTestDatabase, testDatabaseKind } from "../support/database";

// event_places.taken is kept by triggers (migration 0025); every reader of "teams
// registered" and the booking function trust it, so it must equal the rows' count after
// any mix of changes, whoever makes them.
let database: DatabaseHandle;
const now = new Date("2026-11-21T12:00:00Z");
const STATUSES = ["confirmed", "waitlisted", "held", "cancelled"] as const;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedSampleContent(database.db, now);
});

afterAll(async () => {
  await database?.close();
});

/** Events whose stored places differ from their confirmed and held rows. */
async function mismatches() {
  const { rows } = await database.runSql(`
    select e.slug, places.taken, (select count(*)::int from team_registrations r
      where r.event_id = e.id and r.status in ('confirmed', 'held')) as counted
    from events e left join event_places places on places.event_id = e.id
    where places.taken is distinct from (select count(*)::int from team_registrations r
      where r.event_id = e.id and r.status in ('confirmed', 'held'))`);
  return rows;
}

const journal = JSON.parse(
  fs.readFileSync(new URL("../../server/db/migrations/meta/_journal.json", import.meta.url), "utf8"),
) as { entries: { idx: number; tag: string }[] };
const statementsOf = (tag: string) =>
  fs
    .readFileSync(new URL(`../../server/db/migrations/${tag}.sql`, import.meta.url), "utf8")
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter(Boolean);

let references = 0;
const nextReference = () => `RCL-T${String((references += 1)).padStart(5, "0")}`;

type Step =
  | { kind: "insert"; event: number; status: (typeof STATUSES)[number] }
  | { kind: "status"; row: number; status: (typeof STATUSES)[number] }
  | { kind: "move"; row: number; event: number }
  | { kind: "delete"; row: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("insert" as const), event: fc.nat(), status: fc.constantFrom(...STATUSES) }),
  fc.record({ kind: fc.constant("status" as const), row: fc.nat(), status: fc.constantFrom(...STATUSES) }),
  fc.record({ kind: fc.constant("move" as const), row: fc.nat(), event: fc.nat() }),
  fc.record({ kind: fc.constant("delete" as const), row: fc.nat() }),
);

describe(`places taken per event on ${testDatabaseKind}`, () => {
  it("starts each new event at none, and goes with its event", async () => {
    expect(await mismatches()).toEqual([]);
    await database.runSql(`insert into events (slug, title, description, type, status, partner_id, location,
        starts_at, ends_at, registration_deadline, price_minor, max_teams)
      select 'places-new-event', 'New', 'd', type, 'draft', partner_id, location, starts_at, ends_at,
        registration_deadline, price_minor, 3 from events limit 1`);
    const created = await database.runSql(
      "select taken from event_places where event_id = (select id from events where slug = 'places-new-event')",
    );
    expect(created.rows).toEqual([{ taken: 0 }]);
    await database.runSql("delete from events where slug = 'places-new-event'");
    const left = await database.runSql(
      "select count(*)::int as n from event_places where event_id not in (select id from events)",
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
  });

  it("counts, when the migration runs, the places of the events that were there before", async () => {
    const target = await createEmptyDatabaseTarget("event-places");
    const before = await target.open();
    try {
      const run = async (tags: string[]) => {
        for (const tag of tags) for (const statement of statementsOf(tag)) await before.runSql(statement);
      };
      const places = journal.entries.find((entry) => entry.tag.endsWith("_event_places"))!;
      await run(journal.entries.filter((entry) => entry.idx < places.idx).map((entry) => entry.tag));
      await before.runSql(`insert into partners (id, slug, name, location, description, status)
        values ('00000000-0000-4000-8000-0000000000c1', 'count-club', 'Count Club', 'Vejle', 'Rowing', 'approved')`);
      await before.runSql(
        `insert into users (id, name, email) values ('count-booker', 'Booker', 'booker@count.example')`,
      );
      await before.runSql(`insert into events (id, slug, title, description, type, partner_id, location, starts_at, ends_at,
          registration_deadline, price_minor, max_teams)
        select ('00000000-0000-4000-8000-00000000000' || n)::uuid, 'count-' || n, 'Count', 'd', 'traditional_rowing',
          '00000000-0000-4000-8000-0000000000c1', 'Vejle', '2027-06-15T07:00:00Z', '2027-06-15T15:00:00Z',
          '2027-06-01T07:00:00Z', 250000, 10
        from generate_series(1, 3) n`);
      // The first event has a team in every state; the second two confirmed; the third none.
      await before.runSql(`insert into team_registrations (event_id, user_id, team_name, company, status, reference, idempotency_key)
        values ('00000000-0000-4000-8000-000000000001', 'count-booker', 'A', 'C', 'confirmed', 'RCL-CNT001', 'k1'),
               ('00000000-0000-4000-8000-000000000001', 'count-booker', 'B', 'C', 'held', 'RCL-CNT002', 'k2'),
               ('00000000-0000-4000-8000-000000000001', 'count-booker', 'C', 'C', 'waitlisted', 'RCL-CNT003', 'k3'),
               ('00000000-0000-4000-8000-000000000001', 'count-booker', 'D', 'C', 'cancelled', 'RCL-CNT004', 'k4'),
               ('00000000-0000-4000-8000-000000000002', 'count-booker', 'E', 'C', 'confirmed', 'RCL-CNT005', 'k5'),
               ('00000000-0000-4000-8000-000000000002', 'count-booker', 'F', 'C', 'confirmed', 'RCL-CNT006', 'k6')`);

      // In one transaction, as the migrator runs it.
      await before.db.transaction(async (tx) => {
        for (const statement of statementsOf(places.tag)) await tx.execute(sql.raw(statement));
      });

      const { rows } = await before.runSql(
        "select e.slug, p.taken from events e left join event_places p on p.event_id = e.id order by e.slug",
      );
      expect(rows).toEqual([
        { slug: "count-1", taken: 2 },
        { slug: "count-2", taken: 2 },
        { slug: "count-3", taken: 0 },
      ]);
    } finally {
      await before.close();
      await target.drop();
    }
  });

  it("stays equal to the rows' count after any mix of bookings, status changes, moves and deletes", async () => {
    const eventIds = (await database.runSql("select id from events order by slug limit 4")).rows.map((row) =>
      String(row.id),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const change of steps) {
          const rowIds = (
            await database.runSql(
              "select id from team_registrations where event_id = any($1::uuid[]) order by id",
              [eventIds],
            )
          ).rows.map((row) => String(row.id));
          const pick = (index: number) => rowIds[index % Math.max(1, rowIds.length)];
          switch (change.kind) {
            case "insert":
              await database.runSql(
                `insert into team_registrations select (jsonb_populate_record(null::team_registrations,
                   to_jsonb(r) || jsonb_build_object('id', gen_random_uuid(), 'idempotency_key', gen_random_uuid(),
                   'reference', $1::text, 'event_id', $2::uuid, 'status', $3::text))).*
                 from team_registrations r limit 1`,
                [nextReference(), eventIds[change.event % eventIds.length], change.status],
              );
              break;
            case "status":
              if (pick(change.row))
                await database.runSql("update team_registrations set status = $1 where id = $2", [
                  change.status,
                  pick(change.row),
                ]);
              break;
            case "move":
              if (pick(change.row))
                await database.runSql("update team_registrations set event_id = $1 where id = $2", [
                  eventIds[change.event % eventIds.length],
                  pick(change.row),
                ]);
              break;
            case "delete":
              // Issued invoices and other rows may refer to it; then nothing changes.
              if (pick(change.row))
                await database
                  .runSql("delete from team_registrations where id = $1", [pick(change.row)])
                  .catch(() => undefined);
              break;
          }
        }
        expect(await mismatches()).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });

  it("a statement changing many rows at once counts each of them", async () => {
    const { rows } = await database.runSql(
      "select event_id from team_registrations where status = 'confirmed' group by event_id order by count(*) desc limit 1",
    );
    const eventId = String(rows[0]!.event_id);
    await database.runSql(
      "update team_registrations set status = 'waitlisted' where event_id = $1 and status = 'confirmed'",
      [eventId],
    );
    const after = await database.runSql("select taken from event_places where event_id = $1", [eventId]);
    expect(after.rows).toEqual([{ taken: 0 }]);
    expect(await mismatches()).toEqual([]);
  });

  it("is none for every event once the table is emptied by TRUNCATE, which fires no row trigger", async () => {
    await database.runSql("truncate team_registrations cascade");
    const { rows } = await database.runSql("select count(*)::int as n from event_places where taken <> 0");
    expect(Number(rows[0]!.n)).toBe(0);
    expect(await mismatches()).toEqual([]);
  });
});
