import type { PartnerInquiryInput } from "~/lib/forms/partner-inquiry-schema";
import type { Database } from "#server/db/client";
import { inquiries } from "#server/db/schema";
import type { Mailer } from "#server/email/mailer";
import { renderEmail } from "#server/email/templates";
import { getSiteSettings } from "#server/settings/queries";

/**
 * Stores an inquiry for one partner and mails it to the partner's address (or to RCL's,
 * for a partner without one), with the visitor as the reply-to address.
 */
export async function submitPartnerInquiry(
  { db, mailer }: { db: Database; mailer: Mailer },
  partner: { id: string; name: string; email: string },
  input: PartnerInquiryInput,
): Promise<void> {
  await db.insert(inquiries).values({
    partnerId: partner.id,
    name: input.name,
    email: input.email,
    company: input.company,
    subject: `Inquiry for ${partner.name}`,
    message: input.message,
    preferredDate: input.preferredDate,
    groupSize: input.groupSize,
  });
  const to = partner.email || (await getSiteSettings(db))?.contactEmail;
  if (!to) throw new Error(`No address to send the inquiry for ${partner.name} to.`);
  await mailer.send({
    to,
    replyTo: input.email,
    subject: `New inquiry through Rethink Corporate Life: ${input.name}`,
    ...renderEmail({
      heading: `A new inquiry for ${partner.name}`,
      paragraphs: [input.message, "Reply to this email to answer the person directly."],
      details: [
        ["Name", input.name],
        ["Email", input.email],
        ["Company", input.company ?? "(none)"],
        ["Preferred date", input.preferredDate ?? "(none)"],
        ["Group size", input.groupSize === null ? "(none)" : String(input.groupSize)],
      ],
    }),
  });
}
