import { Link } from "react-router";
import { Download } from "~/components/icons/download";
import { AdminPage } from "~/components/admin/admin-page";
import { ListTotals } from "~/components/dashboard/list-totals";
import { FilterBar, partnerFilter, type FilterField } from "~/components/dashboard/filter-bar";
import { registrationPath } from "~/components/registrations/partner-paths";
import { buttonVariants } from "~/components/ui/button";
import { FilterProblems } from "~/components/ui/filter-form";
import { FilterRange, optionsOf } from "~/components/ui/filter-select";
import { ListTable } from "~/components/ui/list-table";
import { Pagination, PastEndNotice } from "~/components/ui/pagination";
import { formatInstant } from "~/lib/dates";
import { formatMoneyExact } from "~/lib/money";
import { m } from "~/paraglide/messages";
import type { PaymentListPage } from "#server/online-payments/queries";
import {
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  paymentMethodLabel,
} from "./payment-labels";
import { ADMIN_PAYMENTS_PATH, paymentsExportPath } from "./payment-paths";

/**
 * The admin's Payments page: the filters (in the address, so a filtered view can be
 * shared), the totals of every payment they match, one page of payments and the CSV of
 * them all.
 */
export function PaymentList({ data }: { data: PaymentListPage }) {
  const { filters, problems, query, rows, total, totals, page, pageSize } = data;
  const filtered = query !== "";
  return (
    <AdminPage
      title={m.payments_title()}
      intro={m.payments_intro()}
      actions={
        <a
          href={paymentsExportPath(query)}
          download
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <Download aria-hidden="true" /> {m.payments_export()}
          <span className="sr-only">{m.payments_export_hint()}</span>
        </a>
      }
    >
      <FilterBar
        id="payments"
        label={m.payments_filter_label()}
        values={filters}
        clearTo={filtered ? ADMIN_PAYMENTS_PATH : null}
        fields={filterFields(data.partners)}
      >
        <FilterRange
          idPrefix="payments"
          type="date"
          labels={{ from: m.payments_filter_from(), to: m.payments_filter_to() }}
          values={filters}
          problems={problems}
        />
      </FilterBar>
      <FilterProblems problems={problems.others} />
      {total > 0 && <PaymentTotals totals={totals} />}
      <PaymentsTable
        rows={rows}
        empty={total === 0 ? (filtered ? m.payments_empty_filtered() : m.payments_empty()) : null}
      />
      <PastEndNotice shown={rows.length === 0 && total > 0} to={query ? `?${query}` : ADMIN_PAYMENTS_PATH} />
      <Pagination page={page} pageSize={pageSize} total={total} label={m.payments_pages()} />
    </AdminPage>
  );
}

type FilterName = "status" | "provider" | "partner" | "q";

/** The status, the provider, the partner and a booking reference. */
function filterFields(partners: PaymentListPage["partners"]): FilterField<FilterName>[] {
  return [
    {
      name: "status",
      kind: "select",
      label: m.payments_filter_status(),
      all: { value: "all", label: m.payments_filter_all_statuses() },
      options: PAYMENT_STATUSES.map((status) => ({ value: status, label: PAYMENT_STATUS_LABELS[status]() })),
    },
    {
      name: "provider",
      kind: "select",
      label: m.payments_filter_provider(),
      all: { value: "all", label: m.payments_filter_all_providers() },
      options: optionsOf({ stripe: PAYMENT_PROVIDER_LABELS.stripe(), test: PAYMENT_PROVIDER_LABELS.test() }),
    },
    partnerFilter(partners),
    { name: "q", kind: "search", label: m.payments_filter_reference() },
  ];
}

/** How many payments the filters match, what was paid, refunded and kept, and RCL's fees. */
function PaymentTotals({ totals }: { totals: PaymentListPage["totals"] }) {
  const figures: [string, string][] = [
    [m.payments_totals_count(), String(totals.count)],
    [m.payments_totals_paid(), formatMoneyExact(totals.paidMinor, "DKK")],
    [m.payments_totals_refunded(), formatMoneyExact(totals.refundedMinor, "DKK")],
    [m.payments_totals_kept(), formatMoneyExact(totals.keptMinor, "DKK")],
    [m.payments_totals_fees(), formatMoneyExact(totals.feeMinor, "DKK")],
  ];
  return (
    <ListTotals
      id="payment-totals"
      label={m.payments_totals_label()}
      figures={figures}
      note={m.payments_totals_note()}
    />
  );
}

type Row = PaymentListPage["rows"][number];

/** The booking's reference, a link to the organiser's page of it while the booking exists. */
function BookingReference({ row }: { row: Row }) {
  if (!row.reference) return null;
  if (!row.bookingExists) return <span className="font-mono">{row.reference}</span>;
  return (
    <Link
      to={registrationPath(row.registrationId)}
      className="font-mono text-water-700 underline hover:text-navy-900"
    >
      {row.reference}
    </Link>
  );
}

/** The provider's references: the checkout, and the payment once there is one. */
function ProviderReference({ row }: { row: Row }) {
  return (
    <span className="font-mono text-xs break-all">
      {PAYMENT_PROVIDER_LABELS[row.provider]()}: {row.checkoutId}
      {row.providerPaymentId && (
        <>
          <br />
          {row.providerPaymentId}
        </>
      )}
    </span>
  );
}

/** One page of payments, the newest first. */
function PaymentsTable({ rows, empty }: { rows: Row[]; empty: string | null }) {
  const money = (minor: number) => formatMoneyExact(minor, "DKK");
  return (
    <ListTable
      caption={m.payments_caption()}
      rows={rows}
      rowKey={(row) => row.id}
      empty={empty}
      columns={[
        {
          label: m.payments_col_date(),
          nowrap: true,
          cell: (row) => <time dateTime={row.createdAt.toISOString()}>{formatInstant(row.createdAt)}</time>,
        },
        { label: m.payments_col_reference(), nowrap: true, cell: (row) => <BookingReference row={row} /> },
        { label: m.payments_col_partner(), cell: (row) => row.partnerName },
        { label: m.payments_col_event(), cell: (row) => row.eventTitle },
        {
          label: m.payments_col_amount(),
          nowrap: true,
          cell: (row) => (
            <>
              {money(row.amountMinor)}{" "}
              {row.method && (
                <span className="block text-xs text-slate-600">{paymentMethodLabel(row.method)}</span>
              )}
            </>
          ),
        },
        {
          label: m.payments_col_refunded(),
          nowrap: true,
          cell: (row) => (
            <>
              {money(row.refundedMinor)}{" "}
              {row.refundPendingMinor > 0 && (
                <span className="block text-xs text-slate-600">
                  {m.payments_refund_pending_amount({ amount: money(row.refundPendingMinor) })}
                </span>
              )}
            </>
          ),
        },
        { label: m.payments_col_fee(), nowrap: true, cell: (row) => money(row.applicationFeeMinor) },
        { label: m.payments_col_status(), cell: (row) => PAYMENT_STATUS_LABELS[row.status]() },
        { label: m.payments_col_provider_reference(), cell: (row) => <ProviderReference row={row} /> },
        { label: m.payments_col_last_failure(), cell: (row) => row.lastFailure },
      ]}
    />
  );
}
