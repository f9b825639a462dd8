import { eq } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { inquiries } from "#server/db/schema";
import { AppError } from "#server/errors";
import { inquiryPartner, loadManagedInquiry, type InquiryRow } from "./queries";

/**
 * Takes an inquiry out of the archive, back to the tab it left: "answered" when it has
 * been replied to, "new" otherwise.
 */
export async function reopenInquiry(
  { db }: { db: Database },
  { actor, inquiryId }: { actor: Actor; inquiryId: unknown },
): Promise<InquiryRow> {
  return db.transaction(async (tx) => {
    const inquiry = await loadManagedInquiry(tx, actor, inquiryId, { forUpdate: true });
    if (inquiry.status !== "archived") {
      throw new AppError("invalid_transition", "Only an archived inquiry can be reopened.");
    }
    const partner = await inquiryPartner(tx, inquiry.partnerId);
    const status = inquiry.repliedAt ? "answered" : "new";
    const [after] = await tx
      .update(inquiries)
      .set({ status })
      .where(eq(inquiries.id, inquiry.id))
      .returning();
    if (!after) throw new Error("The inquiry locked above was not updated.");
    await recordAudit(tx, actor, {
      action: "inquiry.reopen",
      entityType: "inquiry",
      entityId: inquiry.id,
      partnerId: partner.id,
      summary: `Reopened ${inquiry.name}'s inquiry to ${partner.name}`,
      changes: { status: { before: "archived", after: status } },
    });
    return after;
  });
}
