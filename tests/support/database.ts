import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "#server/db/client";
import { runMigrations } from "#server/db/migrate";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * PostgreSQL database created beside TEST_DATABASE_URL's (dropped again by `close`).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({ kind: "pglite-memory" });
    await runMigrations(handle);
    return handle;
  }

  const name = `rcl_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Test files run side by side on a busy machine; a slow connection there is not an overload
  // under test (tests/integration/overload.test.ts sets its own short wait).
  const handle = await openDatabase({
    kind: "postgres",
    url: url.toString(),
    poolMax: 20,
    poolTimeoutMs: 30_000,
  });
  await runMigrations(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export const testDatabaseKind = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
