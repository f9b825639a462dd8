import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import {
  loadManagedPartner,
  readPartnerProfileInput,
  trustedImages,
  type PartnerRow,
} from "./partner-profile";
import { countPublishedEvents } from "./queries";

/**
 * The profile as it would be after saving the form, for the editor's preview: checked
 * and sanitized exactly as a save would be, and nothing stored.
 */
export async function previewPartnerProfile(
  { db }: { db: Database },
  { actor, partnerId, input }: { actor: Actor; partnerId: unknown; input: unknown },
): Promise<PartnerRow & { eventsHosted: number }> {
  const partner = await loadManagedPartner(db, actor, partnerId);
  const { logo, cover, gallery, ...text } = readPartnerProfileInput(input, partner);
  const images = await trustedImages(db, partner, { logo, cover, gallery }, { attach: false });
  return { ...partner, ...text, ...images, eventsHosted: await countPublishedEvents(db, partner.id) };
}
