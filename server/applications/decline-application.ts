import { eq } from "drizzle-orm";
import { declineApplicationSchema } from "~/lib/forms/partner-admin-schemas";
import { recordAudit } from "#server/audit/record-audit";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { partnerApplications } from "#server/db/schema";
import { enqueueEmail, type MailQueue } from "#server/email/enqueue-email";
import { renderEmail } from "#server/email/templates";
import { parseInput } from "#server/errors";
import { findPendingApplication } from "./find-pending-application";

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
    const [declined] = await tx
      .update(partnerApplications)
      .set({
        status: "rejected",
        declineReason: reason,
        decidedAt: now,
        decidedBy: actor.userId,
        updatedAt: now,
      })
      .where(eq(partnerApplications.id, applicationId))
      .returning();
    await enqueueEmail(jobs, tx, {
      to: application.email,
      subject: `Your partner application for ${application.organizationName}`,
      ...renderEmail({
        heading: "About your application to Rethink Corporate Life",
        paragraphs: [
          `Dear ${application.contactName},`,
          `Thank you for applying to list ${application.organizationName} on Rethink Corporate Life. We have decided not to go ahead with the partnership for now, for this reason:`,
          reason,
          "You are welcome to apply again when things change. Reply to this email if you have questions.",
        ],
      }),
    });
    await recordAudit(tx, actor, {
      action: "application.decline",
      entityType: "partner_application",
      entityId: applicationId,
      summary: `${application.organizationName} declined: ${reason}`,
      changes: { status: { before: "pending", after: "rejected" } },
    });
    return declined!;
  });
}
