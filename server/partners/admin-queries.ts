import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { accounts, events, partnerInvitations, partnerMembers, partners, users } from "#server/db/schema";
import { escapeLikePattern } from "#server/db/like-pattern";
import { isUuid } from "#server/registrations/rules";

export const PARTNERS_PAGE_SIZE = 20;

export type PartnerStatusFilter = "all" | "approved" | "pending" | "suspended";

/** One page of partners for the admin list: search by name or city, filter by status. */
export async function listPartnersForAdmin(
  db: Database,
  { q, status, page }: { q: string; status: PartnerStatusFilter; page: number },
) {
  const conditions: SQL[] = [];
  if (q) {
    const pattern = `%${escapeLikePattern(q)}%`;
    conditions.push(or(ilike(partners.name, pattern), ilike(partners.location, pattern))!);
  }
  if (status !== "all") conditions.push(eq(partners.status, status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: partners.id,
        slug: partners.slug,
        name: partners.name,
        location: partners.location,
        status: partners.status,
        tier: partners.tier,
        revenueSharePercent: partners.revenueSharePercent,
        featured: partners.featured,
        eventsCount:
          sql<number>`(select count(*) from ${events} where ${events.partnerId} = ${partners.id})`.mapWith(
            Number,
          ),
      })
      .from(partners)
      .where(where)
      .orderBy(asc(partners.name), asc(partners.id))
      .limit(PARTNERS_PAGE_SIZE)
      .offset((page - 1) * PARTNERS_PAGE_SIZE),
    db.select({ n: count() }).from(partners).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A partner with its members and open invitations, for the admin's partner page; null when unknown. */
export async function getPartnerForAdmin(db: Database, partnerId: string, now = new Date()) {
  if (!isUuid(partnerId)) return null;
  const [partner] = await db.select().from(partners).where(eq(partners.id, partnerId));
  if (!partner) return null;
  const [members, invitations, [eventsCount]] = await Promise.all([
    db
      .select({
        userId: users.id,
        name: users.name,
        email: users.email,
        hasPassword: sql<boolean>`exists (select 1 from ${accounts} where ${accounts.userId} = ${users.id} and ${accounts.password} is not null)`,
        since: partnerMembers.createdAt,
      })
      .from(partnerMembers)
      .innerJoin(users, eq(users.id, partnerMembers.userId))
      .where(eq(partnerMembers.partnerId, partnerId))
      .orderBy(asc(users.email)),
    db
      .select({ email: partnerInvitations.email, expiresAt: partnerInvitations.expiresAt })
      .from(partnerInvitations)
      .where(
        and(
          eq(partnerInvitations.partnerId, partnerId),
          sql`${partnerInvitations.acceptedAt} is null`,
          sql`${partnerInvitations.expiresAt} > ${now}`,
        ),
      )
      .orderBy(desc(partnerInvitations.createdAt)),
    db.select({ n: count() }).from(events).where(eq(events.partnerId, partnerId)),
  ]);
  return { partner, members, invitations, eventsCount: eventsCount?.n ?? 0 };
}

/** Partners by name, for the audit log's filter. */
export async function listPartnerNames(db: Database) {
  return db.select({ id: partners.id, name: partners.name }).from(partners).orderBy(asc(partners.name));
}
