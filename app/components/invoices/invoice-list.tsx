import { Link } from "react-router";
import { Download } from "~/components/icons/download";
import { AdminPage } from "~/components/admin/admin-page";
import { ListTotals } from "~/components/dashboard/list-totals";
import { FilterBar, type FilterField } from "~/components/dashboard/filter-bar";
import { buttonVariants } from "~/components/ui/button";
import { FilterProblems } from "~/components/ui/filter-form";
import { FilterRange } from "~/components/ui/filter-select";
import { ListTable } from "~/components/ui/list-table";
import { Pagination, PastEndNotice } from "~/components/ui/pagination";
import { formatCalendarDay, formatDate } from "~/lib/dates";
import {
  documentKindLabel,
  documentName,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  RCL_SELLER,
} from "~/lib/invoice-status";
import { formatMoneyExact } from "~/lib/money";
import { m } from "~/paraglide/messages";
import type { InvoiceListPage } from "#server/invoices/queries";
import { DocumentAmount, DocumentFileLinks, DocumentStatus } from "./document-parts";
import {
  ADMIN_BANK_STATEMENT_PATH,
  ADMIN_INVOICES_PATH,
  invoiceDetailPath,
  invoicesExportPath,
  PARTNER_BANK_STATEMENT_PATH,
  PARTNER_INVOICES_PATH,
} from "./invoice-paths";

/**
 * An area's Invoices page: the filters (in the address, so a filtered view can be
 * shared), the totals of every document they match, one page of documents and the CSV
 * of them all.
 */
export function InvoiceList({ data, intro }: { data: InvoiceListPage; intro: string }) {
  const { area, filters, problems, query, options, showSeller, rows, total, totals, page, pageSize } = data;
  const filtered = query !== "";
  const listPath = area === "partner" ? PARTNER_INVOICES_PATH : ADMIN_INVOICES_PATH;
  return (
    <AdminPage
      title={m.invoices_title()}
      intro={intro}
      actions={
        <>
          <Link
            to={area === "partner" ? PARTNER_BANK_STATEMENT_PATH : ADMIN_BANK_STATEMENT_PATH}
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            {m.bank_title()}
          </Link>
          <a
            href={invoicesExportPath(area, query)}
            download
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <Download aria-hidden="true" /> {m.invoices_export()}
            <span className="sr-only">{m.invoices_export_hint()}</span>
          </a>
        </>
      }
    >
      <FilterBar
        id="invoices"
        label={m.invoices_filter_label()}
        values={filters}
        clearTo={filtered ? listPath : null}
        fields={filterFields(options, showSeller)}
      >
        <FilterRange
          idPrefix="invoices"
          type="date"
          labels={{ from: m.invoices_filter_from(), to: m.invoices_filter_to() }}
          values={filters}
          problems={problems}
        />
      </FilterBar>
      <FilterProblems problems={problems.others} />
      {total > 0 && <InvoiceTotals totals={totals} />}
      <InvoicesTable
        area={area}
        rows={rows}
        showSeller={showSeller}
        empty={total === 0 ? (filtered ? m.invoices_empty_filtered() : m.invoices_empty()) : null}
      />
      <PastEndNotice shown={rows.length === 0 && total > 0} to={query ? `?${query}` : listPath} />
      <Pagination page={page} pageSize={pageSize} total={total} label={m.invoices_pages()} />
    </AdminPage>
  );
}

type Options = InvoiceListPage["options"];
type FilterName = "event" | "status" | "seller";

/** The event, the status and, where rows are of several sellers, the seller. */
function filterFields(options: Options, showSeller: boolean): FilterField<FilterName>[] {
  const fields: FilterField<FilterName>[] = [
    {
      name: "event",
      kind: "select",
      label: m.invoices_filter_event(),
      all: { value: "", label: m.invoices_filter_all_events() },
      options: options.events.map((event) => ({
        value: event.id,
        label: `${event.title}, ${formatDate(event.startsAt)}${showSeller ? ` (${event.partnerName})` : ""}`,
      })),
    },
    {
      name: "status",
      kind: "select",
      label: m.invoices_filter_status(),
      all: { value: "all", label: m.invoices_filter_all_statuses() },
      options: INVOICE_STATUSES.map((status) => ({ value: status, label: INVOICE_STATUS_LABELS[status]() })),
    },
  ];
  if (options.sellers.length > 0 || options.withRcl) {
    fields.push({
      name: "seller",
      kind: "select",
      label: m.invoices_filter_seller(),
      all: { value: "", label: m.invoices_filter_all_sellers() },
      options: [
        ...options.sellers.map((seller) => ({ value: seller.id, label: seller.name })),
        ...(options.withRcl ? [{ value: RCL_SELLER, label: m.invoices_seller_rcl() }] : []),
      ],
    });
  }
  return fields;
}

/** How many documents the filters match, and their amounts with the credit notes taken off. */
function InvoiceTotals({ totals }: { totals: InvoiceListPage["totals"] }) {
  const figures: [string, string][] = [
    [m.invoices_totals_count(), String(totals.count)],
    [m.invoices_totals_net(), formatMoneyExact(totals.netMinor, "DKK")],
    [m.invoices_totals_vat(), formatMoneyExact(totals.vatMinor, "DKK")],
    [m.invoices_totals_gross(), formatMoneyExact(totals.grossMinor, "DKK")],
  ];
  return (
    <ListTotals
      id="invoice-totals"
      label={m.invoices_totals_label()}
      figures={figures}
      note={m.invoices_totals_note()}
    />
  );
}

type Row = InvoiceListPage["rows"][number];

/** One page of documents, the newest first. */
function InvoicesTable({
  area,
  rows,
  showSeller,
  empty,
}: {
  area: InvoiceListPage["area"];
  rows: Row[];
  showSeller: boolean;
  empty: string | null;
}) {
  return (
    <ListTable
      caption={m.invoices_caption()}
      rows={rows}
      rowKey={(row) => row.id}
      empty={empty}
      columns={[
        {
          label: m.invoices_col_number(),
          nowrap: true,
          cell: (row) => (
            <Link
              to={invoiceDetailPath(area, row.id)}
              aria-label={documentName(row.kind, row.number)}
              className="font-mono text-water-700 underline hover:text-navy-900"
            >
              {row.number}
            </Link>
          ),
        },
        { label: m.invoices_col_kind(), cell: (row) => documentKindLabel(row.kind) },
        ...(showSeller ? [{ label: m.invoices_col_seller(), cell: (row: Row) => row.sellerName }] : []),
        { label: m.invoices_col_buyer(), cell: (row) => row.buyerName },
        {
          label: m.invoices_col_event(),
          cell: (row) => row.eventTitle,
        },
        {
          label: m.invoices_col_issue_date(),
          nowrap: true,
          cell: (row) => <time dateTime={row.issueDate}>{formatCalendarDay(row.issueDate)}</time>,
        },
        {
          label: m.invoices_col_due_date(),
          nowrap: true,
          cell: (row) => row.dueDate && <time dateTime={row.dueDate}>{formatCalendarDay(row.dueDate)}</time>,
        },
        {
          label: m.invoices_col_gross(),
          nowrap: true,
          cell: (row) => <DocumentAmount {...row} />,
        },
        { label: m.invoices_col_status(), cell: (row) => <DocumentStatus {...row} /> },
        { label: m.invoices_col_files(), cell: (row) => <DocumentFileLinks document={row} /> },
      ]}
    />
  );
}
