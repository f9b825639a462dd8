import { and, asc, count, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { canReadAuditLog } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { escapeLikePattern } from "#server/db/like-pattern";
import { auditLog, partners } from "#server/db/schema";
import { forbidden } from "#server/errors";
import { isUuid } from "~/lib/ids";

export const AUDIT_PAGE_SIZE = 30;

/**
 * The most rows the log counts for its pages' line: past it the line says "more than", as a
 * count of every row of a log of hundreds of thousands reads the whole index each time.
 */
const AUDIT_COUNT_LIMIT = 10_000;

/**
 * Where a page starts: after the row `older` names (the next page, older entries) or before
 * the row `newer` names (the previous page), by id; without either, the page's offset, as an
 * address typed or kept from before gives it.
 */
type AuditPageStart = { older?: string; newer?: string };

/** The key of the row an id names, (created_at, id), for the comparisons of a page's start. */
const keyOf = (id: string) =>
  sql`(select ${auditLog.createdAt}, ${auditLog.id} from ${auditLog} where ${auditLog.id} = ${id})`;

/**
 * One page of the audit log, newest first, for a partner and/or a person (by email): its rows,
 * how many rows all pages hold up to AUDIT_COUNT_LIMIT (`counted`, with `more` past it), and the
 * ids the previous and next pages start from (`newer`, `older`; null at either end). A page
 * reached by its links reads from the neighbouring row through the (created_at, id) indexes,
 * however deep it is.
 */
export async function listAuditEntries(
  db: Database,
  actor: Actor,
  filters: AuditFilters & { page: number; start?: AuditPageStart },
) {
  if (!canReadAuditLog(actor)) throw forbidden();
  const { page, start = {} } = filters;
  const older = start.older && isUuid(start.older) ? start.older : null;
  const newer = !older && start.newer && isUuid(start.newer) ? start.newer : null;
  // An address with a page number and no row to start from is read by its offset, up to the
  // rows the log counts: past them it is a page past the end, not a walk through the index.
  const offset = older || newer ? 0 : (page - 1) * AUDIT_PAGE_SIZE;
  const [fetched, [counted]] = await Promise.all([
    offset < AUDIT_COUNT_LIMIT ? auditPageQuery(db, filters, { older, newer, offset }) : [],
    auditCountQuery(db, filters),
  ]);
  const beyond = fetched.length > AUDIT_PAGE_SIZE;
  const rows = fetched.slice(0, AUDIT_PAGE_SIZE);
  if (newer) rows.reverse();
  const total = counted?.n ?? 0;
  // Reading backwards, the row past the page is a newer one; forwards, an older one.
  const hasNewer = newer ? beyond : page > 1 || older !== null;
  const hasOlder = newer ? true : beyond;
  return {
    rows,
    total: Math.min(total, AUDIT_COUNT_LIMIT),
    more: total > AUDIT_COUNT_LIMIT,
    newer: hasNewer && rows.length > 0 ? rows[0]!.id : null,
    older: hasOlder && rows.length > 0 ? rows.at(-1)!.id : null,
  };
}

type AuditFilters = { partnerId: string; person: string };

const auditWhere = ({ partnerId, person }: AuditFilters) =>
  and(
    partnerId && isUuid(partnerId) ? eq(auditLog.partnerId, partnerId) : undefined,
    person ? ilike(auditLog.actorEmail, `%${escapeLikePattern(person)}%`) : undefined,
  );

/**
 * The rows of one page and one more, newest first: after the row `older` names, before the
 * row `newer` names (oldest first then), or else from `offset`.
 */
export function auditPageQuery(
  db: Database,
  filters: AuditFilters,
  { older, newer, offset }: { older: string | null; newer: string | null; offset: number },
) {
  const from: SQL | undefined = older
    ? sql`(${auditLog.createdAt}, ${auditLog.id}) < ${keyOf(older)}`
    : newer
      ? sql`(${auditLog.createdAt}, ${auditLog.id}) > ${keyOf(newer)}`
      : undefined;
  const order = newer
    ? [asc(auditLog.createdAt), asc(auditLog.id)]
    : [desc(auditLog.createdAt), desc(auditLog.id)];
  return (
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
      .where(and(auditWhere(filters), from))
      .orderBy(...order)
      // One more than the page, to know whether there is a page beyond it.
      .limit(AUDIT_PAGE_SIZE + 1)
      .offset(offset)
  );
}

/** How many rows the filters keep, counting no further than one past AUDIT_COUNT_LIMIT. */
export function auditCountQuery(db: Database, filters: AuditFilters) {
  const capped = db
    .select({ one: sql`1` })
    .from(auditLog)
    .where(auditWhere(filters))
    .limit(AUDIT_COUNT_LIMIT + 1)
    .as("capped");
  return db.select({ n: count() }).from(capped);
}
