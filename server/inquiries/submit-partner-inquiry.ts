import { partnerInquirySchema } from "~/lib/forms/partner-inquiry-schema";
import type { Database } from "#server/db/client";
import { inquiries } from "#server/db/schema";
import { enqueueEmail, type MailQueue } from "#server/email/enqueue-email";
import { renderEmail } from "#server/email/templates";
import { notFound, parseInput } from "#server/errors";
import { getApprovedPartnerBySlug } from "#server/partners/queries";
import { enforceRateLimits } from "#server/security/rate-limits";
import { getContactInbox } from "#server/settings/queries";
import type { Inquiry, PublicFormRequest } from "./submit-contact-message";

/**
 * Stores an inquiry for one approved partner and, in the same transaction, queues it for
 * the partner's address (or RCL's contact inbox, for a partner without one), with the
 * visitor as the reply-to address. The partner answers it in the partner area
 * (`replyToInquiry`).
 */
export async function submitPartnerInquiry(
  { db, jobs }: { db: Database; jobs: MailQueue },
  { partnerSlug, input, clientIp }: PublicFormRequest & { partnerSlug: string },
): Promise<Inquiry> {
  const partner = await getApprovedPartnerBySlug(db, partnerSlug);
  if (!partner) throw notFound("This partner does not exist.");
  const inquiry = parseInput(partnerInquirySchema, input);
  await enforceRateLimits(db, [["partnerInquiryPerAddress", clientIp]]);
  const to = partner.email || (await getContactInbox(db));
  if (!to) throw new Error(`No address to send the inquiry for ${partner.name} to.`);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inquiries)
      .values({
        partnerId: partner.id,
        name: inquiry.name,
        email: inquiry.email,
        company: inquiry.company,
        subject: `Inquiry for ${partner.name}`,
        message: inquiry.message,
        preferredDate: inquiry.preferredDate,
        groupSize: inquiry.groupSize,
      })
      .returning();
    if (!row) throw new Error("The inquiry was not stored.");
    await enqueueEmail(jobs, tx, {
      to,
      replyTo: inquiry.email,
      subject: `New inquiry through Rethink Corporate Life: ${inquiry.name}`,
      ...renderEmail({
        heading: `A new inquiry for ${partner.name}`,
        paragraphs: [inquiry.message, "Reply to this email to answer the person directly."],
        details: [
          ["Name", inquiry.name],
          ["Email", inquiry.email],
          ["Company", inquiry.company ?? "(none)"],
          ["Preferred date", inquiry.preferredDate ?? "(none)"],
          ["Group size", inquiry.groupSize === null ? "(none)" : String(inquiry.groupSize)],
        ],
      }),
    });
    return row;
  });
}
