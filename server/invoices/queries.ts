/**
 * What the pages read of issued invoices and credit notes: the Invoices lists of the
 * partner and admin areas (one page, its totals, every row for the CSV), the documents of
 * bookings (My Bookings, the organiser's registration page) and one document to download.
 * Every read is within a scope of server/auth/policies.ts, so another partner's or
 * booker's document is "not found", like an unknown id.
 *
 * An invoice's status is never stored: it is worked out here, in SQL, from its credit
 * notes, its payments and its due date (`documentStatus`), so a list filters and pages by
 * it on the server.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import * as z from "zod/mini";
import { INVOICE_STATUSES, RCL_SELLER, type InvoiceStatus } from "~/lib/invoice-status";
import { UUID_PATTERN, isUuid } from "~/lib/ids";
import { filterChoice, filterDay, filterId, listFilterProblems, readListFilters } from "~/lib/list-filters";
import { m } from "~/paraglide/messages";
import type { Actor } from "#server/auth/actor";
import {
  managedEventsScope,
  managedPartnersScope,
  namesPartners,
  ownDocumentsScope,
  readableDocumentsScope,
  soldDocumentsScope,
} from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { listPage } from "#server/db/list-page";
import { events, invoices, partners } from "#server/db/schema";
import { notFound } from "#server/errors";
import { copenhagenToday, documentStatus, joinTotals, paidMinor, statusReading } from "./document-status";

const INVOICES_PAGE_SIZE = 25;

/** The area whose Invoices page is read: the partner area (sellers' own) or the admin area (all). */
export type InvoiceArea = "partner" | "admin";

const documentNotFound = () => notFound(m.invoices_not_found());

/** The invoice a credit note reduces, for its number. */
const creditedInvoice = alias(invoices, "credited_invoice");

/** An amount as the lists add it up: a credit note takes its amount off. */
const signed = (column: AnyPgColumn) =>
  sql<number>`coalesce(sum(case when ${invoices.kind} = 'credit_note' then -${column} else ${column} end), 0)`.mapWith(
    Number,
  );

// ── The lists' filters ──────────────────────────────────────────────────────────────

/** A partner's id, or RCL_SELLER; "" for every seller. */
function filterSeller() {
  return z.catch(
    z.pipe(
      z.string().check(z.regex(new RegExp(`^(${RCL_SELLER}|${UUID_PATTERN.source.slice(1, -1)})$`, "i"))),
      z.transform((value) => value.toLowerCase()),
    ),
    "",
  );
}

const FILTERS = z.object({
  event: filterId(),
  status: filterChoice(INVOICE_STATUSES, "all"),
  from: filterDay(),
  to: filterDay(),
  seller: filterSeller(),
});

export type InvoiceFilters = z.output<typeof FILTERS>;

/** What the page says next to a filter it could not use. */
export type InvoiceFilterProblems = { from?: string; to?: string; others: string[] };

/**
 * The list's filters from the address (a GET form, so a filtered view can be shared): the
 * event, the status, the issue dates from and to (both included) and, where the page
 * offers it, the seller. A filter not understood is left out and said so; an end of the
 * period before its start likewise.
 */
export function readInvoiceFilters(url: URL): { filters: InvoiceFilters; problems: InvoiceFilterProblems } {
  const filters = readListFilters(url, FILTERS);
  const given = (name: "from" | "to") => url.searchParams.get(name)?.trim() ?? "";
  const problems: InvoiceFilterProblems = { others: [] };
  if (given("from") !== "" && filters.from === "") problems.from = m.err_range_not_a_day();
  if (given("to") !== "" && filters.to === "") problems.to = m.err_range_not_a_day();
  if (filters.from && filters.to && filters.to < filters.from) {
    problems.to = m.err_range_end_before_start();
    filters.to = "";
  }
  const notUnderstood = listFilterProblems(url, FILTERS, {
    status: m.invoices_status_not_understood(),
    seller: m.invoices_seller_not_understood(),
    event: m.invoices_event_not_understood(),
  });
  problems.others.push(...notUnderstood);
  return { filters, problems };
}

