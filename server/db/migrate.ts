import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { PoolClient, QueryResult } from "pg";
import { prepareQueues } from "#server/jobs/prepare-queues";
import type { DatabaseHandle } from "./client";

import { migrationsDir as migrationsFolder } from "#server/paths";

// Any fixed number: it names the lock that serialises migrations across app instances.
const MIGRATION_LOCK_ID = 7_042_022;

/** Applies the committed migrations that have not run yet, then readies the job queue's tables. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  // Only the store's own migrator is loaded, as only its driver is (./client.ts).
  if (handle.kind === "pglite" || !handle.pool) {
    const { migrate: migratePglite } = await import("drizzle-orm/pglite/migrator");
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    await prepareQueues(handle);
    return;
  }
  // Several instances may start at once; one migrates while the others wait, then finds
  // nothing left to do. The job queue's tables are made under the same lock: two pg-boss
  // instances creating them at once can both try to create its schema, and one fails.
  const [{ drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const client = await handle.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder });
    // On the connection that holds the lock: a pool of one connection would otherwise wait on itself.
    await prepareQueues({ ...handle, runSql: (text, values) => runSqlOn(client, text, values) });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}

/** DatabaseHandle.runSql on one connection of the pool. */
async function runSqlOn(client: PoolClient, text: string, values?: unknown[]) {
  // pg answers a text of several statements with one result each.
  const result: QueryResult | QueryResult[] = await client.query(text, values);
  return {
    rows: (Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows) as Record<string, unknown>[],
  };
}
