import { eq } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { returnedRow } from "#server/db/rows";
import { inquiries } from "#server/db/schema";
import { AppError } from "#server/errors";
import { inquiryPartner, loadManagedInquiry, type InquiryRow, type InquiryStatus } from "./queries";

type StatusChange = {
  action: "inquiry.archive" | "inquiry.reopen";
  /** Why the inquiry cannot make this change from its status now, or null when it can. */
  refusal: (inquiry: InquiryRow) => string | null;
  to: (inquiry: InquiryRow) => InquiryStatus;
  /** The audit summary's verb: "Archived". */
  done: string;
};

/**
 * Moves an inquiry the actor may answer to another tab, with its audit row: the core of
 * archiving and reopening. Nobody is mailed.
 */
export async function setInquiryStatus(
  db: Database,
  { actor, inquiryId }: { actor: Actor; inquiryId: unknown },
  change: StatusChange,
): Promise<InquiryRow> {
  return db.transaction(async (tx) => {
    const inquiry = await loadManagedInquiry(tx, actor, inquiryId, { forUpdate: true });
    const refusal = change.refusal(inquiry);
    if (refusal) throw new AppError("invalid_transition", refusal);
    const partner = await inquiryPartner(tx, inquiry.partnerId);
    const status = change.to(inquiry);
    const after = await tx
      .update(inquiries)
      .set({ status })
      .where(eq(inquiries.id, inquiry.id))
      .returning()
      .then(returnedRow);
    await recordAudit(tx, actor, {
      action: change.action,
      entityId: inquiry.id,
      partnerId: partner.id,
      summary: `${change.done} ${inquiry.name}'s inquiry to ${partner.name}`,
      changes: { status: { before: inquiry.status, after: status } },
    });
    return after;
  });
}
