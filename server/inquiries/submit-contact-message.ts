import { contactSchema } from "~/lib/forms/contact-schema";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { inquiries } from "#server/db/schema";
import type { Mailer } from "#server/email/mailer";
import { renderEmail } from "#server/email/templates";
import { parseInput } from "#server/errors";
import { enforceRateLimits } from "#server/security/rate-limits";
import { getSiteSettings } from "#server/settings/queries";

export type Inquiry = typeof inquiries.$inferSelect;

export type PublicFormRequest = {
  /** Signed in or not: anyone may write (see canSubmitPublicForm). */
  actor: Actor | null;
  input: unknown;
  /** The sender's address, for the per-address limit. */
  clientIp: string;
};

/** Stores a message from the contact page and forwards it to RCL's contact address. */
export async function submitContactMessage(
  { db, mailer }: { db: Database; mailer: Mailer },
  { input, clientIp }: PublicFormRequest,
): Promise<Inquiry> {
  const message = parseInput(contactSchema, input);
  await enforceRateLimits(db, [["contactPerAddress", clientIp]]);
  const [row] = await db
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
  const settings = await getSiteSettings(db);
  if (!settings) throw new Error("Site settings are missing: no address to send contact messages to.");
  await mailer.send({
    to: settings.contactEmail,
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
}
