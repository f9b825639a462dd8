import type { JobQueue } from "#server/jobs/job-queue";
import type { SqlRunner } from "#server/jobs/sql-executor";
import type { Mail } from "./mailer";

/** What a command needs to send mail: the queue's enqueue, nothing that talks to a mail server. */
export type MailQueue = Pick<JobQueue, "enqueue">;

/**
 * Queues a mail in the transaction that makes the change it reports: it is sent only if
 * that commits, and then even if the process dies right after. The request never waits
 * for the mail server; the `send-email` worker delivers it and retries failures.
 */
export async function enqueueEmail(jobs: MailQueue, tx: SqlRunner, mail: Mail): Promise<void> {
  await jobs.enqueue(tx, "send-email", mail);
}
