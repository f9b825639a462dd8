import { eq } from "drizzle-orm";
import { inquiryReplySchema } from "~/lib/forms/inquiry-reply-schema";
import type { Actor } from "#server/auth/actor";
import { changedFields, recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { returnedRow } from "#server/db/rows";
import { inquiries, users } from "#server/db/schema";
import { enqueueEmail, type MailQueue } from "#server/email/enqueue-email";
import { parseInput } from "#server/errors";
import { inquiryPartner, loadManagedInquiry, type InquiryRow } from "./queries";
import { inquiryReplyMail } from "./emails";

/**
 * A partner's member (or an admin) answers an inquiry sent to the partner: the reply is
 * emailed to the visitor with the original message quoted below it, and the visitor's
 * answer goes to the partner's address (the replying person's, for a partner without
 * one). The inquiry becomes "answered" and keeps the latest reply; a second reply is
 * allowed and replaces the stored one, and the audit row keeps the one it replaced.
 */
export async function replyToInquiry(
  { db, jobs }: { db: Database; jobs: MailQueue },
  {
    actor,
    inquiryId,
    input,
    now = new Date(),
  }: { actor: Actor; inquiryId: unknown; input: unknown; now?: Date },
): Promise<InquiryRow> {
  return db.transaction(async (tx) => {
    const inquiry = await loadManagedInquiry(tx, actor, inquiryId, { forUpdate: true });
    const { reply } = parseInput(inquiryReplySchema, input);
    const partner = await inquiryPartner(tx, inquiry.partnerId);
    const [replier] = await tx.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
    const replyTo = partner.email || replier?.email;
    const after = await tx
      .update(inquiries)
      .set({ status: "answered", reply, repliedAt: now, repliedBy: actor.userId })
      .where(eq(inquiries.id, inquiry.id))
      .returning()
      .then(returnedRow);
    await enqueueEmail(jobs, tx, inquiryReplyMail({ inquiry, partnerName: partner.name, reply, replyTo }));
    await recordAudit(tx, actor, {
      action: "inquiry.reply",
      entityId: inquiry.id,
      partnerId: partner.id,
      summary: `Replied to ${inquiry.name}'s inquiry to ${partner.name}`,
      changes: changedFields(
        { status: inquiry.status, reply: inquiry.reply },
        { status: after.status, reply: after.reply },
      ),
    });
    return after;
  });
}
