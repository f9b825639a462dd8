import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { events, pageChanges, teamRegistrations } from "#server/db/schema";
import { seedSampleContent } from "#server/db/seed/seed";
import { pruneExpiredRows } from "#server/jobs/prune-expired-rows";
import { createJobQueue } from "#server/jobs/job-queue";
import { createTestDatabase, testDatabaseKind } from "../support/database";

let database: DatabaseHandle;
const now = new Date("2026-11-21T12:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  await seedSampleContent(database.db, now);
});

afterAll(async () => {
  await database?.close();
});

const changesSince = async (id: number) =>
  (await database.runSql("select tag, xid from page_changes where id > $1 order by id", [id])).rows;

const lastId = async () =>
  Number((await database.runSql("select coalesce(max(id), 0) as id from page_changes")).rows[0]!.id);

describe(`changes to public pages on ${testDatabaseKind}`, () => {
  it("no function of the schema sends a notification: a commit never waits for another's", async () => {
    const { rows } = await database.runSql(
      `select proname from pg_proc join pg_namespace on pg_namespace.oid = pronamespace
       where nspname = 'public' and prosrc ilike '%pg_notify%'`,
    );
    expect(rows).toEqual([]);
  });

  it("a write records its event's tag once per transaction, in the writer's transaction", async () => {
    const [event] = await database.db.select().from(events).where(eq(events.status, "published")).limit(1);
    const registrations = await database.db
      .select({ id: teamRegistrations.id })
      .from(teamRegistrations)
      .where(eq(teamRegistrations.eventId, event!.id))
      .limit(2);
    expect(registrations.length).toBe(2);
    const before = await lastId();

    // Two rows of one event in one transaction: one tag.
    await database.db.transaction(async (tx) => {
      for (const registration of registrations) {
        await tx
          .update(teamRegistrations)
          .set({ status: "cancelled" })
          .where(eq(teamRegistrations.id, registration.id));
      }
    });
    const written = await changesSince(before);
    expect(written.map((row) => row.tag)).toEqual([`registration:${event!.slug}`]);

    // A roster edit shows on no public page, and a rolled-back write leaves nothing.
    const afterCancel = await lastId();
    await database.db
      .update(teamRegistrations)
      .set({ teamName: "Renamed crew" })
      .where(eq(teamRegistrations.id, registrations[0]!.id));
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(events).set({ title: "Never shown" }).where(eq(events.id, event!.id));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await changesSince(afterCancel)).toEqual([]);
  });

  it("the daily prune deletes changes older than an hour and keeps newer ones", async () => {
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    await database.db
      .insert(pageChanges)
      .values({ tag: "team", changedAt: new Date(later.getTime() - 30 * 60 * 1000) });
    const pruned = await pruneExpiredRows({ db: database.db, jobs: createJobQueue(database) }, later);
    expect(pruned.pageChanges).toBeGreaterThan(0);
    const left = await database.db
      .select({ changedAt: pageChanges.changedAt })
      .from(pageChanges)
      .where(sql`${pageChanges.changedAt} < ${new Date(later.getTime() - 60 * 60 * 1000)}`);
    expect(left).toEqual([]);
    const kept = await database.db.select({ tag: pageChanges.tag }).from(pageChanges);
    expect(kept.map((row) => row.tag)).toContain("team");
  });
});
