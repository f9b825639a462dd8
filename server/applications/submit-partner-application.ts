import { partnerApplicationSchema } from "~/lib/forms/partner-application-schema";
import type { PublicFormRequest } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { returnedRow } from "#server/db/rows";
import { partnerApplications } from "#server/db/schema";
import { enqueueEmail, type MailQueue } from "#server/email/enqueue-email";
import { addressLocale } from "#server/email/recipients";
import { getLocale } from "~/paraglide/runtime";
import { parseInput } from "#server/errors";
import { enforceRateLimits } from "#server/security/rate-limits";
import { getContactInbox } from "#server/settings/queries";
import { applicationAcknowledgementMail, applicationReceivedMail } from "./emails";

export type PartnerApplication = typeof partnerApplications.$inferSelect;

/** Stores an application as pending (admins review it), tells the RCL team and acknowledges it to the applicant. */
export async function submitPartnerApplication(
  { db, jobs }: { db: Database; jobs: MailQueue },
  { input, clientIp }: PublicFormRequest,
): Promise<PartnerApplication> {
  const application = parseInput(partnerApplicationSchema, input);
  // Each application mails the RCL team; a handful an hour from one address is plenty.
  await enforceRateLimits(db, [["partnerApplicationPerAddress", clientIp]]);
  const inbox = await getContactInbox(db);
  return db.transaction(async (tx) => {
    const row = await tx
      .insert(partnerApplications)
      // The applicant's language: every mail to them is in it (ADR 033).
      .values({ ...application, status: "pending", language: getLocale() })
      .returning()
      .then(returnedRow);
    await enqueueEmail(jobs, tx, applicationReceivedMail(inbox, row, await addressLocale(tx, inbox)));
    await enqueueEmail(jobs, tx, applicationAcknowledgementMail(row, inbox));
    return row;
  });
}
