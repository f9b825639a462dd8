import { href, Link } from "react-router";
import * as z from "zod/mini";
import { requireArea } from "#server/auth/viewer";
import { countPendingApplications } from "#server/applications/queries";
import { listPartnersForAdmin, PARTNERS_PAGE_SIZE } from "#server/partners/admin-queries";
import { AdminPage } from "~/components/admin/admin-page";
import { PartnersNav } from "~/components/admin/partners-nav";
import { allOption, FilterBar } from "~/components/dashboard/filter-bar";
import { RecordLink } from "~/components/dashboard/record-link";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { optionsOf } from "~/components/ui/filter-select";
import { ListTable, type ListColumn } from "~/components/ui/list-table";
import { Pagination, pageOf } from "~/components/ui/pagination";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { PARTNER_STATUS_LABELS, tierLabel, type PartnerStatus } from "~/lib/partner-status";
import { filterChoice, filterText, readListFilters } from "~/lib/list-filters";
import type { Route } from "./+types/index";

const FILTERS = z.object({
  q: filterText(200),
  status: filterChoice(Object.keys(PARTNER_STATUS_LABELS) as PartnerStatus[], "all"),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const url = new URL(request.url);
  const { q, status } = readListFilters(url, FILTERS);
  const page = pageOf(url);
  const [list, pendingApplications] = await Promise.all([
    listPartnersForAdmin(context.db, actor, { q, status, page }),
    countPendingApplications(context.db, actor),
  ]);
  return { q, status, page, pageSize: PARTNERS_PAGE_SIZE, ...list, pendingApplications };
}

export const meta: Route.MetaFunction = workspacePageMeta(
  m.admin_partners_title,
  "/dashboard/admin/partners",
);

/** The list's columns, headed in the page's language. */
const partnerColumns = (): ListColumn<Route.ComponentProps["loaderData"]["rows"][number]>[] => [
  {
    label: m.admin_partner_name(),
    cell: (partner) => (
      <RecordLink to={href("/dashboard/admin/partners/:id", { id: partner.id })}>{partner.name}</RecordLink>
    ),
  },
  { label: m.admin_partners_city(), cell: (partner) => partner.location },
  {
    label: m.admin_partner_status(),
    cell: (partner) => (
      <Badge variant={partner.status === "approved" ? "teal" : "neutral"}>
        {PARTNER_STATUS_LABELS[partner.status]}
      </Badge>
    ),
  },
  { label: m.admin_tier(), cell: (partner) => tierLabel(partner.tier, partner.revenueSharePercent) },
  {
    label: m.admin_partners_featured(),
    cell: (partner) => (partner.featured ? m.admin_yes() : m.admin_no()),
  },
  { label: m.admin_partners_events(), cell: (partner) => partner.eventsCount },
];

export default function AdminPartners({ loaderData }: Route.ComponentProps) {
  const { q, status, page, pageSize, rows, total, pendingApplications } = loaderData;
  return (
    <AdminPage
      title={m.admin_partners_title()}
      intro={m.admin_partners_intro()}
      actions={
        <>
          <Link to={href("/dashboard/admin/partners/new")} className={buttonVariants()}>
            {m.admin_partners_add()}
          </Link>
          <Link to={href("/dashboard/admin/audit")} className={buttonVariants({ variant: "outline" })}>
            {m.audit_title()}
          </Link>
        </>
      }
    >
      <PartnersNav pendingApplications={pendingApplications} />
      <FilterBar
        id="partner"
        values={{ q, status }}
        submitLabel={m.admin_search()}
        fields={[
          { name: "q", kind: "search", label: m.admin_partners_search() },
          {
            name: "status",
            kind: "select",
            label: m.admin_partner_status(),
            all: allOption(),
            options: optionsOf(PARTNER_STATUS_LABELS),
          },
        ]}
      />
      <ListTable
        caption={m.admin_partners_title()}
        rows={rows}
        rowKey={(partner) => partner.id}
        columns={partnerColumns()}
        empty={
          total === 0
            ? q || status !== "all"
              ? m.admin_partners_none_match()
              : m.admin_partners_none_yet()
            : null
        }
      />
      <Pagination page={page} pageSize={pageSize} total={total} label={m.admin_partners_pages()} />
    </AdminPage>
  );
}
