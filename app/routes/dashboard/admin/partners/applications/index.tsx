import { href, Link } from "react-router";
import { requireArea } from "#server/auth/viewer";
import {
  APPLICATIONS_PAGE_SIZE,
  listApplications,
  type ApplicationStatus,
} from "#server/applications/queries";
import { AdminPage, AdminTable, cellClass } from "~/components/admin/admin-page";
import { PartnersNav } from "~/components/admin/partners-nav";
import { Pagination, pageOf } from "~/components/ui/pagination";
import { formatDate } from "~/lib/dates";
import { staticPageMeta } from "~/lib/meta";
import { ORGANIZATION_TYPES } from "~/lib/organization-types";
import { APPLICATION_STATUS_LABELS } from "~/lib/partner-status";
import type { Route } from "./+types/index";

const STATUSES = Object.keys(APPLICATION_STATUS_LABELS) as ApplicationStatus[];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireArea(request, context, "admin");
  const url = new URL(request.url);
  const wanted = url.searchParams.get("status");
  const status = STATUSES.find((candidate) => candidate === wanted) ?? "pending";
  const page = pageOf(url);
  return {
    status,
    page,
    pageSize: APPLICATIONS_PAGE_SIZE,
    ...(await listApplications(context.db, { status, page })),
  };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Partner applications",
  path: "/dashboard/admin/partners/applications",
  noindex: true,
});

export default function Applications({ loaderData }: Route.ComponentProps) {
  const { status, page, pageSize, rows, total, counts } = loaderData;
  const base = href("/dashboard/admin/partners/applications");
  return (
    <AdminPage title="Partners" intro="Applications from clubs, organisers and venues that want to join RCL.">
      <PartnersNav pendingApplications={counts.pending} />
      <h2 className="text-lg font-semibold text-navy-900">Applications</h2>
      <StatusLinks current={status} counts={counts} base={base} />
      <AdminTable
        caption={`${APPLICATION_STATUS_LABELS[status]} applications`}
        columns={[
          "Organisation",
          "Type",
          "Location",
          "Contact",
          status === "pending" ? "Received" : "Decided",
        ]}
        empty={total === 0 ? `No ${APPLICATION_STATUS_LABELS[status].toLowerCase()} applications.` : null}
      >
        {rows.map((application) => (
          <tr key={application.id}>
            <td className={cellClass}>
              <Link
                to={href("/dashboard/admin/partners/applications/:id", { id: application.id })}
                className="font-medium text-water-700 underline hover:text-navy-900"
              >
                {application.organizationName}
              </Link>
            </td>
            <td className={cellClass}>{ORGANIZATION_TYPES[application.organizationType]}</td>
            <td className={cellClass}>{application.location}</td>
            <td className={cellClass}>
              {application.contactName}
              <br />
              <span className="text-slate-500">{application.email}</span>
            </td>
            <td className={cellClass}>{formatDate(application.decidedAt ?? application.createdAt)}</td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} pageSize={pageSize} total={total} label="Application pages" />
    </AdminPage>
  );
}

function StatusLinks({
  current,
  counts,
  base,
}: {
  current: ApplicationStatus;
  counts: Record<ApplicationStatus, number>;
  base: string;
}) {
  return (
    <ul aria-label="Application status" className="flex flex-wrap gap-2">
      {STATUSES.map((status) => (
        <li key={status}>
          <Link
            to={status === "pending" ? base : `${base}?status=${status}`}
            aria-current={status === current ? "page" : undefined}
            className={
              status === current
                ? "rounded-full bg-navy-900 px-3 py-1 text-sm font-medium text-white"
                : "rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:bg-slate-50"
            }
          >
            {APPLICATION_STATUS_LABELS[status]} ({counts[status]})
          </Link>
        </li>
      ))}
    </ul>
  );
}
