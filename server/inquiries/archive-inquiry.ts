import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { setInquiryStatus } from "./inquiry-status";
import type { InquiryRow } from "./queries";
import { m } from "~/paraglide/messages";

/** Puts an inquiry away, answered or not; "Reopen" brings it back. Nobody is mailed. */
export async function archiveInquiry(
  { db }: { db: Database },
  request: { actor: Actor; inquiryId: unknown },
): Promise<InquiryRow> {
  return setInquiryStatus(db, request, {
    action: "inquiry.archive",
    refusal: (inquiry) => (inquiry.status === "archived" ? m.err_inquiry_already_archived() : null),
    to: () => "archived",
    done: "Archived",
  });
}
