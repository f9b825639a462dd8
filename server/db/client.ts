import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import pg from "pg";
import { ConfigError } from "#server/env";
import { log } from "#server/log";
import * as schema from "./schema";

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
  /**
   * Hears `channel`'s notifications, each delivered once its transaction has committed,
   * in commit order. PostgreSQL holds one connection for it, outside the pool.
   */
  listen(channel: string, handlers: ChannelHandlers): Promise<ChannelListener>;
  close(): Promise<void>;
  /** Only for PostgreSQL: the pool, for work that must hold one connection. */
  pool?: pg.Pool;
};

type ChannelHandlers = {
  message(payload: string): void;
  /**
   * The connection was lost: notifications sent meanwhile are missed. Called again for
   * each failed attempt; `restored` follows once it listens again.
   */
  lost(): void;
  restored(): void;
};

type ChannelListener = {
  /** False while a lost connection is being re-established. */
  readonly live: boolean;
  /** Drops the connection and listens on a new one: the caller found it no longer hears anything. */
  reconnect(): void;
  close(): Promise<void>;
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
  | { kind: "pglite-memory" };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    return openPostgres(options.url, options.poolMax ?? 10, options.poolTimeoutMs ?? 3_000);
  }
  const dataPath = options.kind === "pglite" ? prepareDataDir(options.dataDir) : undefined;
  // PGlite bundles contrib extensions; the migrations enable pg_trgm for search indexes.
  const client = await PGlite.create(dataPath, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
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
    // One process, one session: a notification arrives during the commit that sends it.
    listen: async (channel, { message }) => {
      const unlisten = await client.listen(channel, message);
      return { live: true, reconnect: () => undefined, close: unlisten };
    },
    close: () => client.close(),
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

async function openPostgres(url: string, poolMax: number, poolTimeoutMs: number): Promise<DatabaseHandle> {
  // A query that gets no connection within the timeout fails with pg's "timeout exceeded
  // when trying to connect", which the host answers 503 (./pool-exhausted.ts).
  const pool = new pg.Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: poolTimeoutMs });
  // An idle client that loses its server must not crash the process.
  pool.on("error", (error) => log.error({ err: error }, `PostgreSQL pool error: ${error.message}`));
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new ConfigError(`Cannot reach PostgreSQL at ${describeHost(url)}: ${reason(error)}`);
  }
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    description: `PostgreSQL at ${describeHost(url)}${new URL(url).pathname}`,
    pool,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    runSql: async (text, values) => {
      // pg answers a text of several statements with one result each.
      const result: pg.QueryResult | pg.QueryResult[] = await pool.query(text, values);
      return {
        rows: (Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows) as Record<
          string,
          unknown
        >[],
      };
    },
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
    close: () => pool.end(),
  };
}

/** How long to wait before each attempt to listen again: 0.5 s, doubling up to 15 s. */
const relistenDelay = (attempt: number) => Math.min(500 * 2 ** attempt, 15_000);

async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ChannelHandlers,
): Promise<ChannelListener> {
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    // TCP keepalive, so a connection a NAT or failover silently dropped is noticed.
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    next.on("notification", (notification) => {
      if (notification.channel === channel) handlers.message(notification.payload ?? "");
    });
    // A dropped connection ends the client; the next one starts afresh.
    const drop = () => {
      if (client !== next) return;
      client = undefined;
      if (live) log.warn(`Stopped hearing database channel ${channel}; reconnecting.`);
      live = false;
      handlers.lost();
      next.end().catch(() => undefined);
      if (!closed) schedule(0);
    };
    next.on("error", drop);
    next.on("end", drop);
    client = next;
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (client !== next || closed) return;
    live = true;
    handlers.restored();
  };
  const schedule = (attempt: number) => {
    // A failed connection may report itself twice (its error and its end): one retry.
    clearTimeout(retry);
    retry = setTimeout(() => {
      connect().catch(() => {
        client?.end().catch(() => undefined);
        client = undefined;
        handlers.lost();
        if (!closed) schedule(attempt + 1);
      });
    }, relistenDelay(attempt));
    retry.unref();
  };

  await connect();
  return {
    get live() {
      return live;
    },
    reconnect: () => {
      // Ending the client runs `drop`: lost, then a new connection.
      client?.end().catch(() => undefined);
    },
    close: async () => {
      closed = true;
      live = false;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

function describeHost(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname || "localhost"}:${parsed.port || "5432"}`;
}

function reason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reason(error.errors[0]);
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
  }
  return String(error);
}