/** The filters as an address's query, without the page: for the export link and "first page". */
function invoiceFiltersQuery(filters: InvoiceFilters): string {
  const params = new URLSearchParams();
  if (filters.event) params.set("event", filters.event);
  if (filters.status !== "all") params.set("status", filters.status);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.seller) params.set("seller", filters.seller);
  return params.toString();
}

/**
 * The filter's event and seller, when given: "not found" outside what the actor manages,
 * as the registrations list answers, so the page never confirms another partner's ids.
 */
export async function checkInvoiceFilters(db: Database, actor: Actor, filters: InvoiceFilters) {
  if (filters.event) {
    const [event] = await db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.id, filters.event), managedEventsScope(actor)));
    if (!event) throw notFound(m.err_event_not_found());
  }
  if (filters.seller && filters.seller !== RCL_SELLER) {
    const [partner] = await db
      .select({ id: partners.id })
      .from(partners)
      .where(and(eq(partners.id, filters.seller), managedPartnersScope(actor)));
    if (!partner) throw notFound(m.err_partner_not_found());
  }
}

/**
 * How a list reads the sums a status filter needs. A filter over every document of the
 * platform (the admin's, narrowed by nothing else) adds up all credit notes and payments
 * at once and joins them, which costs far less than a lookup per invoice once there are
 * tens of thousands; anything narrower looks up each of its own invoices.
 */
function sumsAtOnce(area: InvoiceArea, filters: InvoiceFilters): boolean {
  // The open invoices are those not yet due: few, and found by the due date's index.
  const narrowed = filters.seller || filters.event || filters.from || filters.to || filters.status === "open";
  return area === "admin" && filters.status !== "all" && !narrowed;
}

/**
 * How a list reads the status: per invoice, or with every invoice's sums joined to it
 * (`sumsAtOnce`); its SQL, and the condition for one status.
 */
function listStatus(area: InvoiceArea, filters: InvoiceFilters, today: string) {
  const atOnce = sumsAtOnce(area, filters);
  return { atOnce, ...statusReading({ atOnce, today }) };
}

function filterConditions(
  actor: Actor,
  area: InvoiceArea,
  filters: InvoiceFilters,
  has: (status: InvoiceStatus) => SQL | undefined,
) {
  const seller =
    filters.seller === RCL_SELLER
      ? isNull(invoices.sellerPartnerId)
      : filters.seller
        ? eq(invoices.sellerPartnerId, filters.seller)
        : undefined;
  return and(
    soldDocumentsScope(actor, area),
    filters.event ? eq(invoices.eventId, filters.event) : undefined,
    filters.from ? gte(invoices.issueDate, filters.from) : undefined,
    filters.to ? lte(invoices.issueDate, filters.to) : undefined,
    seller,
    filters.status !== "all" ? has(filters.status) : undefined,
  );
}

// ── The lists ───────────────────────────────────────────────────────────────────────

/** The newest first; within a day the later issued first, and the id settles ties so pages never overlap. */
const listOrder = [desc(invoices.issueDate), desc(invoices.createdAt), desc(invoices.id)];

const buyerName = sql<string>`${invoices.content}->'buyer'->>'name'`;

/** What every list row shows. */
const rowColumns = (status: SQL<InvoiceStatus | null>) => ({
  id: invoices.id,
  kind: invoices.kind,
  purpose: invoices.purpose,
  number: invoices.number,
  language: invoices.language,
  issueDate: invoices.issueDate,
  deliveryDate: invoices.deliveryDate,
  dueDate: invoices.dueDate,
  netMinor: invoices.netMinor,
  vatMinor: invoices.vatMinor,
  grossMinor: invoices.grossMinor,
  currency: invoices.currency,
  sellerPartnerId: invoices.sellerPartnerId,
  sellerName: sql<string>`${invoices.content}->'seller'->>'name'`,
  buyerName,
  buyerCvr: sql<string | null>`${invoices.content}->'buyer'->>'cvr'`,
  buyerEan: invoices.buyerEan,
  registrationId: invoices.registrationId,
  reference: sql<string>`${invoices.content}->>'reference'`,
  eventId: invoices.eventId,
  eventTitle: events.title,
  eventStartsAt: events.startsAt,
  creditedNumber: creditedInvoice.number,
  status,
  paidMinor: sql<number | null>`case when ${invoices.kind} = 'invoice' then ${paidMinor} end`.mapWith(Number),
});

