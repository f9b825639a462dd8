import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { escapeLikePattern } from "#server/db/like-pattern";
import { auditLog, partners } from "#server/db/schema";
import { isUuid } from "#server/registrations/rules";

export const AUDIT_PAGE_SIZE = 30;

/** One page of the audit log, newest first, for a partner and/or a person (by email). */
export async function listAuditEntries(
  db: Database,
  { partnerId, person, page }: { partnerId: string; person: string; page: number },
) {
  const conditions: SQL[] = [];
  if (partnerId && isUuid(partnerId)) conditions.push(eq(auditLog.partnerId, partnerId));
  if (person) conditions.push(ilike(auditLog.actorEmail, `%${escapeLikePattern(person)}%`));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        actorEmail: auditLog.actorEmail,
        action: auditLog.action,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
        summary: auditLog.summary,
        changes: auditLog.changes,
        partnerName: partners.name,
      })
      .from(auditLog)
      .leftJoin(partners, eq(partners.id, auditLog.partnerId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
