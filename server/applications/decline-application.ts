import { declineApplicationSchema } from "~/lib/forms/partner-admin-schemas";
import { recordAudit } from "#server/audit/record-audit";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { enqueueEmail, type MailQueue } from "#server/email/enqueue-email";
import { parseInput } from "#server/errors";
import { decideApplication, findPendingApplication } from "./find-pending-application";
import { applicationDeclinedMail } from "./emails";

/** Declines a pending application and mails the applicant the admin's reason, as written. */
export async function declineApplication(
  { db, jobs }: { db: Database; jobs: MailQueue },
  {
    actor,
    applicationId,
    input,
    now = new Date(),
  }: { actor: Actor; applicationId: string; input: unknown; now?: Date },
) {
  const { reason } = parseInput(declineApplicationSchema, input);
  return db.transaction(async (tx) => {
    const application = await findPendingApplication(tx, actor, applicationId);
    const declined = await decideApplication(
      tx,
      actor,
      applicationId,
      { status: "rejected", declineReason: reason },
      now,
    );
    await enqueueEmail(jobs, tx, applicationDeclinedMail(application, reason));
    await recordAudit(tx, actor, {
      action: "application.decline",
      entityId: applicationId,
      summary: `${application.organizationName} declined: ${reason}`,
      changes: { status: { before: "pending", after: "rejected" } },
    });
    return declined;
  });
}
