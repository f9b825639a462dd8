import { contactSchema } from "~/lib/forms/contact-schema";
import type { PublicFormRequest } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { returnedRow } from "#server/db/rows";
import { inquiries } from "#server/db/schema";
import { enqueueEmail, type MailQueue } from "#server/email/enqueue-email";
import { addressLocale } from "#server/email/recipients";
import { getLocale } from "~/paraglide/runtime";
import { parseInput } from "#server/errors";
import { enforceRateLimits } from "#server/security/rate-limits";
import { getContactInbox } from "#server/settings/queries";
import { contactMessageMail } from "./emails";

export type Inquiry = typeof inquiries.$inferSelect;

/** Stores a message from the contact page and queues it for RCL's contact inbox, in one transaction. */
export async function submitContactMessage(
  { db, jobs }: { db: Database; jobs: MailQueue },
  { input, clientIp }: PublicFormRequest,
): Promise<Inquiry> {
  const message = parseInput(contactSchema, input);
  await enforceRateLimits(db, [["contactPerAddress", clientIp]]);
  const inbox = await getContactInbox(db);
  return db.transaction(async (tx) => {
    const row = await tx
      .insert(inquiries)
      .values({
        name: message.name,
        email: message.email,
        company: message.company,
        subject: message.subject,
        message: message.message,
        // The visitor's language, kept with the message (ADR 033).
        language: getLocale(),
      })
      .returning()
      .then(returnedRow);
    await enqueueEmail(jobs, tx, contactMessageMail(inbox, message, await addressLocale(tx, inbox)));
    return row;
  });
}
