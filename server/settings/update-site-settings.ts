import { eq } from "drizzle-orm";
import { siteSettingsSchema } from "~/lib/forms/site-settings-schema";
import type { Actor } from "#server/auth/actor";
import { canEditSiteSettings } from "#server/auth/policies";
import { changedFields, recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { returnedRow } from "#server/db/rows";
import { siteSettings } from "#server/db/schema";
import { forbidden, parseInput } from "#server/errors";
import { forgetSiteSettings, type SiteSettingsRow } from "./queries";

/**
 * An admin saves the site's settings: the company's contact details and links the
 * footer and legal pages show, the default cancellation terms, the inbox that
 * receives contact-form messages, and RCL's billing details as the seller of its
 * commission invoices (read by `rclSeller` when one is issued). Pages read the row
 * from memory, which every instance forgets when the row changes, so the change
 * shows at once. The audit row names each changed field with its old and new value; a
 * save that changes nothing writes nothing.
 */
export async function updateSiteSettings(
  { db }: { db: Database },
  { actor, input, now = new Date() }: { actor: Actor; input: unknown; now?: Date },
): Promise<SiteSettingsRow> {
  if (!canEditSiteSettings(actor)) throw forbidden();
  const values = parseInput(siteSettingsSchema, input);
  const saved = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).for("update");
    const changes = changedFields<Record<string, unknown>>(before ?? {}, values);
    if (before && Object.keys(changes).length === 0) return before;
    // The row exists from the first seed on; a database without it gets it from this form.
    const after = await tx
      .insert(siteSettings)
      .values({ id: 1, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: siteSettings.id, set: { ...values, updatedAt: now } })
      .returning()
      .then(returnedRow);
    await recordAudit(tx, actor, {
      action: "settings.update",
      entityId: "1",
      summary: `Site settings changed: ${Object.keys(changes).join(", ")}`,
      changes,
    });
    return after;
  });
  // This instance shows the change on its next request; others hear of it from the database.
  forgetSiteSettings(db);
  return saved;
}
