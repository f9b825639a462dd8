import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { notFound } from "#server/errors";
import { isUuid } from "~/lib/ids";
import type { JobQueue } from "./job-queue";
import { JOB_SCHEMA, type QueueName } from "./queues";

/** Puts one failed job back in its queue, to run at once with one more try. */
export async function retryFailedJob(
  { db, jobs }: { db: Database; jobs: Pick<JobQueue, "retry"> },
  id: string,
): Promise<void> {
  const missing = notFound(`No failed job has the id ${id}.`);
  if (!isUuid(id)) throw missing;
  const result: unknown = await db.execute(
    sql`select name from ${sql.identifier(JOB_SCHEMA)}.job where id = ${id} and state = 'failed'`,
  );
  const [row] = (result as { rows: { name: QueueName }[] }).rows;
  if (!row) throw missing;
  await jobs.retry(row.name, id);
}
