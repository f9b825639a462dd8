import { eq } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { inquiries } from "#server/db/schema";
import { AppError } from "#server/errors";
import { inquiryPartner, loadManagedInquiry, type InquiryRow } from "./queries";

/** Puts an inquiry away, answered or not; "Reopen" brings it back. Nobody is mailed. */
export async function archiveInquiry(
  { db }: { db: Database },
  { actor, inquiryId }: { actor: Actor; inquiryId: unknown },
): Promise<InquiryRow> {
  return db.transaction(async (tx) => {
    const inquiry = await loadManagedInquiry(tx, actor, inquiryId, { forUpdate: true });
    if (inquiry.status === "archived") {
      throw new AppError("invalid_transition", "This inquiry is already archived.");
    }
    const partner = await inquiryPartner(tx, inquiry.partnerId);
    const [after] = await tx
      .update(inquiries)
      .set({ status: "archived" })
      .where(eq(inquiries.id, inquiry.id))
      .returning();
    if (!after) throw new Error("The inquiry locked above was not updated.");
    await recordAudit(tx, actor, {
      action: "inquiry.archive",
      entityType: "inquiry",
      entityId: inquiry.id,
      partnerId: partner.id,
      summary: `Archived ${inquiry.name}'s inquiry to ${partner.name}`,
      changes: { status: { before: inquiry.status, after: "archived" } },
    });
    return after;
  });
}
