import type { Env } from "#server/env";
import { openDatabase, type DatabaseHandle } from "./client";

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite persisted under DATA_DIR. */
export function openDatabaseFromEnv(env: Env): Promise<DatabaseHandle> {
  return env.DATABASE_URL
    ? openDatabase({
        kind: "postgres",
        url: env.DATABASE_URL,
        poolMax: env.DATABASE_POOL_MAX,
        poolTimeoutMs: env.DATABASE_POOL_TIMEOUT_MS,
      })
    : openDatabase({ kind: "pglite", dataDir: env.dataDir });
}
