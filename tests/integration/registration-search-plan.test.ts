import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { teamRegistrations } from "#server/db/schema";
import { loadBenchData } from "#server/db/load-bench-data";
import { registrationSearchCondition } from "#server/registrations/managed-queries";
import { createTestDatabase } from "../support/database";
import { planOf } from "../support/query-plan";
import { scaled } from "../support/timeouts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await loadBenchData(
    database.db,
    { events: 20, partners: 5, users: 200, registrations: 5_000, largeEventTeams: 0 },
    { tag: "search", passwordHash: "not-a-real-hash", now: new Date() },
  );
  // Merges the trigram index's pending entries and refreshes statistics, as autovacuum would.
  await database.db.execute(sql`vacuum analyze team_registrations`);
}, scaled(120_000));

afterAll(async () => {
  await database?.close();
});

const countMatching = (q: string) =>
  database.db.select({ n: count() }).from(teamRegistrations).where(registrationSearchCondition(q));

describe("the partner's registrations search", () => {
  it("reads the one trigram index over team, company and captain", async () => {
    const plan = await planOf(database.db, countMatching("rower"));
    expect(plan).toMatch(/Bitmap Index Scan on team_registrations_search_trgm_idx/);
  });

  it("matches within team, company or captain, never across two of them", async () => {
    const [row] = (
      (await database.db.execute(
        sql`select team_name, company, captain_name from team_registrations where captain_name is not null limit 1`,
      )) as unknown as { rows: { team_name: string; company: string; captain_name: string }[] }
    ).rows;
    for (const part of [row!.team_name, row!.company, row!.captain_name]) {
      const [found] = await countMatching(part.slice(1, -1).toUpperCase());
      expect(found!.n).toBeGreaterThan(0);
    }
    const across = `${row!.team_name.slice(-3)} ${row!.company.slice(0, 3)}`;
    const [acrossFound] = await database.db
      .select({ n: count() })
      .from(teamRegistrations)
      .where(registrationSearchCondition(across));
    const [expected] = (
      (await database.db.execute(
        sql`select count(*)::int as n from team_registrations
          where team_name ilike ${`%${across}%`} or company ilike ${`%${across}%`} or captain_name ilike ${`%${across}%`}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(acrossFound!.n).toBe(expected!.n);
  });
});
