import { and, count, desc, eq } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { canReviewApplications } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { partnerApplications, partners, users } from "#server/db/schema";
import { forbidden } from "#server/errors";
import { isUuid } from "~/lib/ids";

export type ApplicationStatus = (typeof partnerApplications.$inferSelect)["status"];

export const APPLICATIONS_PAGE_SIZE = 20;

/** One page of applications in a status, newest first, with how many each status holds. */
export async function listApplications(
  db: Database,
  actor: Actor,
  { status, page }: { status: ApplicationStatus; page: number },
) {
  if (!canReviewApplications(actor)) throw forbidden();
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: partnerApplications.id,
        organizationName: partnerApplications.organizationName,
        organizationType: partnerApplications.organizationType,
        location: partnerApplications.location,
        contactName: partnerApplications.contactName,
        email: partnerApplications.email,
        createdAt: partnerApplications.createdAt,
        decidedAt: partnerApplications.decidedAt,
      })
      .from(partnerApplications)
      .where(eq(partnerApplications.status, status))
      .orderBy(desc(partnerApplications.createdAt), desc(partnerApplications.id))
      .limit(APPLICATIONS_PAGE_SIZE)
      .offset((page - 1) * APPLICATIONS_PAGE_SIZE),
    db
      .select({ status: partnerApplications.status, n: count() })
      .from(partnerApplications)
      .groupBy(partnerApplications.status),
  ]);
  const countOf = (wanted: ApplicationStatus) => counts.find((row) => row.status === wanted)?.n ?? 0;
  return {
    rows,
    total: countOf(status),
    counts: { pending: countOf("pending"), approved: countOf("approved"), rejected: countOf("rejected") },
  };
}

/** One application with the partner it became and the admin who decided it, or null. */
export async function getApplication(db: Database, actor: Actor, id: string) {
  if (!canReviewApplications(actor)) throw forbidden();
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      application: partnerApplications,
      partner: { id: partners.id, slug: partners.slug, name: partners.name },
      decidedByEmail: users.email,
    })
    .from(partnerApplications)
    .leftJoin(partners, eq(partners.id, partnerApplications.partnerId))
    .leftJoin(users, and(eq(users.id, partnerApplications.decidedBy)))
    .where(eq(partnerApplications.id, id));
  return row ?? null;
}

/** How many applications wait for a decision. */
export async function countPendingApplications(db: Database, actor: Actor): Promise<number> {
  if (!canReviewApplications(actor)) throw forbidden();
  const [row] = await db
    .select({ n: count() })
    .from(partnerApplications)
    .where(eq(partnerApplications.status, "pending"));
  return row?.n ?? 0;
}
