import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { JOB_SCHEMA, type QueueName } from "./queues";

export type FailedJob = {
  id: string;
  queue: QueueName;
  /** For mail: who it was for and what it was about; empty for other jobs. */
  to: string;
  subject: string;
  tries: number;
  lastError: string;
  createdAt: Date;
  failedAt: Date | null;
};

/**
 * Jobs that used up their retries, newest first, with the error of the last try. They
 * stay in the queue (see KEEP_FAILED_SECONDS) until retried or archived.
 */
export async function listFailedJobs(
  db: Database,
  { limit = 100 }: { limit?: number } = {},
): Promise<FailedJob[]> {
  const result: unknown = await db.execute(sql`
    select id, name, data->>'to' as "to", data->>'subject' as subject, retry_count,
      coalesce(output->>'message', output->'value'->>'message', output::text, '') as last_error,
      created_on, completed_on
    from ${sql.identifier(JOB_SCHEMA)}.job
    where state = 'failed'
    order by completed_on desc nulls last, id
    limit ${limit}`);
  const rows = (result as { rows: Record<string, unknown>[] }).rows;
  return rows.map((row) => ({
    id: String(row.id),
    queue: row.name as QueueName,
    to: String(row.to ?? ""),
    subject: String(row.subject ?? ""),
    // The first try is not a retry.
    tries: Number(row.retry_count) + 1,
    lastError: String(row.last_error ?? ""),
    createdAt: new Date(String(row.created_on)),
    failedAt: row.completed_on ? new Date(String(row.completed_on)) : null,
  }));
}
