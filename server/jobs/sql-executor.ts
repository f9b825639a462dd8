import { sql, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client";

/** A Drizzle database or transaction: anything that can run a statement. */
export type SqlRunner = Pick<Database, "execute">;

export type QueueExecutor = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
};

/**
 * The job queue's statements run through a Drizzle transaction, so a job is inserted in
 * the same transaction as the change that causes it and vanishes if that rolls back.
 * The queue writes `$1`-style placeholders; each becomes a Drizzle parameter.
 */
export function executorFor(db: SqlRunner): QueueExecutor {
  return {
    async executeSql(text, values = []) {
      const result: unknown = await db.execute(withParameters(text, values));
      const rows = (result as { rows?: unknown }).rows;
      return { rows: Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [] };
    },
  };
}

function withParameters(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    // split() with a capture group alternates text and placeholder numbers.
    if (index % 2 === 0) chunks.push(sql.raw(part));
    // sql.param, not a template value: the latter would spread an array into a list.
    else chunks.push(sql`${sql.param(values[Number(part) - 1] ?? null)}`);
  });
  return sql.join(chunks);
}
