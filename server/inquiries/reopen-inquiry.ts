import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { setInquiryStatus } from "./inquiry-status";
import type { InquiryRow } from "./queries";
import { m } from "~/paraglide/messages";

/**
 * Takes an inquiry out of the archive, back to the tab it left: "answered" when it has
 * been replied to, "new" otherwise.
 */
export async function reopenInquiry(
  { db }: { db: Database },
  request: { actor: Actor; inquiryId: unknown },
): Promise<InquiryRow> {
  return setInquiryStatus(db, request, {
    action: "inquiry.reopen",
    refusal: (inquiry) => (inquiry.status !== "archived" ? m.err_inquiry_not_archived() : null),
    to: (inquiry) => (inquiry.repliedAt ? "answered" : "new"),
    done: "Reopened",
  });
}
