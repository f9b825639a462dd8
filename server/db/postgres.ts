import { drizzle } from "drizzle-orm/node-postgres";
import { sql } from "drizzle-orm";
import pg from "pg";
import { ConfigError } from "#server/env";
import { log } from "#server/log";
import type { Database, DatabaseHandle } from "./client";
import { databaseUnavailability } from "./unavailable";
import * as schema from "./schema";

/** PostgreSQL through a pool of at most `poolMax` connections; fails at once when it cannot be reached. */
export async function openPostgres(
  url: string,
  poolMax: number,
  poolTimeoutMs: number,
): Promise<DatabaseHandle> {
  // A query that gets no connection within the timeout fails with pg's "timeout exceeded
  // when trying to connect", which the host answers 503 (./unavailable.ts).
  const pool = new pg.Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: poolTimeoutMs });
  // A connection the server drops emits "error" on its client. pg-pool listens only while
  // the client is idle (and passes the error on as the pool's); a client checked out, by a
  // transaction between two of its queries for instance, had no listener, and the error
  // ended the process. Every client gets its own listener, which logs the loss once; the
  // pool's is there so an idle client's loss is not reported twice, nor thrown. The
  // client is not queryable any more: its next query fails (answered 503), and pg-pool
  // drops it when it is released.
  pool.on("error", () => undefined);
  const connected = new Set<pg.ClientBase>();
  pool.on("connect", (client) => {
    connected.add(client);
    // pg reports a lost connection twice (the socket's error, then its end): logged once.
    let lost = false;
    client.on("error", (error) => {
      if (lost) return;
      lost = true;
      const shortage = databaseUnavailability(error);
      if (shortage) log.warn({ database: shortage }, `Lost a PostgreSQL connection: ${error.message}`);
      else log.error({ err: error }, `PostgreSQL connection error: ${error.message}`);
    });
  });
  pool.on("remove", (client) => connected.delete(client));
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new ConfigError(`Cannot reach PostgreSQL at ${describeHost(url)}: ${reason(error)}`);
  }
  const db = drizzle({ client: pool, schema }) as unknown as Database;
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
    close: async () => {
      // pool.end() resolves once its clients are told to end, before their connections have
      // closed: wait for those too, so whoever closes the pool (shutdown, a test dropping its
      // database) never finds a connection still going away.
      const allRemoved = new Promise<void>((resolve) => {
        const settle = () => {
          if (connected.size > 0) return;
          pool.off("remove", settle);
          resolve();
        };
        pool.on("remove", settle);
        settle();
      });
      await pool.end();
      await allRemoved;
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
