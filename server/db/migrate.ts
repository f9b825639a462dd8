import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { prepareQueues } from "#server/jobs/prepare-queues";
import type { DatabaseHandle } from "./client";

import { migrationsDir as migrationsFolder } from "#server/paths";

// Any fixed number: it names the lock that serialises migrations across app instances.
const MIGRATION_LOCK_ID = 7_042_022;

/** Applies the committed migrations that have not run yet, then readies the job queue's tables. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  await migrateSchema(handle);
  await prepareQueues(handle);
}

async function migrateSchema(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite" || !handle.pool) {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // Several instances may start at once; one migrates while the others wait.
  const client = await handle.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}
