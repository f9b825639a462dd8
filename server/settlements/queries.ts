/**
 * What the Statements pages read: one page of monthly statements within the actor's
 * scope (a partner's own; every partner's for an admin), filtered by month and partner on
 * the server, and one statement to download. Another partner's statement is "not found",
 * like an unknown id.
 */
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { isUuid } from "~/lib/ids";
import { filterId, listFilterProblems, readListFilters } from "~/lib/list-filters";
import { m } from "~/paraglide/messages";
import type { Actor } from "#server/auth/actor";
import { managedPartnersScope, namesPartners, statementsScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { listPage } from "#server/db/list-page";
import { invoices, partners, partnerStatements } from "#server/db/schema";
import { notFound } from "#server/errors";

const STATEMENTS_PAGE_SIZE = 25;

/** A month input's value ("2027-05") as the month's first day; "" when absent or not a month. */
const filterMonth = () =>
  z.catch(
    z.pipe(
      z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/)),
      z.transform((month) => `${month}-01`),
    ),
    "",
  );

const FILTERS = z.object({ month: filterMonth(), partner: filterId() });

export type StatementFilters = z.output<typeof FILTERS>;

export type StatementArea = "partner" | "admin";

const statementNotFound = () => notFound(m.statements_not_found());

/** What the page says about filters it set aside: the month's next to its box, the others above the list. */
export type StatementFilterProblems = { month?: string; others: string[] };

/** The filters from the address (a GET form), and a sentence for each one not understood. */
function readStatementFilters(url: URL): {
  filters: StatementFilters;
  problems: StatementFilterProblems;
} {
  const [month] = listFilterProblems(url, FILTERS, { month: m.statements_month_not_understood() });
  return {
    filters: readListFilters(url, FILTERS),
    problems: {
      ...(month ? { month } : {}),
      others: listFilterProblems(url, FILTERS, { partner: m.statements_partner_not_understood() }),
    },
  };
}

/** One page of the statements in the actor's scope, the latest month first. */
export async function listStatements(
  db: Database,
  { actor, filters, page }: { actor: Actor; filters: StatementFilters; page: number },
) {
  const where = and(
    statementsScope(actor),
    filters.month ? eq(partnerStatements.month, filters.month) : undefined,
    filters.partner ? eq(partnerStatements.partnerId, filters.partner) : undefined,
  );
  const rows = db
    .select({
      id: partnerStatements.id,
      month: partnerStatements.month,
      partnerId: partnerStatements.partnerId,
      partnerName: partners.name,
      netMinor: partnerStatements.netMinor,
      vatMinor: partnerStatements.vatMinor,
      grossMinor: partnerStatements.grossMinor,
      revenueSharePercent: partnerStatements.revenueSharePercent,
      commissionNetMinor: partnerStatements.commissionNetMinor,
      commissionVatMinor: partnerStatements.commissionVatMinor,
      partnerKeepsMinor: partnerStatements.partnerKeepsMinor,
      onlineCollectedMinor: partnerStatements.onlineCollectedMinor,
      applicationFeesMinor: partnerStatements.applicationFeesMinor,
      payoutMinor: partnerStatements.payoutMinor,
      commissionInvoiceId: partnerStatements.commissionInvoiceId,
      commissionInvoiceNumber: invoices.number,
    })
    .from(partnerStatements)
    .innerJoin(partners, eq(partners.id, partnerStatements.partnerId))
    .leftJoin(invoices, eq(invoices.id, partnerStatements.commissionInvoiceId))
    .where(where)
    .orderBy(desc(partnerStatements.month), asc(partners.name), asc(partnerStatements.id));
  const total = db.select({ n: count() }).from(partnerStatements).where(where);
  return listPage(rows, total, { page, size: STATEMENTS_PAGE_SIZE });
}

/**
 * What a Statements page shows for its address: the filters, the partners to choose from
 * where the page names partners, and one page of statements. A filter naming a partner
 * outside the actor's is "not found", as the other lists answer.
 */
export async function statementListPage(
  db: Database,
  { actor, area, url, page }: { actor: Actor; area: StatementArea; url: URL; page: number },
) {
  const { filters, problems } = readStatementFilters(url);
  const showPartner = namesPartners(actor);
  if (filters.partner) {
    const [partner] = await db
      .select({ id: partners.id })
      .from(partners)
      .where(and(eq(partners.id, filters.partner), managedPartnersScope(actor)));
    if (!partner) throw notFound(m.err_partner_not_found());
  }
  const [list, partnerOptions] = await Promise.all([
    listStatements(db, { actor, filters, page }),
    showPartner
      ? db
          .select({ id: partners.id, name: partners.name })
          .from(partners)
          .where(
            and(
              managedPartnersScope(actor),
              sql`exists (select 1 from ${partnerStatements} where ${partnerStatements.partnerId} = ${partners.id})`,
            ),
          )
          .orderBy(asc(partners.name), asc(partners.id))
      : Promise.resolve([]),
  ]);
  const params = new URLSearchParams();
  if (filters.month) params.set("month", filters.month.slice(0, 7));
  if (filters.partner) params.set("partner", filters.partner);
  return {
    area,
    filters: { month: filters.month.slice(0, 7), partner: filters.partner },
    problems,
    query: params.toString(),
    partnerOptions,
    showPartner,
    page,
    pageSize: STATEMENTS_PAGE_SIZE,
    ...list,
  };
}

export type StatementListPage = Awaited<ReturnType<typeof statementListPage>>;

/** A statement the actor may download: its partner's members' and admins'. "Not found" otherwise. */
export async function getReadableStatement(db: Database, actor: Actor, id: unknown) {
  if (!isUuid(id)) throw statementNotFound();
  const [found] = await db
    .select({ id: partnerStatements.id })
    .from(partnerStatements)
    .where(and(eq(partnerStatements.id, id), statementsScope(actor)));
  if (!found) throw statementNotFound();
  return found;
}