/** The documents with their event and credited invoice, and the totals the status reads when `atOnce`. */
function documentRows(db: Database, status: SQL<InvoiceStatus | null>, atOnce: boolean) {
  const query = db
    .select(rowColumns(status))
    .from(invoices)
    .leftJoin(events, eq(events.id, invoices.eventId))
    .leftJoin(creditedInvoice, eq(creditedInvoice.id, invoices.creditsInvoiceId));
  return joinTotals(query, atOnce);
}

export type InvoiceListQuery = {
  actor: Actor;
  area: InvoiceArea;
  filters: InvoiceFilters;
  page: number;
  now?: Date;
};

/**
 * One page of the area's documents, how many match, and their totals: net, moms and gross,
 * each credit note taking its amount off. Call `checkInvoiceFilters` first.
 */
export async function listInvoices(
  db: Database,
  { actor, area, filters, page, now = new Date() }: InvoiceListQuery,
) {
  const today = copenhagenToday(now);
  const { atOnce, status, has } = listStatus(area, filters, today);
  const where = filterConditions(actor, area, filters, has);
  const totalsColumns = {
    n: count(),
    netMinor: signed(invoices.netMinor),
    vatMinor: signed(invoices.vatMinor),
    grossMinor: signed(invoices.grossMinor),
  };
  const totals = joinTotals(db.select(totalsColumns).from(invoices), atOnce).where(where).execute();
  const list = await listPage(
    documentRows(db, status, atOnce)
      .where(where)
      .orderBy(...listOrder),
    totals,
    { page, size: INVOICES_PAGE_SIZE },
  );
  const [sums] = await totals;
  return {
    ...list,
    totals: {
      count: list.total,
      netMinor: sums?.netMinor ?? 0,
      vatMinor: sums?.vatMinor ?? 0,
      grossMinor: sums?.grossMinor ?? 0,
    },
  };
}

/** Every document the filters match (all pages), with what the CSV export writes, in the list's order. */
export async function listInvoicesForExport(
  db: Database,
  { actor, area, filters, now = new Date() }: Omit<InvoiceListQuery, "page">,
) {
  const today = copenhagenToday(now);
  const { atOnce, status, has } = listStatus(area, filters, today);
  return documentRows(db, status, atOnce)
    .where(filterConditions(actor, area, filters, has))
    .orderBy(...listOrder)
    .then((rows) => rows);
}

/**
 * The filters' choices: the events the actor manages that have documents, the latest
 * first, and in the admin area the sellers that issued any.
 */
async function listInvoiceFilterOptions(db: Database, actor: Actor, area: InvoiceArea) {
  const [eventOptions, sellers] = await Promise.all([
    db
      .select({ id: events.id, title: events.title, startsAt: events.startsAt, partnerName: partners.name })
      .from(events)
      .innerJoin(partners, eq(partners.id, events.partnerId))
      .where(
        and(
          managedEventsScope(actor),
          sql`exists (select 1 from ${invoices} where ${invoices.eventId} = ${events.id})`,
        ),
      )
      .orderBy(desc(events.startsAt), asc(events.id)),
    db
      .select({ id: partners.id, name: partners.name })
      .from(partners)
      .where(
        and(
          managedPartnersScope(actor),
          sql`exists (select 1 from ${invoices} where ${invoices.sellerPartnerId} = ${partners.id})`,
        ),
      )
      .orderBy(asc(partners.name), asc(partners.id)),
  ]);
  // A seller's choice where rows are of more than one partner; RCL's own only in the admin area.
  return {
    events: eventOptions,
    sellers: namesPartners(actor) ? sellers : [],
    withRcl: area === "admin",
  };
}

