import { href, Link } from "react-router";
import * as z from "zod/mini";
import { requireArea } from "#server/auth/viewer";
import { countPendingApplications } from "#server/applications/queries";
import { listPartnersForAdmin, PARTNERS_PAGE_SIZE } from "#server/partners/admin-queries";
import { AdminPage } from "~/components/admin/admin-page";
import { PartnersNav } from "~/components/admin/partners-nav";
import { ALL, FilterBar } from "~/components/dashboard/filter-bar";
import { RecordLink } from "~/components/dashboard/record-link";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { optionsOf } from "~/components/ui/filter-select";
import { ListTable, type ListColumn } from "~/components/ui/list-table";
import { Pagination, pageOf } from "~/components/ui/pagination";
import { workspacePageMeta } from "~/lib/meta";
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

export const meta: Route.MetaFunction = workspacePageMeta("Partners", "/dashboard/admin/partners");

const PARTNER_COLUMNS: ListColumn<Route.ComponentProps["loaderData"]["rows"][number]>[] = [
  {
    label: "Name",
    cell: (partner) => (
      <RecordLink to={href("/dashboard/admin/partners/:id", { id: partner.id })}>{partner.name}</RecordLink>
    ),
  },
  { label: "City", cell: (partner) => partner.location },
  {
    label: "Status",
    cell: (partner) => (
      <Badge variant={partner.status === "approved" ? "teal" : "neutral"}>
        {PARTNER_STATUS_LABELS[partner.status]}
      </Badge>
    ),
  },
  { label: "Tier", cell: (partner) => tierLabel(partner.tier, partner.revenueSharePercent) },
  { label: "Featured", cell: (partner) => (partner.featured ? "Yes" : "No") },
  { label: "Events", cell: (partner) => partner.eventsCount },
];

export default function AdminPartners({ loaderData }: Route.ComponentProps) {
  const { q, status, page, pageSize, rows, total, pendingApplications } = loaderData;
  return (
    <AdminPage
      title="Partners"
      intro="Every rowing club, organiser and venue on RCL, and the applications to join."
      actions={
        <>
          <Link to={href("/dashboard/admin/partners/new")} className={buttonVariants()}>
            Add New Partner
          </Link>
          <Link to={href("/dashboard/admin/audit")} className={buttonVariants({ variant: "outline" })}>
            Audit log
          </Link>
        </>
      }
    >
      <PartnersNav pendingApplications={pendingApplications} />
      <FilterBar
        id="partner"
        values={{ q, status }}
        submitLabel="Search"
        fields={[
          { name: "q", kind: "search", label: "Search by name or city" },
          {
            name: "status",
            kind: "select",
            label: "Status",
            all: ALL,
            options: optionsOf(PARTNER_STATUS_LABELS),
          },
        ]}
      />
      <ListTable
        caption="Partners"
        rows={rows}
        rowKey={(partner) => partner.id}
        columns={PARTNER_COLUMNS}
        empty={
          total === 0
            ? q || status !== "all"
              ? "No partner matches this search."
              : "No partners yet."
            : null
        }
      />
      <Pagination page={page} pageSize={pageSize} total={total} label="Partners pages" />
    </AdminPage>
  );
}
