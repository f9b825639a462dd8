import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import type * as schema from "./schema";

/** The one query interface the app uses, whichever store is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

type DatabaseKind = "pglite" | "postgres";

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  /** Where the data is, for the start-up summary; never includes a password. */
  description: string;
  /** Fails when the store cannot answer a trivial query. */
  ping(): Promise<void>;
  /**
   * Raw SQL for a library that brings its own (the job queue). Text without values may
   * hold several statements; the rows are those of the last one.
   */
  runSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
  /** Only for PostgreSQL: the pool, for work that must hold one connection. */
  pool?: pg.Pool;
  /** Only for PGlite: its data folder as one uncompressed tar, to open copies `from`. */
  dump?(): Promise<Blob>;
};

export type DatabaseOptions =
  | {
      kind: "postgres";
      url: string;
      poolMax?: number;
      /** How long a query waits for a free connection (DATABASE_POOL_TIMEOUT_MS). */
      poolTimeoutMs?: number;
    }
  | { kind: "pglite"; dataDir: string }
  /** In memory; `from` starts it as a copy of a dumped data folder (PGlite's dumpDataDir). */
  | { kind: "pglite-memory"; from?: Blob };

/**
 * Opens the store. Each driver is imported only when it is used: a site on PostgreSQL never
 * loads PGlite's modules, and one on PGlite never loads pg's (ADR 026, the start).
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const { openPostgres } = await import("./postgres");
    return openPostgres(options.url, options.poolMax ?? 10, options.poolTimeoutMs ?? 3_000);
  }
  const { openPglite } = await import("./pglite");
  return options.kind === "pglite" ? openPglite(options.dataDir) : openPglite(undefined, options.from);
}
