/**
 * What the Discount codes pages read: one page of codes within the actor's scope (their
 * partners' in the partner area, every partner's for an admin), filtered by partner and
 * status on the server; the choices of the create form; one code by id for a command.
 * Another partner's code is "not found", like an unknown id.
 */
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import * as z from "zod/mini";
import { DISCOUNT_CODE_STATUSES, type DiscountCodeStatus } from "~/lib/billing/discount";
import { filterChoice, filterId, listFilterProblems, readListFilters } from "~/lib/list-filters";
import { m } from "~/paraglide/messages";
import type { Actor } from "#server/auth/actor";
import {
  discountCodesScope,
  managedEventsScope,
  managedPartnersScope,
  namesPartners,
} from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { listPage } from "#server/db/list-page";
import { scopedLoader } from "#server/db/rows";
import { discountCodes, events, partners } from "#server/db/schema";
import { notFound } from "#server/errors";
import { listManagedPartners } from "#server/partners/queries";

const DISCOUNT_CODES_PAGE_SIZE = 25;

const FILTERS = z.object({ partner: filterId(), status: filterChoice(DISCOUNT_CODE_STATUSES, "all") });

const discountCodeNotFound = () => notFound(m.discount_code_not_found());

/** One code within the actor's scope, locked for the rest of the transaction when `forUpdate`. */
export const loadManagedDiscountCode = scopedLoader({
  select: (db) => db.select().from(discountCodes),
  id: discountCodes.id,
  scope: discountCodesScope,
  missing: discountCodeNotFound,
});

/**
 * Each status as SQL, in the order `statusOf` judges: disabled first, then the dates, then
 * the limit, so every code has exactly one.
 */
function statusCondition(status: DiscountCodeStatus, now: Date): SQL {
  const disabled = isNotNull(discountCodes.disabledAt);
  const expired = and(isNull(discountCodes.disabledAt), lte(discountCodes.validUntil, now));
  const notExpired = or(isNull(discountCodes.validUntil), gt(discountCodes.validUntil, now));
  const scheduled = and(isNull(discountCodes.disabledAt), notExpired, gt(discountCodes.validFrom, now));
  const started = or(isNull(discountCodes.validFrom), lte(discountCodes.validFrom, now));
  const full = sql`${discountCodes.maxUses} is not null and ${discountCodes.uses} >= ${discountCodes.maxUses}`;
  const open = and(isNull(discountCodes.disabledAt), notExpired, started);
  const conditions: Record<DiscountCodeStatus, SQL | undefined> = {
    disabled,
    expired,
    scheduled,
    used_up: and(open, full),
    active: and(open, sql`not (${full})`),
  };
  return conditions[status] ?? sql`false`;
}

type StatusFields = Pick<
  typeof discountCodes.$inferSelect,
  "disabledAt" | "validFrom" | "validUntil" | "maxUses" | "uses"
>;

/** The status of one code at `now`, as `statusCondition` filters it. */
function statusOf(code: StatusFields, now: Date): DiscountCodeStatus {
  if (code.disabledAt) return "disabled";
  if (code.validUntil && code.validUntil <= now) return "expired";
  if (code.validFrom && code.validFrom > now) return "scheduled";
  if (code.maxUses !== null && code.uses >= code.maxUses) return "used_up";
  return "active";
}

/** One page of the codes in the actor's scope, the newest first. */
async function listDiscountCodes(
  db: Database,
  { actor, filters, page, now }: { actor: Actor; filters: z.output<typeof FILTERS>; page: number; now: Date },
) {
  const where = and(
    discountCodesScope(actor),
    filters.partner ? eq(discountCodes.partnerId, filters.partner) : undefined,
    filters.status !== "all" ? statusCondition(filters.status, now) : undefined,
  );
  const rows = db
    .select({
      id: discountCodes.id,
      code: discountCodes.code,
      kind: discountCodes.kind,
      percent: discountCodes.percent,
      amountMinor: discountCodes.amountMinor,
      maxUses: discountCodes.maxUses,
      uses: discountCodes.uses,
      validFrom: discountCodes.validFrom,
      validUntil: discountCodes.validUntil,
      minTeams: discountCodes.minTeams,
      disabledAt: discountCodes.disabledAt,
      partnerId: discountCodes.partnerId,
      partnerName: partners.name,
      eventId: discountCodes.eventId,
      eventTitle: events.title,
    })
    .from(discountCodes)
    .innerJoin(partners, eq(partners.id, discountCodes.partnerId))
    .leftJoin(events, eq(events.id, discountCodes.eventId))
    .where(where)
    .orderBy(desc(discountCodes.createdAt), asc(discountCodes.id));
  const total = db.select({ n: count() }).from(discountCodes).where(where);
  const found = await listPage(rows, total, { page, size: DISCOUNT_CODES_PAGE_SIZE });
  return { ...found, rows: found.rows.map((row) => ({ ...row, status: statusOf(row, now) })) };
}

/**
 * What a Discount codes page shows for its address: the filters, the partners to choose
 * from where the page names partners, and one page of codes. A filter naming a partner
 * outside the actor's is "not found", as the other lists answer.
 */
export async function discountCodeListPage(
  db: Database,
  { actor, url, page, now = new Date() }: { actor: Actor; url: URL; page: number; now?: Date },
) {
  const filters = readListFilters(url, FILTERS);
  const problems = listFilterProblems(url, FILTERS, {
    partner: m.discount_codes_partner_not_understood(),
    status: m.discount_codes_status_not_understood(),
  });
  if (filters.partner) {
    const [partner] = await db
      .select({ id: partners.id })
      .from(partners)
      .where(and(eq(partners.id, filters.partner), managedPartnersScope(actor)));
    if (!partner) throw notFound(m.err_partner_not_found());
  }
  const showPartner = namesPartners(actor);
  const [list, partnerOptions] = await Promise.all([
    listDiscountCodes(db, { actor, filters, page, now }),
    showPartner ? listManagedPartners(db, actor) : Promise.resolve([]),
  ]);
  const params = new URLSearchParams();
  if (filters.partner) params.set("partner", filters.partner);
  if (filters.status !== "all") params.set("status", filters.status);
  return {
    filters,
    problems,
    query: params.toString(),
    partnerOptions: partnerOptions.map(({ id, name }) => ({ id, name })),
    showPartner,
    page,
    pageSize: DISCOUNT_CODES_PAGE_SIZE,
    ...list,
  };
}

export type DiscountCodeListPage = Awaited<ReturnType<typeof discountCodeListPage>>;

/**
 * What the create form offers: the actor's partners, and their events that have not ended
 * (a code for a past event would never be used), soonest first.
 */
export async function discountCodeChoices(db: Database, actor: Actor, now = new Date()) {
  const [partnerChoices, eventChoices] = await Promise.all([
    listManagedPartners(db, actor),
    db
      .select({ id: events.id, title: events.title, partnerId: events.partnerId, startsAt: events.startsAt })
      .from(events)
      .where(and(managedEventsScope(actor), gt(events.endsAt, now)))
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(500),
  ]);
  return { partners: partnerChoices.map(({ id, name }) => ({ id, name })), events: eventChoices };
}
