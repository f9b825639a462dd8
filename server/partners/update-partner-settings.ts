import { eq } from "drizzle-orm";
import { partnerSettingsSchema, revenueShareOf } from "~/lib/forms/partner-admin-schemas";
import { changedFields, recordAudit } from "#server/audit/record-audit";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { partners } from "#server/db/schema";
import { enqueueEmail, type MailQueue } from "#server/email/enqueue-email";
import { partnerMemberRecipients } from "#server/email/recipients";
import { parseInput } from "#server/errors";
import { findAdministeredPartner } from "./find-administered-partner";
import { partnerStatusMail } from "./emails";

/**
 * What only an admin decides about a partner: live, pending or suspended, the tier and
 * revenue share, and whether the home page features it. Suspending hides the partner and
 * its events from the public site (the public queries read the status) and tells its
 * members; lifting a suspension tells them too.
 */
export async function updatePartnerSettings(
  { db, jobs, baseUrl }: { db: Database; jobs: MailQueue; baseUrl: string },
  {
    actor,
    partnerId,
    input,
    now = new Date(),
  }: { actor: Actor; partnerId: string; input: unknown; now?: Date },
) {
  const form = parseInput(partnerSettingsSchema, input);
  return db.transaction(async (tx) => {
    const before = await findAdministeredPartner(tx, actor, partnerId);
    const after = {
      status: form.status,
      tier: form.tier,
      revenueSharePercent: revenueShareOf(form),
      featured: form.featured,
    };
    const changes = changedFields(before, after);
    if (Object.keys(changes).length === 0) return before;
    const [updated] = await tx
      .update(partners)
      .set({ ...after, updatedAt: now })
      .where(eq(partners.id, partnerId))
      .returning();
    const suspended = before.status !== "suspended" && after.status === "suspended";
    const restored = before.status === "suspended" && after.status === "approved";
    if (suspended || restored) {
      for (const member of await partnerMemberRecipients(tx, partnerId)) {
        await enqueueEmail(jobs, tx, partnerStatusMail(member, before.name, suspended, baseUrl));
      }
    }
    await recordAudit(tx, actor, {
      action: suspended ? "partner.suspend" : restored ? "partner.reinstate" : "partner.update_settings",
      entityId: partnerId,
      summary: before.name,
      changes,
    });
    return updated!;
  });
}
