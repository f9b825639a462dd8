import { href } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { FilterBar, partnerFilter } from "~/components/dashboard/filter-bar";
import { DocumentFileLinks } from "~/components/invoices/document-parts";
import { FilterProblems } from "~/components/ui/filter-form";
import { FilterDate } from "~/components/ui/filter-select";
import { ListTable } from "~/components/ui/list-table";
import { Pagination, PastEndNotice } from "~/components/ui/pagination";
import { formatMoneyExact } from "~/lib/money";
import { getLocale } from "~/paraglide/runtime";
import { m } from "~/paraglide/messages";
import type { StatementListPage } from "#server/settlements/queries";

/** A statement's file: its PDF or its CSV. */
const statementFilePath = (id: string, format: "pdf" | "csv") =>
  href("/dashboard/statements/:id/:format", { id, format });

/** "May 2027" in the page's language, from the month's first day. */
function monthName(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat(getLocale() === "da" ? "da-DK" : "en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year, number - 1, 1)));
}

/** Who pays whom, in the words of the page's reader: the partner is "you" on its own page. */
function payoutLabel(area: StatementListPage["area"], payoutMinor: number): string {
  if (area === "partner") return payoutMinor < 0 ? m.statement_owes() : m.statement_payout();
  return payoutMinor < 0 ? m.statements_owes_admin() : m.statements_payout_admin();
}

const FILE_LABELS = { pdf: m.statements_file_pdf, csv: m.statements_file_csv };

const fileLinkClass = "font-medium text-water-700 underline hover:text-navy-900";

/**
 * A Statements page: the month (and, where rows are of several partners, the partner) to
 * filter by, in the address, and one page of statements, each with its PDF and CSV and
 * RCL's commission invoice with its PDF and e-invoice, and in a month with online payments
 * what RCL collected, the commission kept as fees and the payout (or what is owed).
 */
export function StatementList({
  data,
  intro,
  listPath,
}: {
  data: StatementListPage;
  intro: string;
  listPath: string;
}) {
  const { area, filters, problems, query, partnerOptions, showPartner, rows, total, page, pageSize } = data;
  const money = (minor: number) => formatMoneyExact(minor, "DKK");
  return (
    <AdminPage title={m.statements_title()} intro={intro}>
      <FilterBar
        id="statements"
        label={m.statements_filter_label()}
        values={filters}
        clearTo={query ? listPath : null}
        fields={showPartner ? [partnerFilter(partnerOptions)] : []}
      >
        <FilterDate
          id="statements-month"
          name="month"
          type="month"
          label={m.statements_filter_month()}
          value={filters.month}
          problem={problems.month}
          hintId={undefined}
        />
      </FilterBar>
      <FilterProblems problems={problems.others} />
      <ListTable
        caption={m.statements_caption()}
        rows={rows}
        rowKey={(row) => row.id}
        empty={total === 0 ? (query ? m.statements_empty_filtered() : m.statements_empty()) : null}
        columns={[
          {
            label: m.statements_col_month(),
            nowrap: true,
            cell: (row) => <time dateTime={row.month.slice(0, 7)}>{monthName(row.month)}</time>,
          },
          ...(showPartner
            ? [{ label: m.statements_col_partner(), cell: (row: (typeof rows)[number]) => row.partnerName }]
            : []),
          { label: m.statements_col_net(), nowrap: true, cell: (row) => money(row.netMinor) },
          { label: m.statements_col_gross(), nowrap: true, cell: (row) => money(row.grossMinor) },
          {
            label: m.statements_col_commission(),
            cell: (row) =>
              row.revenueSharePercent === null ? (
                m.statements_no_share()
              ) : (
                <>
                  <span className="whitespace-nowrap">
                    {money(row.commissionNetMinor + row.commissionVatMinor)}
                  </span>{" "}
                  <span className="text-slate-600">
                    ({m.statements_share_percent({ percent: row.revenueSharePercent })})
                  </span>
                  {row.commissionInvoiceId && row.commissionInvoiceNumber && (
                    <span className="mt-1 block">
                      <span className="font-mono">
                        {m.statements_commission_invoice({ number: row.commissionInvoiceNumber })}
                      </span>{" "}
                      <DocumentFileLinks
                        document={{
                          id: row.commissionInvoiceId,
                          kind: "invoice",
                          number: row.commissionInvoiceNumber,
                        }}
                      />
                    </span>
                  )}
                </>
              ),
          },
          { label: m.statements_col_keeps(), nowrap: true, cell: (row) => money(row.partnerKeepsMinor) },
          {
            label: m.statements_col_online(),
            cell: (row) =>
              row.onlineCollectedMinor === 0 && row.applicationFeesMinor === 0 ? (
                <span className="text-slate-600">{m.statements_no_online()}</span>
              ) : (
                <dl className="grid grid-cols-[auto_auto] gap-x-3 text-sm">
                  {row.onlineCollectedMinor !== 0 && (
                    <>
                      <dt>{m.statement_online_collected()}</dt>
                      <dd className="text-right whitespace-nowrap">{money(row.onlineCollectedMinor)}</dd>
                    </>
                  )}
                  {row.applicationFeesMinor !== 0 && (
                    <>
                      <dt>{m.statement_online_fees()}</dt>
                      <dd className="text-right whitespace-nowrap">{money(row.applicationFeesMinor)}</dd>
                    </>
                  )}
                  <dt className="font-semibold">{payoutLabel(area, row.payoutMinor)}</dt>
                  <dd className="text-right font-semibold whitespace-nowrap">
                    {money(Math.abs(row.payoutMinor))}
                  </dd>
                </dl>
              ),
          },
          {
            label: m.statements_col_files(),
            cell: (row) => (
              <span className="flex flex-wrap gap-x-3 gap-y-1">
                {(["pdf", "csv"] as const).map((format) => (
                  <a
                    key={format}
                    href={statementFilePath(row.id, format)}
                    download
                    aria-label={FILE_LABELS[format]({ month: monthName(row.month) })}
                    className={fileLinkClass}
                  >
                    {format.toUpperCase()}
                  </a>
                ))}
              </span>
            ),
          },
        ]}
      />
      <PastEndNotice shown={rows.length === 0 && total > 0} to={query ? `?${query}` : listPath} />
      <Pagination page={page} pageSize={pageSize} total={total} label={m.statements_pages()} />
    </AdminPage>
  );
}
