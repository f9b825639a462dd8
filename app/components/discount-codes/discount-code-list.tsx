import type { ReactNode } from "react";
import { FilterBar, partnerFilter } from "~/components/dashboard/filter-bar";
import { Badge } from "~/components/ui/badge";
import { FilterProblems } from "~/components/ui/filter-form";
import { ListTable, type ListColumn } from "~/components/ui/list-table";
import { Pagination, PastEndNotice } from "~/components/ui/pagination";
import { DISCOUNT_CODE_STATUSES, type DiscountCodeStatus } from "~/lib/billing/discount";
import { formatInstant } from "~/lib/dates";
import { formatCount } from "~/lib/forms/fields";
import { formatMoneyExact } from "~/lib/money";
import { m } from "~/paraglide/messages";
import type { DiscountCodeListPage } from "#server/discounts/queries";

type Row = DiscountCodeListPage["rows"][number];

const STATUS_LOOK: Record<
  DiscountCodeStatus,
  { label: () => string; variant?: "teal" | "neutral"; className?: string }
> = {
  active: { label: m.discount_codes_status_active, variant: "teal" },
  scheduled: { label: m.discount_codes_status_scheduled, className: "bg-amber-100 text-amber-900" },
  expired: { label: m.discount_codes_status_expired, variant: "neutral" },
  used_up: { label: m.discount_codes_status_used_up, variant: "neutral" },
  disabled: { label: m.discount_codes_status_disabled, className: "bg-red-50 text-red-800" },
};

function StatusBadge({ status }: { status: DiscountCodeStatus }) {
  const { label, variant, className } = STATUS_LOOK[status];
  return (
    <Badge variant={variant} className={className}>
      {label()}
    </Badge>
  );
}

/** "10 % off" or "250,00 kr. off per team (excl. moms)", and the minimum teams when above one. */
function valueText(row: Row): string {
  const value =
    row.kind === "percent"
      ? m.discount_codes_value_percent({ percent: row.percent ?? 0 })
      : m.discount_codes_value_amount({ amount: formatMoneyExact(row.amountMinor ?? 0, "DKK") });
  return row.minTeams > 1
    ? `${value}, ${m.discount_codes_min_teams({ count: formatCount(row.minTeams) })}`
    : value;
}

function usesText(row: Row): string {
  const uses = formatCount(row.uses);
  return row.maxUses === null
    ? m.discount_codes_uses_unlimited({ uses })
    : m.discount_codes_uses_of({ uses, max: formatCount(row.maxUses) });
}

function validityText({ validFrom, validUntil }: Row): string {
  const from = validFrom ? formatInstant(new Date(validFrom)) : null;
  const until = validUntil ? formatInstant(new Date(validUntil)) : null;
  if (from && until) return m.discount_codes_valid_between({ from, until });
  if (from) return m.discount_codes_valid_from({ from });
  if (until) return m.discount_codes_valid_until({ until });
  return m.discount_codes_valid_always();
}

/**
 * A Discount codes list: the partner (where rows are of several partners) and the status to
 * filter by, in the address, and one page of codes with their value, scope, uses, validity
 * and status; `action` gives a row's button (disable), if any.
 */
export function DiscountCodeList({
  data,
  listPath,
  action,
}: {
  data: DiscountCodeListPage;
  listPath: string;
  action: (row: Row) => ReactNode;
}) {
  const { filters, problems, query, partnerOptions, showPartner, rows, total, page, pageSize } = data;
  const columns: ListColumn<Row>[] = [
    {
      label: m.discount_codes_col_code(),
      nowrap: true,
      cell: (row) => <span className="font-mono font-medium text-navy-900">{row.code}</span>,
    },
    ...(showPartner ? [{ label: m.discount_codes_col_partner(), cell: (row: Row) => row.partnerName }] : []),
    { label: m.discount_codes_col_value(), cell: valueText },
    { label: m.discount_codes_col_scope(), cell: (row) => row.eventTitle ?? m.discount_codes_scope_all() },
    { label: m.discount_codes_col_uses(), nowrap: true, cell: usesText },
    { label: m.discount_codes_col_valid(), cell: validityText },
    { label: m.discount_codes_col_status(), cell: (row) => <StatusBadge status={row.status} /> },
    { label: m.discount_codes_col_actions(), cell: action },
  ];
  return (
    <section className="space-y-4">
      <FilterBar
        id="discount-codes"
        label={m.discount_codes_filter_label()}
        values={filters}
        clearTo={query ? listPath : null}
        fields={[
          ...(showPartner ? [partnerFilter(partnerOptions)] : []),
          {
            kind: "select",
            name: "status",
            label: m.discount_codes_filter_status(),
            all: { value: "all", label: m.discount_codes_status_all() },
            options: DISCOUNT_CODE_STATUSES.map((status) => ({
              value: status,
              label: STATUS_LOOK[status].label(),
            })),
          },
        ]}
      />
      <FilterProblems problems={problems} />
      <ListTable
        caption={m.discount_codes_caption()}
        rows={rows}
        rowKey={(row) => row.id}
        empty={total === 0 ? (query ? m.discount_codes_empty_filtered() : m.discount_codes_empty()) : null}
        columns={columns}
      />
      <PastEndNotice shown={rows.length === 0 && total > 0} to={query ? `?${query}` : listPath} />
      <Pagination page={page} pageSize={pageSize} total={total} label={m.discount_codes_pages()} />
    </section>
  );
}
