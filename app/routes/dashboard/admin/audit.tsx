import * as z from "zod/mini";
import { listAuditEntries, AUDIT_PAGE_SIZE } from "#server/audit/queries";
import { requireArea } from "#server/auth/viewer";
import { listPartnerNames } from "#server/partners/admin-queries";
import { AdminPage } from "~/components/admin/admin-page";
import { AuditChanges } from "~/components/admin/audit-changes";
import { FilterBar, partnerFilter } from "~/components/dashboard/filter-bar";
import { ListTable } from "~/components/ui/list-table";
import { Pagination, PastEndNotice, pageOf } from "~/components/ui/pagination";
import { formatDate, formatTime } from "~/lib/dates";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { filterId, filterText, readListFilters } from "~/lib/list-filters";
import type { Route } from "./+types/audit";

const FILTERS = z.object({ partner: filterId(), person: filterText(254) });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const url = new URL(request.url);
  const filters = readListFilters(url, FILTERS);
  const page = pageOf(url);
  const start = {
    older: url.searchParams.get("older") ?? undefined,
    newer: url.searchParams.get("newer") ?? undefined,
  };
  const [log, partners] = await Promise.all([
    listAuditEntries(context.db, actor, { partnerId: filters.partner, person: filters.person, page, start }),
    listPartnerNames(context.db, actor),
  ]);
  return { filters, page, pageSize: AUDIT_PAGE_SIZE, partners, ...log };
}

export const meta: Route.MetaFunction = workspacePageMeta(m.audit_title, "/dashboard/admin/audit");

/** The list's first page with the same filters. */
function firstPageOf(filters: { partner: string; person: string }): string {
  const params = new URLSearchParams();
  if (filters.partner) params.set("partner", filters.partner);
  if (filters.person) params.set("person", filters.person);
  const query = params.toString();
  return query ? `?${query}` : "?";
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { filters, page, pageSize, partners, rows, total, older, newer, more } = loaderData;
  return (
    <AdminPage title={m.audit_title()} intro={m.audit_intro()}>
      <FilterBar
        id="audit"
        values={filters}
        fields={[partnerFilter(partners), { name: "person", kind: "search", label: m.audit_person_filter() }]}
      />
      <ListTable
        caption={m.audit_caption()}
        rows={rows}
        rowKey={(entry) => entry.id}
        empty={total === 0 ? m.audit_empty() : null}
        columns={[
          {
            label: m.audit_when(),
            nowrap: true,
            cell: (entry) => `${formatDate(entry.createdAt)}, ${formatTime(entry.createdAt)}`,
          },
          { label: m.audit_who(), cell: (entry) => entry.actorEmail || m.audit_deleted_account() },
          { label: m.audit_what(), cell: (entry) => <code className="text-xs">{entry.action}</code> },
          { label: m.audit_partner(), cell: (entry) => entry.partnerName ?? "" },
          {
            label: m.audit_details(),
            cell: (entry) => (
              <>
                {entry.summary}
                <AuditChanges changes={entry.changes} />
              </>
            ),
          },
        ]}
      />
      <PastEndNotice shown={rows.length === 0 && total > 0} to={firstPageOf(filters)} />
      <Pagination
        page={page}
        pageSize={pageSize}
        total={total}
        label={m.audit_pages()}
        cursors={{ older, newer, more }}
      />
    </AdminPage>
  );
}
