import { partnerApplicationSchema } from "~/lib/forms/partner-application-schema";
import { ORGANIZATION_TYPES } from "~/lib/organization-types";
import type { Database } from "#server/db/client";
import { partnerApplications } from "#server/db/schema";
import { enqueueEmail, type MailQueue } from "#server/email/enqueue-email";
import { renderEmail } from "#server/email/templates";
import { parseInput } from "#server/errors";
import type { PublicFormRequest } from "#server/inquiries/submit-contact-message";
import { enforceRateLimits } from "#server/security/rate-limits";
import { getContactInbox } from "#server/settings/queries";

export type PartnerApplication = typeof partnerApplications.$inferSelect;

/** Stores an application as pending (admins review it) and tells the RCL team. */
export async function submitPartnerApplication(
  { db, jobs }: { db: Database; jobs: MailQueue },
  { input, clientIp }: PublicFormRequest,
): Promise<PartnerApplication> {
  const application = parseInput(partnerApplicationSchema, input);
  // Each application mails the RCL team; a handful an hour from one address is plenty.
  await enforceRateLimits(db, [["partnerApplicationPerAddress", clientIp]]);
  const inbox = await getContactInbox(db);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(partnerApplications)
      .values({ ...application, status: "pending" })
      .returning();
    if (!row) throw new Error("The partner application was not stored.");
    if (inbox) {
      await enqueueEmail(jobs, tx, {
        to: inbox,
        replyTo: application.email,
        subject: `Partner application: ${application.organizationName}`,
        ...renderEmail({
          heading: "A new partner application is waiting for review",
          paragraphs: [application.description, application.message],
          details: [
            ["Organisation", application.organizationName],
            ["Type", ORGANIZATION_TYPES[application.organizationType]],
            ["Location", application.location],
            ["Website", application.website ?? "(none)"],
            ["Contact", application.contactName],
            ["Email", application.email],
            ["Phone", application.phone ?? "(none)"],
          ],
        }),
      });
    }
    return row;
  });
}
