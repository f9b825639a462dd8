import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { ConfigError } from "#server/env";
import type { Database, DatabaseHandle } from "./client";
import * as schema from "./schema";

/**
 * PostgreSQL's page cache inside PGlite. Its default, 128 MB, is allocated and zeroed in
 * WebAssembly memory when PGlite starts, so all of it stays resident however small the
 * data: 32 MB keeps about 100 MB less resident in the idle process (ADR 026). A page
 * that falls out of it is read again from the data folder's files, which the operating
 * system keeps in its own cache.
 */
const SHARED_BUFFERS = "32MB";

/**
 * The embedded PGlite, persisted under `dataDir` or, without one, in memory; `from`, a dumped
 * data folder, is what it starts with (the tests copy one migrated database instead of
 * migrating one per file).
 */
export async function openPglite(dataDir: string | undefined, from?: Blob): Promise<DatabaseHandle> {
  const dataPath = dataDir === undefined ? undefined : prepareDataDir(dataDir);
  const client = await PGlite.create(dataPath, {
    loadDataDir: from,
    // PGlite bundles contrib extensions; the migrations enable pg_trgm for search indexes.
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${SHARED_BUFFERS}`],
  });
  const db = drizzle({ client, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    description: dataPath ? `embedded PGlite at ${dataPath}` : "embedded PGlite in memory",
    ping: async () => {
      await client.query("select 1");
    },
    // PGlite's query takes one statement; exec takes several but no parameters.
    runSql: async (text, values) => {
      if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    close: () => client.close(),
    dump: async () => client.dumpDataDir("none"),
  };
}

function prepareDataDir(dataDir: string): string {
  const databaseDir = path.join(dataDir, "pglite");
  try {
    fs.mkdirSync(databaseDir, { recursive: true });
    fs.accessSync(databaseDir, fs.constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
    throw new ConfigError(`DATA_DIR ${dataDir} cannot be written (${code}).`);
  }
  return databaseDir;
}
