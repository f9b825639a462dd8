import type { ContactInput } from "~/lib/forms/contact-schema";
import type { Database } from "#server/db/client";
import { inquiries } from "#server/db/schema";
import type { Mailer } from "#server/email/mailer";
import { renderEmail } from "#server/email/templates";
import { getSiteSettings } from "#server/settings/queries";

/** Stores a message from the contact page and forwards it to RCL's contact address. */
export async function submitContactMessage(
  { db, mailer }: { db: Database; mailer: Mailer },
  input: ContactInput,
): Promise<void> {
  await db.insert(inquiries).values({
    name: input.name,
    email: input.email,
    company: input.company,
    subject: input.subject,
    message: input.message,
  });
  const settings = await getSiteSettings(db);
  if (!settings) throw new Error("Site settings are missing: no address to send contact messages to.");
  await mailer.send({
    to: settings.contactEmail,
    replyTo: input.email,
    subject: `Contact form: ${input.subject}`,
    ...renderEmail({
      heading: "New message from the contact form",
      paragraphs: [input.message],
      details: [
        ["Name", input.name],
        ["Email", input.email],
        ["Company", input.company ?? "(none)"],
        ["Subject", input.subject],
      ],
    }),
  });
}