// ── A booking's documents, and one document ────────────────────────────────────────

/** Whose documents of a booking: the booker's own (My Bookings) or the seller's (the organiser's page). */
export type BookingDocumentsView = "booker" | "seller";

/**
 * The documents of the given bookings the actor may see in `view`, oldest first, each
 * with its status, for the booking cards and pages. Bookings outside the scope have none.
 */
export async function listBookingDocuments(
  db: Database,
  {
    actor,
    view,
    registrationIds,
    now = new Date(),
  }: { actor: Actor; view: BookingDocumentsView; registrationIds: string[]; now?: Date },
) {
  const ids = registrationIds.filter(isUuid);
  if (ids.length === 0) return [];
  const today = copenhagenToday(now);
  const scope = view === "booker" ? ownDocumentsScope(actor) : soldDocumentsScope(actor, "partner");
  return db
    .select({
      id: invoices.id,
      registrationId: invoices.registrationId,
      kind: invoices.kind,
      number: invoices.number,
      language: invoices.language,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      grossMinor: invoices.grossMinor,
      currency: invoices.currency,
      creditedNumber: creditedInvoice.number,
      status: documentStatus(today),
    })
    .from(invoices)
    .leftJoin(creditedInvoice, eq(creditedInvoice.id, invoices.creditsInvoiceId))
    .where(and(inArray(invoices.registrationId, ids), scope))
    .orderBy(asc(invoices.issueDate), asc(invoices.createdAt), asc(invoices.id))
    .then((rows) => rows);
}

export type BookingDocument = Awaited<ReturnType<typeof listBookingDocuments>>[number];

/** `listBookingDocuments` by booking id, for a list of bookings (My Bookings). */
export async function documentsByBooking(
  db: Database,
  query: Parameters<typeof listBookingDocuments>[1],
): Promise<Record<string, BookingDocument[]>> {
  const byBooking: Record<string, BookingDocument[]> = {};
  for (const document of await listBookingDocuments(db, query)) {
    if (!document.registrationId) continue;
    (byBooking[document.registrationId] ??= []).push(document);
  }
  return byBooking;
}

/**
 * One document the actor may open, with the snapshot its files are rendered from: their
 * own booking's, one their partners issued, or any for an admin. "Not found" otherwise.
 */
export async function getReadableDocument(db: Database, actor: Actor, id: unknown) {
  if (!isUuid(id)) throw documentNotFound();
  const [found] = await db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      language: invoices.language,
      content: invoices.content,
    })
    .from(invoices)
    .where(and(eq(invoices.id, id), readableDocumentsScope(actor)));
  if (!found) throw documentNotFound();
  return found;
}

// ── An Invoices page ────────────────────────────────────────────────────────────────

/**
 * What an area's Invoices page shows for its address: the filters as read (and what was
 * set aside), the choices, one page of documents with the totals of all that match, and
 * whether rows name their seller. "Not found" for a filter naming another partner's event
 * or another partner.
 */
export async function invoiceListPage(
  db: Database,
  {
    actor,
    area,
    url,
    page,
    now = new Date(),
  }: { actor: Actor; area: InvoiceArea; url: URL; page: number; now?: Date },
) {
  const { filters, problems } = readInvoiceFilters(url);
  await checkInvoiceFilters(db, actor, filters);
  const [list, options] = await Promise.all([
    listInvoices(db, { actor, area, filters, page, now }),
    listInvoiceFilterOptions(db, actor, area),
  ]);
  return {
    area,
    filters,
    problems,
    query: invoiceFiltersQuery(filters),
    options,
    showSeller: namesPartners(actor),
    page,
    pageSize: INVOICES_PAGE_SIZE,
    ...list,
  };
}

export type InvoiceListPage = Awaited<ReturnType<typeof invoiceListPage>>;
