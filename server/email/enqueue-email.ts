import type { Database } from "#server/db/client";
import type { SqlRunner } from "#server/db/rows";
import type { JobQueue, QueuedJob } from "#server/jobs/job-queue";
import { readMailBrand } from "./brand";
import { renderEmail } from "./layout";
import type { Mail } from "./mailer";
import type { MailDraft } from "./templates";

/** What a command needs to send mail: the queue's enqueue, nothing that talks to a mail server. */
export type MailQueue = Pick<JobQueue, "enqueue" | "enqueueAll">;

/**
 * The draft rendered with the branded layout, in the recipient's language the draft
 * carries, and the company details the database holds now.
 */
export async function renderMail(
  db: Pick<Database, "select">,
  { content, locale, ...mail }: MailDraft,
): Promise<Mail> {
  return { ...mail, ...(await renderEmail(content, await readMailBrand(db), { locale })) };
}

/**
 * Renders a mail and queues it in the transaction that makes the change it reports: it is
 * sent only if that commits, and then even if the process dies right after. The request
 * never waits for the mail server; the `send-email` worker delivers it and retries failures.
 * The queue carries the rendered mail, so it says what happened when the change was made,
 * in the language its recipient had then (the draft is built in it; see `mailIn`).
 */
export async function enqueueEmail(
  jobs: MailQueue,
  tx: SqlRunner & Pick<Database, "select">,
  mail: MailDraft,
): Promise<void> {
  await jobs.enqueue(tx, "send-email", await renderMail(tx, mail));
}

/**
 * Renders mails and queues them, with the other jobs the same change causes, in one
 * statement of the transaction that makes the change (see `enqueueEmail`): one read of the
 * company details and one insert, however many mails a booking sends while it holds the
 * event's lock.
 */
export async function enqueueEmails(
  jobs: MailQueue,
  tx: SqlRunner & Pick<Database, "select">,
  mails: MailDraft[],
  others: QueuedJob[] = [],
): Promise<void> {
  const rendered: QueuedJob[] = [];
  if (mails.length > 0) {
    const brand = await readMailBrand(tx);
    for (const { content, locale, ...mail } of mails) {
      rendered.push({
        name: "send-email",
        data: { ...mail, ...(await renderEmail(content, brand, { locale })) },
      });
    }
  }
  await jobs.enqueueAll(tx, [...rendered, ...others]);
}
