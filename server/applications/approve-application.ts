import { recordAudit } from "#server/audit/record-audit";
import type { Actor } from "#server/auth/actor";
import { splitName } from "#server/auth/split-name";
import type { Database } from "#server/db/client";
import { partners } from "#server/db/schema";
import { AppError } from "#server/errors";
import { grantPartnerAccess, type PartnerAccessDeps } from "#server/invitations/grant-partner-access";
import { uniquePartnerSlug } from "#server/partners/unique-partner-slug";
import { decideApplication, findPendingApplication } from "./find-pending-application";
import { m } from "~/paraglide/messages";

/**
 * Turns a pending application into a live partner, in one transaction: the partner from
 * the application's fields (with a free slug), the contact's account and membership, and
 * the invitation mail. The application row is locked, so a second approval (a double
 * click, two admins) finds it decided and creates nothing.
 */
export async function approveApplication(
  deps: PartnerAccessDeps & { db: Database },
  { actor, applicationId, now = new Date() }: { actor: Actor; applicationId: string; now?: Date },
) {
  return deps.db.transaction(async (tx) => {
    const application = await findPendingApplication(tx, actor, applicationId);

    const slug = await uniquePartnerSlug(tx, application.organizationName);
    const [partner] = await tx
      .insert(partners)
      .values({
        slug,
        name: application.organizationName,
        location: application.location,
        website: application.website,
        email: application.email,
        phone: application.phone ?? "",
        description: application.description,
        // Its description is written in the language of the application (ADR 034).
        language: application.language,
        status: "approved",
      })
      .returning();
    if (!partner) throw new AppError("conflict", m.err_partner_not_created());
    await grantPartnerAccess(tx, deps, {
      actor,
      partner,
      person: { email: application.email, ...splitName(application.contactName) },
      now,
      // The applicant hears in the language they applied in (ADR 033).
      language: application.language,
    });
    const approved = await decideApplication(
      tx,
      actor,
      applicationId,
      { status: "approved", partnerId: partner.id },
      now,
    );
    await recordAudit(tx, actor, {
      action: "application.approve",
      entityId: applicationId,
      partnerId: partner.id,
      summary: `${application.organizationName} approved; partner /partners/${slug} created`,
      changes: { status: { before: "pending", after: "approved" } },
    });
    return { application: approved, partner };
  });
}
