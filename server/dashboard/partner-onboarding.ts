import { asc, eq, inArray, sql } from "drizzle-orm";
import { NEW_EVENT_PATH, partnerProfilePath } from "~/lib/paths";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { events, partners } from "#server/db/schema";
import { m } from "~/paraglide/messages";

export type OnboardingStep = { id: "profile" | "images" | "event"; label: string; done: boolean; to: string };

/**
 * Spec §1's onboarding between 'apply' and 'launch', per partner the person manages: a
 * complete profile, a logo and a cover, a first event. Each tick is read from the rows
 * themselves, never stored, so it stays true whoever changes them. Partners with every
 * step done are left out; admins, who manage no partner of their own, get none.
 */
export async function partnerOnboarding(db: Database, actor: Actor) {
  if (actor.role !== "partner" || actor.partnerIds.length === 0) return [];
  const rows = await db
    .select({
      id: partners.id,
      name: partners.name,
      profileComplete: sql<boolean>`(length(btrim(${partners.description})) >= 20
        and length(btrim(${partners.fullDescriptionHtml})) > 0
        and btrim(${partners.address}) <> '' and btrim(${partners.phone}) <> '' and btrim(${partners.email}) <> '')`,
      imagesUploaded: sql<boolean>`(${partners.logo} is not null and ${partners.cover} is not null)`,
      // The condition goes in as one expression so its columns stay qualified: a bare column
      // in a one-table select is written unqualified, and `"partner_id" = "id"` would compare
      // each event with itself.
      eventDrafted: sql<boolean>`exists (select 1 from ${events} where ${eq(events.partnerId, partners.id)})`,
    })
    .from(partners)
    .where(inArray(partners.id, [...actor.partnerIds]))
    .orderBy(asc(partners.name));
  return rows
    .map((row) => {
      const profile = partnerProfilePath(row.id);
      const steps: OnboardingStep[] = [
        {
          id: "profile",
          label: m.server_onboarding_profile(),
          done: row.profileComplete,
          to: profile,
        },
        { id: "images", label: m.server_onboarding_images(), done: row.imagesUploaded, to: profile },
        {
          id: "event",
          label: m.server_onboarding_event(),
          done: row.eventDrafted,
          to: NEW_EVENT_PATH,
        },
      ];
      return { partnerId: row.id, partnerName: row.name, steps };
    })
    .filter((partner) => partner.steps.some((step) => !step.done));
}
