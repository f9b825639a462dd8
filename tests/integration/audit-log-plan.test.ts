import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditCountQuery, auditPageQuery } from "#server/audit/queries";
import type { DatabaseHandle } from "#server/db/client";
import { loadBenchData } from "#server/db/load-bench-data";
import { createTestDatabase } from "../support/database";
import { planOf } from "../support/query-plan";
import { scaled } from "../support/timeouts";

let database: DatabaseHandle;
let someEntry: string;
let somePartner: string;

beforeAll(async () => {
  database = await createTestDatabase();
  // A log big enough for the plans to be the ones a real site's log gets.
  await loadBenchData(
    database.db,
    { events: 10, partners: 20, users: 40, registrations: 10, largeEventTeams: 0, auditEntries: 20_000 },
    { tag: "audit", passwordHash: "not-a-real-hash", now: new Date() },
  );
  // Merges the trigram index's pending entries and refreshes statistics, as autovacuum would.
  await database.db.execute(sql`vacuum analyze audit_log`);
  const { rows } = (await database.db.execute(
    sql`select (select id from audit_log order by created_at desc, id desc offset 3000 limit 1) as entry,
      (select id from partners order by slug limit 1) as partner`,
  )) as unknown as { rows: { entry: string; partner: string }[] };
  someEntry = rows[0]!.entry;
  somePartner = rows[0]!.partner;
}, scaled(120_000));

afterAll(async () => {
  await database?.close();
});

describe("the audit log's plans", () => {
  const none = { partnerId: "", person: "" };

  it("reads a page after a row through the (created_at, id) index, however deep", async () => {
    const plan = await planOf(
      database.db,
      auditPageQuery(database.db, none, { older: someEntry, newer: null, offset: 0 }),
    );
    expect(plan).toMatch(/Index Scan using audit_log_created_id_idx|audit_log_created_id_idx/);
    expect(plan).toMatch(/ROW\(created_at, id\) < /);
    expect(plan).not.toMatch(/Seq Scan on audit_log/);
  });

  it("reads a partner's page after a row through the partner's (created_at, id) index", async () => {
    const plan = await planOf(
      database.db,
      auditPageQuery(
        database.db,
        { partnerId: somePartner, person: "" },
        { older: someEntry, newer: null, offset: 0 },
      ),
    );
    expect(plan).toMatch(/audit_log_partner_created_id_idx/);
    expect(plan).not.toMatch(/Seq Scan on audit_log/);
  });

  it.each([
    [
      "page",
      () =>
        auditPageQuery(
          database.db,
          { partnerId: "", person: "person7@" },
          { older: null, newer: null, offset: 0 },
        ),
    ],
    ["count", () => auditCountQuery(database.db, { partnerId: "", person: "person7@" })],
  ])("finds a person's entries through the trigram index (%s query)", async (_, query) => {
    const plan = await planOf(database.db, query());
    expect(plan).toMatch(/Bitmap Index Scan on audit_log_actor_email_trgm_idx/);
  });

  it("counts no further than one past the limit", async () => {
    const plan = await planOf(database.db, auditCountQuery(database.db, none));
    expect(plan).toMatch(/Limit/);
    expect(plan).not.toMatch(/Seq Scan on audit_log/);
  });
});
