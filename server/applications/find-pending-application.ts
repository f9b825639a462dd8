import { eq } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { canReviewApplications } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { partnerApplications } from "#server/db/schema";
import { AppError, forbidden, notFound } from "#server/errors";
import { isUuid } from "~/lib/ids";
import { m } from "~/paraglide/messages";

/**
 * The application an admin decides, locked for the deciding transaction: a second
 * decision waits for the first, then finds it decided and is refused.
 */
export async function findPendingApplication(tx: Database, actor: Actor, applicationId: string) {
  if (!canReviewApplications(actor)) throw forbidden();
  if (!isUuid(applicationId)) throw notFound(m.err_application_not_found());
  const [application] = await tx
    .select()
    .from(partnerApplications)
    .where(eq(partnerApplications.id, applicationId))
    .for("update");
  if (!application) throw notFound(m.err_application_not_found());
  if (application.status !== "pending") {
    throw new AppError(
      "invalid_transition",
      application.status === "approved"
        ? m.err_application_already_approved()
        : m.err_application_already_declined(),
    );
  }
  return application;
}

/** Closes a pending application with the admin's decision, stamped with who decided it and when. */
export async function decideApplication(
  tx: Database,
  actor: Actor,
  applicationId: string,
  decision: { status: "approved"; partnerId: string } | { status: "rejected"; declineReason: string },
  now: Date,
) {
  const [decided] = await tx
    .update(partnerApplications)
    .set({ ...decision, decidedAt: now, decidedBy: actor.userId, updatedAt: now })
    .where(eq(partnerApplications.id, applicationId))
    .returning();
  return decided!;
}
