import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/client";
import { closeAtEnd } from "./close-at-end";

/**
 * A fresh, migrated database for one test file, closed when the file ends (`close` may come
 * first): in-memory PGlite by default, or a new
 * PostgreSQL database created beside TEST_DATABASE_URL's (dropped again by `close`). Each is
 * a copy of the database the run migrated once (./test-database-template.ts).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = inject("pgliteTemplate");
    if (!template) throw new Error("No migrated PGlite template: is the global setup missing?");
    return closeAtEnd(await openDatabase({ kind: "pglite-memory", from: await fs.openAsBlob(template) }));
  }

  const template = inject("postgresTemplate");
  if (!template) throw new Error("No migrated PostgreSQL template: is the global setup missing?");
  const scratch = await createScratchDatabase(adminUrl, "rcl_test", template);
  // Test files run side by side on a busy machine; a slow connection there is not an overload
  // under test (tests/integration/overload.test.ts sets its own short wait).
  const handle = await openDatabase({
    kind: "postgres",
    url: scratch.url,
    poolMax: 20,
    poolTimeoutMs: 30_000,
  });
  return closeAtEnd({
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  });
}

/**
 * A new PostgreSQL database beside `adminUrl`'s, named `prefix_<random>`, empty or a copy of
 * `template`: its URL, and `drop` to remove it again (with any connection still open to it).
 */
async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export const testDatabaseKind = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

/** An empty database a separate process (a built command, a script) can open, by its environment. */
export type EmptyDatabaseTarget = {
  /** DATABASE_URL or DATA_DIR, as the process reads it. */
  env: { DATABASE_URL: string } | { DATA_DIR: string };
  /** Opens it from this process, to read what the other one wrote. */
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
};

/**
 * A new empty database, not migrated: beside TEST_DATABASE_URL's on PostgreSQL, else a
 * PGlite folder (an in-memory one cannot be shared with another process).
 */
export async function createEmptyDatabaseTarget(prefix: string): Promise<EmptyDatabaseTarget> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
    const empty = inject("emptyPgliteFolder");
    if (empty) fs.cpSync(empty, dataDir, { recursive: true });
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ kind: "pglite", dataDir }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const scratch = await createScratchDatabase(adminUrl, prefix.replaceAll("-", "_"));
  return {
    env: { DATABASE_URL: scratch.url },
    open: () => openDatabase({ kind: "postgres", url: scratch.url, poolMax: 2 }),
    drop: scratch.drop,
  };
}
