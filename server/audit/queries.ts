import { and, count, desc, eq, ilike } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { canReadAuditLog } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { escapeLikePattern } from "#server/db/like-pattern";
import { listPage } from "#server/db/list-page";
import { auditLog, partners } from "#server/db/schema";
import { forbidden } from "#server/errors";
import { isUuid } from "~/lib/ids";

export const AUDIT_PAGE_SIZE = 30;

/** One page of the audit log, newest first, for a partner and/or a person (by email). */
export async function listAuditEntries(
  db: Database,
  actor: Actor,
  { partnerId, person, page }: { partnerId: string; person: string; page: number },
) {
  if (!canReadAuditLog(actor)) throw forbidden();
  const where = and(
    partnerId && isUuid(partnerId) ? eq(auditLog.partnerId, partnerId) : undefined,
    person ? ilike(auditLog.actorEmail, `%${escapeLikePattern(person)}%`) : undefined,
  );
  return listPage(
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
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id)),
    db.select({ n: count() }).from(auditLog).where(where),
    { page, size: AUDIT_PAGE_SIZE },
  );
}
