import type { SqlRunner } from "#server/db/rows";

export type QueueExecutor = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
};

/**
 * The job queue's statements run through a Drizzle transaction's session, so a job is
 * inserted in the same transaction as the change that causes it and vanishes if that
 * rolls back. The queue's text and its `$1`-style values go to the driver as they are,
 * as Drizzle's own `execute` sends a query it has built. A statement with values is
 * named after its text, so each PostgreSQL connection parses and plans the queue's
 * insert once rather than for every job.
 */
export function executorFor(db: SqlRunner): QueueExecutor {
  return {
    async executeSql(text, values = []) {
      const query = { sql: text, params: values.map((value) => value ?? null) };
      const statement = db._.session.prepareQuery(query, undefined, statementName(text, values), false);
      const result: unknown = await statement.execute();
      const rows = (result as { rows?: unknown }).rows;
      return { rows: Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [] };
    },
  };
}

/** The queue sends a few fixed texts; more than this many would mean texts that vary. */
const MAX_NAMED_STATEMENTS = 32;
const statementNames = new Map<string, string>();

/**
 * A name per text, the same for every connection. A text without values may hold several
 * statements, which only an unnamed query can run; past the limit texts stay unnamed, so
 * varying ones cannot pile up prepared statements in PostgreSQL's sessions.
 */
export function statementName(text: string, values: readonly unknown[]): string | undefined {
  if (values.length === 0) return undefined;
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `job_queue_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}
