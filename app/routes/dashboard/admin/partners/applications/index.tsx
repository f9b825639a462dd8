import { href, Link } from "react-router";
import * as z from "zod/mini";
import { requireArea } from "#server/auth/viewer";
import {
  APPLICATIONS_PAGE_SIZE,
  listApplications,
  type ApplicationStatus,
} from "#server/applications/queries";
import { AdminPage } from "~/components/admin/admin-page";
import { PartnersNav } from "~/components/admin/partners-nav";
import { RecordLink } from "~/components/dashboard/record-link";
import { ListTable } from "~/components/ui/list-table";
import { Pagination, pageOf } from "~/components/ui/pagination";
import { formatDate } from "~/lib/dates";
import { filterChoice, readListFilters } from "~/lib/list-filters";
import { workspacePageMeta } from "~/lib/meta";
import { ORGANIZATION_TYPES } from "~/lib/organization-types";
import { APPLICATION_STATUS_LABELS } from "~/lib/partner-status";
import { partnerApplicationsPath } from "~/lib/paths";
import type { Route } from "./+types/index";

const STATUSES = Object.keys(APPLICATION_STATUS_LABELS) as ApplicationStatus[];

const FILTERS = z.object({ status: filterChoice(STATUSES, "pending") });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const url = new URL(request.url);
  const { status } = readListFilters(url, FILTERS);
  const page = pageOf(url);
  return {
    status,
    page,
    pageSize: APPLICATIONS_PAGE_SIZE,
    ...(await listApplications(context.db, actor, { status, page })),
  };
}

export const meta: Route.MetaFunction = workspacePageMeta(
  "Partner applications",
  "/dashboard/admin/partners/applications",
);

export default function Applications({ loaderData }: Route.ComponentProps) {
  const { status, page, pageSize, rows, total, counts } = loaderData;
  return (
    <AdminPage title="Partners" intro="Applications from clubs, organisers and venues that want to join RCL.">
      <PartnersNav pendingApplications={counts.pending} />
      <h2 className="text-lg font-semibold text-navy-900">Applications</h2>
      <StatusLinks current={status} counts={counts} />
      <ListTable
        caption={`${APPLICATION_STATUS_LABELS[status]} applications`}
        rows={rows}
        rowKey={(application) => application.id}
        empty={total === 0 ? `No ${APPLICATION_STATUS_LABELS[status].toLowerCase()} applications.` : null}
        columns={[
          {
            label: "Organisation",
            cell: (application) => (
              <RecordLink to={href("/dashboard/admin/partners/applications/:id", { id: application.id })}>
                {application.organizationName}
              </RecordLink>
            ),
          },
          { label: "Type", cell: (application) => ORGANIZATION_TYPES[application.organizationType] },
          { label: "Location", cell: (application) => application.location },
          {
            label: "Contact",
            cell: (application) => (
              <>
                {application.contactName}
                <br />
                <span className="text-slate-500">{application.email}</span>
              </>
            ),
          },
          {
            label: status === "pending" ? "Received" : "Decided",
            cell: (application) => formatDate(application.decidedAt ?? application.createdAt),
          },
        ]}
      />
      <Pagination page={page} pageSize={pageSize} total={total} label="Application pages" />
    </AdminPage>
  );
}

function StatusLinks({
  current,
  counts,
}: {
  current: ApplicationStatus;
  counts: Record<ApplicationStatus, number>;
}) {
  return (
    <ul aria-label="Application status" className="flex flex-wrap gap-2">
      {STATUSES.map((status) => (
        <li key={status}>
          <Link
            to={partnerApplicationsPath(status)}
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
