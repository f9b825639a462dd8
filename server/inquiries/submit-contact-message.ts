import { contactSchema } from "~/lib/forms/contact-schema";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { inquiries } from "#server/db/schema";
import { enqueueEmail, type MailQueue } from "#server/email/enqueue-email";
import { renderEmail } from "#server/email/templates";
import { parseInput } from "#server/errors";
import { enforceRateLimits } from "#server/security/rate-limits";
import { getContactInbox } from "#server/settings/queries";

export type Inquiry = typeof inquiries.$inferSelect;

export type PublicFormRequest = {
  /** Signed in or not: anyone may write (see canSubmitPublicForm). */
  actor: Actor | null;
  input: unknown;
  /** The sender's address, for the per-address limit. */
  clientIp: string;
};

/** Stores a message from the contact page and queues it for RCL's contact inbox, in one transaction. */
export async function submitContactMessage(
  { db, jobs }: { db: Database; jobs: MailQueue },
  { input, clientIp }: PublicFormRequest,
): Promise<Inquiry> {
  const message = parseInput(contactSchema, input);
  await enforceRateLimits(db, [["contactPerAddress", clientIp]]);
  const inbox = await getContactInbox(db);
  if (!inbox) throw new Error("Site settings are missing: no address to send contact messages to.");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inquiries)
      .values({
        name: message.name,
        email: message.email,
        company: message.company,
        subject: message.subject,
        message: message.message,
      })
      .returning();
    if (!row) throw new Error("The contact message was not stored.");
    await enqueueEmail(jobs, tx, {
      to: inbox,
      replyTo: message.email,
      subject: `Contact form: ${message.subject}`,
      ...renderEmail({
        heading: "New message from the contact form",
        paragraphs: [message.message],
        details: [
          ["Name", message.name],
          ["Email", message.email],
          ["Company", message.company ?? "(none)"],
          ["Subject", message.subject],
        ],
      }),
    });
    return row;
  });
}
