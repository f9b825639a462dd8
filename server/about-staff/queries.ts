import { asc } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { teamMembers } from "#server/db/schema";

/** The About page's staff, in the order the admin set (position 1 first). */
export async function listAboutStaff(db: Database) {
  return db
    .select({
      id: teamMembers.id,
      name: teamMembers.name,
      role: teamMembers.role,
      bio: teamMembers.bio,
      photo: teamMembers.photo,
    })
    .from(teamMembers)
    .orderBy(asc(teamMembers.position));
}
