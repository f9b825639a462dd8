import { eq } from "drizzle-orm";
import { partnerSettingsSchema, revenueShareOf } from "~/lib/forms/partner-admin-schemas";
import { changedFields, recordAudit } from "#server/audit/record-audit";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { partners } from "#server/db/schema";
import { enqueueEmail, type MailQueue } from "#server/email/enqueue-email";
import { renderEmail } from "#server/email/templates";
import { parseInput } from "#server/errors";
import { partnerMemberEmails } from "./queries";
import { findAdministeredPartner } from "./find-administered-partner";

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
      for (const to of await partnerMemberEmails(tx, partnerId)) {
        await enqueueEmail(jobs, tx, statusMail(to, before.name, suspended, baseUrl));
      }
    }
    await recordAudit(tx, actor, {
      action: suspended ? "partner.suspend" : restored ? "partner.reinstate" : "partner.update_settings",
      entityType: "partner",
      entityId: partnerId,
      partnerId,
      summary: before.name,
      changes,
    });
    return updated!;
  });
}

function statusMail(to: string, partnerName: string, suspended: boolean, baseUrl: string) {
  return suspended
    ? {
        to,
        subject: `${partnerName} is paused on Rethink Corporate Life`,
        ...renderEmail({
          heading: `${partnerName} is no longer shown on Rethink Corporate Life`,
          paragraphs: [
            `We have suspended ${partnerName}'s listing. Its partner page and events are hidden from the public site, and no new teams can book them. Teams already booked keep their bookings.`,
            "Reply to this email if you have questions or want to discuss the next steps.",
          ],
        }),
      }
    : {
        to,
        subject: `${partnerName} is live again on Rethink Corporate Life`,
        ...renderEmail({
          heading: `${partnerName} is back on Rethink Corporate Life`,
          paragraphs: [
            `The suspension has been lifted: ${partnerName}'s page and published events are public again.`,
          ],
          action: { label: "Open the partner dashboard", url: `${baseUrl}/dashboard/partner` },
        }),
      };
}
