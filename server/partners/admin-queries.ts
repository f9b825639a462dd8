import { and, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { canAdministerPartners, canReadAuditLog } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { accounts, events, partnerInvitations, partnerMembers, partners, users } from "#server/db/schema";
import { escapeLikePattern } from "#server/db/like-pattern";
import { listPage } from "#server/db/list-page";
import { forbidden } from "#server/errors";
import { isUuid } from "~/lib/ids";

export const PARTNERS_PAGE_SIZE = 20;

export type PartnerStatusFilter = "all" | "approved" | "pending" | "suspended";

/** One page of partners for the admin list: search by name or city, filter by status. */
export async function listPartnersForAdmin(
  db: Database,
  actor: Actor,
  { q, status, page }: { q: string; status: PartnerStatusFilter; page: number },
) {
  if (!canAdministerPartners(actor)) throw forbidden();
  const pattern = `%${escapeLikePattern(q)}%`;
  const where = and(
    q ? or(ilike(partners.name, pattern), ilike(partners.location, pattern)) : undefined,
    status !== "all" ? eq(partners.status, status) : undefined,
  );
  return listPage(
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
        // $count keeps the columns qualified: a bare column in a one-table select is written
        // unqualified, and `"partner_id" = "id"` would compare the event with itself.
        eventsCount: db.$count(events, eq(events.partnerId, partners.id)),
      })
      .from(partners)
      .where(where)
      .orderBy(asc(partners.name), asc(partners.id)),
    db.select({ n: count() }).from(partners).where(where),
    { page, size: PARTNERS_PAGE_SIZE },
  );
}

/** A partner with its members and open invitations, for the admin's partner page; null when unknown. */
export async function getPartnerForAdmin(db: Database, actor: Actor, partnerId: string, now = new Date()) {
  if (!canAdministerPartners(actor)) throw forbidden();
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
        role: partnerMembers.role,
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
export async function listPartnerNames(db: Database, actor: Actor) {
  if (!canReadAuditLog(actor)) throw forbidden();
  return db.select({ id: partners.id, name: partners.name }).from(partners).orderBy(asc(partners.name));
}
