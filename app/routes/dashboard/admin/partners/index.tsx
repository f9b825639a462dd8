import { Form, href, Link } from "react-router";
import { requireArea } from "#server/auth/viewer";
import { countPendingApplications } from "#server/applications/queries";
import {
  listPartnersForAdmin,
  PARTNERS_PAGE_SIZE,
  type PartnerStatusFilter,
} from "#server/partners/admin-queries";
import { AdminPage, AdminTable, cellClass } from "~/components/admin/admin-page";
import { PartnersNav } from "~/components/admin/partners-nav";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Pagination, pageOf } from "~/components/ui/pagination";
import { staticPageMeta } from "~/lib/meta";
import { searchText } from "~/lib/search-text";
import { isPartnerStatus, PARTNER_STATUS_LABELS, tierLabel } from "~/lib/partner-status";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireArea(request, context, "admin");
  const url = new URL(request.url);
  const q = searchText(url.searchParams, "q", 200);
  const wanted = url.searchParams.get("status");
  const status: PartnerStatusFilter = isPartnerStatus(wanted) ? wanted : "all";
  const page = pageOf(url);
  const [list, pendingApplications] = await Promise.all([
    listPartnersForAdmin(context.db, { q, status, page }),
    countPendingApplications(context.db),
  ]);
  return { q, status, page, pageSize: PARTNERS_PAGE_SIZE, ...list, pendingApplications };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Partners",
  path: "/dashboard/admin/partners",
  noindex: true,
});

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
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="partner-search" className="block text-sm font-medium text-slate-700">
            Search by name or city
          </label>
          <input
            id="partner-search"
            name="q"
            type="search"
            defaultValue={q}
            className="mt-1 h-10 w-64 rounded-md border border-slate-300 px-3 text-sm"
          />
        </div>
        <div>
          <label htmlFor="partner-status" className="block text-sm font-medium text-slate-700">
            Status
          </label>
          <select
            id="partner-status"
            name="status"
            defaultValue={status}
            className="mt-1 h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
          >
            <option value="all">All</option>
            {Object.entries(PARTNER_STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonVariants({ variant: "outline" })}>
          Search
        </button>
      </Form>
      <AdminTable
        caption="Partners"
        columns={["Name", "City", "Status", "Tier", "Featured", "Events"]}
        empty={
          total === 0
            ? q || status !== "all"
              ? "No partner matches this search."
              : "No partners yet."
            : null
        }
      >
        {rows.map((partner) => (
          <tr key={partner.id}>
            <td className={cellClass}>
              <Link
                to={href("/dashboard/admin/partners/:id", { id: partner.id })}
                className="font-medium text-water-700 underline hover:text-navy-900"
              >
                {partner.name}
              </Link>
            </td>
            <td className={cellClass}>{partner.location}</td>
            <td className={cellClass}>
              <Badge variant={partner.status === "approved" ? "teal" : "neutral"}>
                {PARTNER_STATUS_LABELS[partner.status]}
              </Badge>
            </td>
            <td className={cellClass}>{tierLabel(partner.tier, partner.revenueSharePercent)}</td>
            <td className={cellClass}>{partner.featured ? "Yes" : "No"}</td>
            <td className={cellClass}>{partner.eventsCount}</td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} pageSize={pageSize} total={total} label="Partners pages" />
    </AdminPage>
  );
}
