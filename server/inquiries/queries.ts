/**
 * What the partner area's inquiry pages read: the inquiries visitors sent to the actor's
 * partners ('Contact' and 'Inquire About Events' on a partner's page), a tab at a time,
 * and one inquiry in full. Every query reads within `managedInquiriesScope`, so another
 * partner's inquiry is "not found", like an unknown id.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { managedInquiriesScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { scopedLoader } from "#server/db/rows";
import { inquiries, inquiryStatus, partners, users } from "#server/db/schema";
import { notFound } from "#server/errors";
import { m } from "~/paraglide/messages";

export const INQUIRIES_PAGE_SIZE = 25;

export type InquiryStatus = (typeof inquiryStatus.enumValues)[number];

/** The list's tabs are the statuses. */
const INQUIRY_STATUSES = inquiryStatus.enumValues;

export type InquiryRow = typeof inquiries.$inferSelect;

const inquiryNotFound = () => notFound(m.err_inquiry_not_found());

/** How many characters of the message a row without a subject shows. */
const EXCERPT_LENGTH = 80;

/**
 * One page of the inquiries in a tab, newest first, with each tab's count. Admins see
 * every partner's inquiries; the partner is named on each row.
 */
export async function listManagedInquiries(
  db: Database,
  actor: Actor,
  { tab, page }: { tab: InquiryStatus; page: number },
) {
  const scope = managedInquiriesScope(actor);
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: inquiries.id,
        partnerName: partners.name,
        name: inquiries.name,
        company: inquiries.company,
        subject: inquiries.subject,
        excerpt: sql<string>`left(${inquiries.message}, ${EXCERPT_LENGTH})`,
        preferredDate: inquiries.preferredDate,
        groupSize: inquiries.groupSize,
        status: inquiries.status,
        createdAt: inquiries.createdAt,
      })
      .from(inquiries)
      .innerJoin(partners, eq(partners.id, inquiries.partnerId))
      .where(and(scope, eq(inquiries.status, tab)))
      .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
      .limit(INQUIRIES_PAGE_SIZE)
      .offset((page - 1) * INQUIRIES_PAGE_SIZE),
    db
      .select({ status: inquiries.status, n: count() })
      .from(inquiries)
      .where(scope)
      .groupBy(inquiries.status),
  ]);
  const counts = Object.fromEntries(
    INQUIRY_STATUSES.map((status) => [status, Number(counted.find((row) => row.status === status)?.n ?? 0)]),
  ) as Record<InquiryStatus, number>;
  return { rows, total: counts[tab], counts };
}

/**
 * An inquiry the actor may answer, locked for the rest of the transaction when
 * `forUpdate`. Another partner's inquiry is "not found", like an unknown id.
 */
export const loadManagedInquiry = scopedLoader({
  select: (db) => db.select().from(inquiries),
  id: inquiries.id,
  scope: managedInquiriesScope,
  missing: inquiryNotFound,
});

/** The partner an inquiry was sent to: its name, and the address replies come from. */
export async function inquiryPartner(db: Database, partnerId: string | null) {
  if (!partnerId) throw inquiryNotFound();
  const [partner] = await db
    .select({ id: partners.id, name: partners.name, email: partners.email })
    .from(partners)
    .where(eq(partners.id, partnerId));
  if (!partner) throw inquiryNotFound();
  return partner;
}

/** One inquiry for its page: the row, its partner, and who sent the latest reply. */
export async function getManagedInquiry(db: Database, actor: Actor, inquiryId: unknown) {
  const inquiry = await loadManagedInquiry(db, actor, inquiryId);
  const [partner, repliedBy] = await Promise.all([
    inquiryPartner(db, inquiry.partnerId),
    inquiry.repliedBy
      ? db
          .select({ name: users.name, email: users.email })
          .from(users)
          .where(eq(users.id, inquiry.repliedBy))
          .then(([row]) => row ?? null)
      : null,
  ]);
  return { inquiry, partner, repliedBy };
}
