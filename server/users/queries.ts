import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias, union } from "drizzle-orm/pg-core";
import type { Role } from "~/lib/roles";
import type { Actor } from "#server/auth/actor";
import { canAdministerUsers } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { escapeLikePattern } from "#server/db/like-pattern";
import { events, partnerMembers, partners, profiles, teamRegistrations, users } from "#server/db/schema";
import { forbidden } from "#server/errors";
import { administeredPersonColumns } from "./administered-user";

export const USERS_PAGE_SIZE = 25;

export type UserStatusFilter = "all" | "active" | "disabled";

type UserListFilters = { q: string; role: Role | "all"; status: UserStatusFilter; page: number };

const fullName = sql<string>`trim(${profiles.firstName} || ' ' || ${profiles.lastName})`;

const matchedUsers = alias(users, "matched_users");
const matchedProfiles = alias(profiles, "matched_profiles");

/**
 * People whose full name, account name, email or company contains `q` (typed wildcards
 * match literally). Each table is searched on its own, so each "contains" uses its
 * trigram index (migration 0012); one condition across the join would read every account.
 */
function peopleMatching(db: Database, q: string): SQL {
  const pattern = `%${escapeLikePattern(q)}%`;
  const matchedFullName = sql`trim(${matchedProfiles.firstName} || ' ' || ${matchedProfiles.lastName})`;
  return inArray(
    users.id,
    union(
      db
        .select({ id: matchedUsers.id })
        .from(matchedUsers)
        .where(or(ilike(matchedUsers.name, pattern), ilike(matchedUsers.email, pattern))),
      db
        .select({ id: matchedProfiles.userId })
        .from(matchedProfiles)
        .where(or(ilike(matchedFullName, pattern), ilike(matchedProfiles.company, pattern))),
    ),
  );
}

function userListCondition(
  db: Database,
  { q, role, status }: Omit<UserListFilters, "page">,
): SQL | undefined {
  const conditions: SQL[] = [];
  if (q) conditions.push(peopleMatching(db, q));
  if (role !== "all") conditions.push(eq(profiles.role, role));
  if (status === "active") conditions.push(isNull(profiles.disabledAt));
  if (status === "disabled") conditions.push(isNotNull(profiles.disabledAt));
  return and(...conditions);
}

/** The admin's people list: one page, newest first. */
export function usersPageQuery(db: Database, filters: UserListFilters) {
  return db
    .select({
      id: users.id,
      name: fullName,
      email: users.email,
      company: profiles.company,
      role: profiles.role,
      partnerNames: sql<string | null>`(select string_agg(p.name, ', ' order by p.name)
        from ${partnerMembers} pm join ${partners} p on p.id = pm.partner_id
        where pm.user_id = ${users.id})`,
      emailVerified: users.emailVerified,
      disabledAt: profiles.disabledAt,
      joinedAt: users.createdAt,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(userListCondition(db, filters))
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(USERS_PAGE_SIZE)
    .offset((filters.page - 1) * USERS_PAGE_SIZE);
}

/** How many people the admin's filters match, for the list's pages. */
export function usersCountQuery(db: Database, filters: Omit<UserListFilters, "page">) {
  return db
    .select({ n: count() })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(userListCondition(db, filters));
}

/**
 * One page of people for the admin's list, newest first: searched by name, email or
 * company, filtered by role and by whether the account is disabled.
 */
export async function listUsersForAdmin(db: Database, actor: Actor, filters: UserListFilters) {
  if (!canAdministerUsers(actor)) throw forbidden();
  const [rows, [total]] = await Promise.all([usersPageQuery(db, filters), usersCountQuery(db, filters)]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * A person as the admin's page shows them: account and profile, the team registrations
 * they made, the partners they act for, and the partners they could be linked to.
 * Null for an unknown id.
 */
export async function getUserForAdmin(db: Database, actor: Actor, userId: string) {
  if (!canAdministerUsers(actor)) throw forbidden();
  const [person] = await db
    .select({ ...administeredPersonColumns, company: profiles.company, joinedAt: users.createdAt })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!person) return null;
  const [bookings, memberships, allPartners] = await Promise.all([
    db
      .select({
        id: teamRegistrations.id,
        reference: teamRegistrations.reference,
        teamName: teamRegistrations.teamName,
        status: teamRegistrations.status,
        createdAt: teamRegistrations.createdAt,
        eventTitle: events.title,
        eventStartsAt: events.startsAt,
      })
      .from(teamRegistrations)
      .innerJoin(events, eq(events.id, teamRegistrations.eventId))
      .where(eq(teamRegistrations.userId, userId))
      .orderBy(desc(events.startsAt), desc(teamRegistrations.createdAt)),
    db
      .select({
        partnerId: partners.id,
        name: partners.name,
        status: partners.status,
        since: partnerMembers.createdAt,
      })
      .from(partnerMembers)
      .innerJoin(partners, eq(partners.id, partnerMembers.partnerId))
      .where(eq(partnerMembers.userId, userId))
      .orderBy(asc(partners.name)),
    db.select({ id: partners.id, name: partners.name }).from(partners).orderBy(asc(partners.name)),
  ]);
  const linked = new Set(memberships.map((membership) => membership.partnerId));
  return {
    person,
    bookings,
    memberships,
    linkablePartners: allPartners.filter((partner) => !linked.has(partner.id)),
  };
}
