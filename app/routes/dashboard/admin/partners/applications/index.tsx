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
import { m } from "~/paraglide/messages";
import { ORGANIZATION_TYPES } from "~/lib/organization-types";
import { APPLICATION_STATUS_LABELS } from "~/lib/partner-status";
import { partnerApplicationsPath } from "~/lib/paths";
import type { Route } from "./+types/index";

const STATUSES = Object.keys(APPLICATION_STATUS_LABELS) as ApplicationStatus[];

const FILTERS = z.object({ status: filterChoice(STATUSES, "pending") });

/** Each status's list, named and empty, in the page's language. */
const LIST_TEXT: Record<ApplicationStatus, { caption: () => string; empty: () => string }> = {
  pending: { caption: m.admin_applications_caption_pending, empty: m.admin_applications_empty_pending },
  approved: { caption: m.admin_applications_caption_approved, empty: m.admin_applications_empty_approved },
  rejected: { caption: m.admin_applications_caption_rejected, empty: m.admin_applications_empty_rejected },
};

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
  m.admin_applications_title,
  "/dashboard/admin/partners/applications",
);

export default function Applications({ loaderData }: Route.ComponentProps) {
  const { status, page, pageSize, rows, total, counts } = loaderData;
  return (
    <AdminPage title={m.admin_partners_title()} intro={m.admin_applications_intro()}>
      <PartnersNav pendingApplications={counts.pending} />
      <h2 className="text-lg font-semibold text-navy-900">{m.admin_applications_heading()}</h2>
      <StatusLinks current={status} counts={counts} />
      <ListTable
        caption={LIST_TEXT[status].caption()}
        rows={rows}
        rowKey={(application) => application.id}
        empty={total === 0 ? LIST_TEXT[status].empty() : null}
        columns={[
          {
            label: m.admin_applications_organisation(),
            cell: (application) => (
              <RecordLink to={href("/dashboard/admin/partners/applications/:id", { id: application.id })}>
                {application.organizationName}
              </RecordLink>
            ),
          },
          {
            label: m.admin_applications_type(),
            cell: (application) => ORGANIZATION_TYPES[application.organizationType],
          },
          { label: m.admin_applications_location(), cell: (application) => application.location },
          {
            label: m.admin_applications_contact(),
            cell: (application) => (
              <>
                {application.contactName}
                <br />
                <span className="text-slate-500">{application.email}</span>
              </>
            ),
          },
          {
            label: status === "pending" ? m.admin_application_received() : m.admin_applications_decided(),
            cell: (application) => formatDate(application.decidedAt ?? application.createdAt),
          },
        ]}
      />
      <Pagination page={page} pageSize={pageSize} total={total} label={m.admin_applications_pages()} />
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
    <ul aria-label={m.admin_applications_status_label()} className="flex flex-wrap gap-2">
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
