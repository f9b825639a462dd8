import { partnerInquirySchema } from "~/lib/forms/partner-inquiry-schema";
import type { PublicFormRequest } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { returnedRow } from "#server/db/rows";
import { inquiries } from "#server/db/schema";
import { enqueueEmail, type MailQueue } from "#server/email/enqueue-email";
import { addressLocale, partnerAddressLocale } from "#server/email/recipients";
import { getLocale } from "~/paraglide/runtime";
import { notFound, parseInput } from "#server/errors";
import { getApprovedPartnerBySlug } from "#server/partners/queries";
import { enforceRateLimits } from "#server/security/rate-limits";
import { getContactInbox } from "#server/settings/queries";
import type { Inquiry } from "./submit-contact-message";
import { partnerInquiryMail } from "./emails";
import { m } from "~/paraglide/messages";

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
  if (!partner) throw notFound(m.err_partner_does_not_exist());
  const inquiry = parseInput(partnerInquirySchema, input);
  await enforceRateLimits(db, [["partnerInquiryPerAddress", clientIp]]);
  // A partner without an address of its own hears of it through RCL's contact inbox.
  const to = partner.email
    ? { address: partner.email, inbox: false }
    : { address: await getContactInbox(db), inbox: true };
  return db.transaction(async (tx) => {
    const row = await tx
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
        // The visitor's language: the partner's answer is mailed in it (ADR 033).
        language: getLocale(),
      })
      .returning()
      .then(returnedRow);
    await enqueueEmail(
      jobs,
      tx,
      partnerInquiryMail(
        {
          ...to,
          locale: to.inbox
            ? await addressLocale(tx, to.address)
            : await partnerAddressLocale(tx, partner.id, to.address),
        },
        partner.name,
        inquiry,
      ),
    );
    return row;
  });
}
