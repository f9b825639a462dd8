import { asc } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { teamMembers } from "#server/db/schema";
import { localizeImage, pickText } from "~/lib/content-language";
import type { Locale } from "~/lib/i18n/locale";
import { getLocale } from "~/paraglide/runtime";

/**
 * The About page's staff, in the order the admin set (position 1 first), their title and
 * bio in the page's language: written in English, with Danish beside it; the English,
 * marked, where the Danish is missing.
 */
export async function listAboutStaff(db: Database, page: Locale = getLocale()) {
  const rows = await db
    .select({
      id: teamMembers.id,
      name: teamMembers.name,
      role: teamMembers.role,
      roleDa: teamMembers.roleDa,
      bio: teamMembers.bio,
      bioDa: teamMembers.bioDa,
      photo: teamMembers.photo,
    })
    .from(teamMembers)
    .orderBy(asc(teamMembers.position));
  return rows.map(({ roleDa, bioDa, ...member }) => {
    const role = pickText(page, "en", member.role, roleDa);
    const bio = pickText(page, "en", member.bio, bioDa);
    return {
      ...member,
      photo: member.photo && localizeImage(member.photo, "en", page),
      role: role.value,
      bio: bio.value,
      shownIn: {
        role: role.lang === page ? undefined : role.lang,
        bio: bio.lang === page ? undefined : bio.lang,
      },
    };
  });
}
