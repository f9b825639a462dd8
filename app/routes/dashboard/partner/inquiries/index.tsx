import * as z from "zod/mini";
import { namesPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { INQUIRIES_PAGE_SIZE, listManagedInquiries, type InquiryStatus } from "#server/inquiries/queries";
import { AdminPage } from "~/components/admin/admin-page";
import { RecordLink } from "~/components/dashboard/record-link";
import { StatusFilterNav } from "~/components/dashboard/status-filter-nav";
import {
  formatPreferredDate,
  INQUIRY_STATUS_LOOK,
  INQUIRY_TABS,
  InquiryStatusBadge,
  inquiryPath,
  PARTNER_INQUIRIES_PATH,
} from "~/components/inquiries/inquiry-parts";
import { ListTable } from "~/components/ui/list-table";
import { Pagination, pageOf } from "~/components/ui/pagination";
import { filterChoice, readListFilters } from "~/lib/list-filters";
import { workspacePageMeta } from "~/lib/meta";
import { DateTime } from "~/components/dashboard/record-page";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/index";

const FILTERS = z.object({ tab: filterChoice(INQUIRY_TABS, "new") });

const tabPath = (tab: InquiryStatus) =>
  tab === "new" ? PARTNER_INQUIRIES_PATH : `${PARTNER_INQUIRIES_PATH}?tab=${tab}`;

/** A row without a subject is named by the start of its message. */
const firstWords = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length < 60 ? flat : `${flat.slice(0, 60).replace(/\s+\S*$/, "")}…`;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const url = new URL(request.url);
  const { tab } = readListFilters(url, FILTERS);
  const page = pageOf(url);
  const { rows, total, counts } = await listManagedInquiries(context.db, actor, { tab, page });
  return {
    tab,
    page,
    pageSize: INQUIRIES_PAGE_SIZE,
    total,
    counts,
    // Admins see every partner's inquiries; a member of several sees whose each one is.
    showPartner: namesPartners(actor),
    rows: rows.map((row) => ({
      id: row.id,
      partnerName: row.partnerName,
      name: row.name,
      company: row.company,
      title: row.subject || firstWords(row.excerpt),
      preferredDate: row.preferredDate,
      groupSize: row.groupSize,
      status: row.status,
      createdAt: row.createdAt,
    })),
  };
}

export const meta: Route.MetaFunction = workspacePageMeta(m.partner_inquiries, PARTNER_INQUIRIES_PATH);

type InquiryRow = Route.ComponentProps["loaderData"]["rows"][number];

/** A label of a shared table, whether it is kept as text or as its message. */
const textOf = (label: string | (() => string)) => (typeof label === "function" ? label() : label);

export default function PartnerInquiries({ loaderData }: Route.ComponentProps) {
  const { tab, page, pageSize, total, counts, showPartner, rows } = loaderData;
  const current = INQUIRY_STATUS_LOOK[tab];
  return (
    <AdminPage title={m.partner_inquiries()} intro={m.partner_inquiries_intro()}>
      <StatusFilterNav
        label={m.partner_inquiries_filter_label()}
        entries={INQUIRY_TABS.map((entry) => ({
          to: tabPath(entry),
          label: textOf(INQUIRY_STATUS_LOOK[entry].label),
          count: counts[entry],
          selected: entry === tab,
        }))}
      />

      <ListTable
        caption={m.partner_inquiries_caption({ tab: textOf(current.label) })}
        columns={[
          {
            label: m.partner_col_from(),
            cell: (row) => (
              <>
                <span className="font-medium text-slate-900">{row.name}</span>
                {row.company && <span className="block text-slate-600">{row.company}</span>}
              </>
            ),
          },
          ...(showPartner
            ? [{ label: m.partner_col_partner(), cell: (row: InquiryRow) => row.partnerName }]
            : []),
          {
            label: m.partner_col_subject(),
            cell: (row) => <RecordLink to={inquiryPath(row.id)}>{row.title}</RecordLink>,
          },
          {
            label: m.partner_col_preferred_date(),
            nowrap: true,
            cell: (row) => (row.preferredDate ? formatPreferredDate(row.preferredDate) : "—"),
          },
          { label: m.partner_col_group_size(), cell: (row) => row.groupSize ?? "—" },
          {
            label: m.partner_col_received(),
            nowrap: true,
            cell: (row) => <DateTime value={row.createdAt} />,
          },
          { label: m.partner_col_status(), cell: (row) => <InquiryStatusBadge status={row.status} /> },
        ]}
        rows={rows}
        rowKey={(row) => row.id}
        empty={
          total === 0 ? textOf(current.empty) : rows.length === 0 ? m.partner_inquiries_page_empty() : null
        }
      />
      <Pagination page={page} pageSize={pageSize} total={total} label={m.partner_inquiries_pages()} />
    </AdminPage>
  );
}
