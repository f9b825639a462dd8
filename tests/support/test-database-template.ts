// Global setup of the unit and integration tests: migrate one database per run, and let every
// test file start from a copy of it (tests/support/database.ts). A copy takes well under a
// second; a migration per file took tens of seconds on a busy machine.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#server/db/client";
import { runMigrations } from "#server/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data folder, as a tar file, when the tests run on PGlite. */
    pgliteTemplate: string | undefined;
    /** The name of a migrated PostgreSQL database beside TEST_DATABASE_URL's, to copy. */
    postgresTemplate: string | undefined;
    /**
     * A PGlite data folder created once and never migrated, for tests of what happens before
     * migrations: a copy takes a moment, where creating one took up to a minute on a busy machine.
     */
    emptyPgliteFolder: string | undefined;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `rcl_template_${randomBytes(6).toString("hex")}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolMax: 2 });
    try {
      await runMigrations(handle);
    } finally {
      // A database with a session open cannot be copied.
      await handle.close();
    }
    project.provide("pgliteTemplate", undefined);
    project.provide("postgresTemplate", name);
    project.provide("emptyPgliteFolder", undefined);
    return () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }

  const handle = await openDatabase({ kind: "pglite-memory" });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "rcl-test-template-")), "pglite.tar");
  try {
    await runMigrations(handle);
    const dump = await handle.dump?.();
    if (!dump) throw new Error("PGlite gave no dump of the migrated database.");
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  const empty = path.join(path.dirname(file), "empty");
  await (await openDatabase({ kind: "pglite", dataDir: empty })).close();
  project.provide("pgliteTemplate", file);
  project.provide("postgresTemplate", undefined);
  project.provide("emptyPgliteFolder", empty);
  return async () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
