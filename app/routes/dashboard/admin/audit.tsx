import { FilterForm } from "~/components/ui/filter-form";
import { listAuditEntries, AUDIT_PAGE_SIZE } from "#server/audit/queries";
import { canReadAuditLog } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { forbidden } from "#server/errors";
import { listPartnerNames } from "#server/partners/admin-queries";
import { AdminPage, AdminTable, cellClass } from "~/components/admin/admin-page";
import { AuditChanges } from "~/components/admin/audit-changes";
import { buttonVariants } from "~/components/ui/button";
import { Pagination, pageOf } from "~/components/ui/pagination";
import { formatDate, formatTime } from "~/lib/dates";
import { staticPageMeta } from "~/lib/meta";
import { searchText } from "~/lib/search-text";
import type { Route } from "./+types/audit";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  if (!canReadAuditLog(actor)) throw forbidden();
  const url = new URL(request.url);
  const partnerId = url.searchParams.get("partner") ?? "";
  const person = searchText(url.searchParams, "person", 254);
  const page = pageOf(url);
  const [log, partners] = await Promise.all([
    listAuditEntries(context.db, { partnerId, person, page }),
    listPartnerNames(context.db),
  ]);
  return { partnerId, person, page, pageSize: AUDIT_PAGE_SIZE, partners, ...log };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Audit log",
  path: "/dashboard/admin/audit",
  noindex: true,
});

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { partnerId, person, page, pageSize, partners, rows, total } = loaderData;
  return (
    <AdminPage
      title="Audit log"
      intro="Every change admins and partners made: who, when, what, and the values before and after."
    >
      <FilterForm role="search" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="audit-partner" className="block text-sm font-medium text-slate-700">
            Partner
          </label>
          <select
            id="audit-partner"
            name="partner"
            defaultValue={partnerId}
            className="mt-1 h-10 max-w-xs rounded-md border border-slate-300 bg-white px-3 text-sm"
          >
            <option value="">All partners</option>
            {partners.map((partner) => (
              <option key={partner.id} value={partner.id}>
                {partner.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-person" className="block text-sm font-medium text-slate-700">
            Person (email)
          </label>
          <input
            id="audit-person"
            name="person"
            type="search"
            defaultValue={person}
            className="mt-1 h-10 w-64 rounded-md border border-slate-300 px-3 text-sm"
          />
        </div>
        <button type="submit" className={buttonVariants({ variant: "outline" })}>
          Filter
        </button>
      </FilterForm>
      <AdminTable
        caption="Audit log entries, newest first"
        columns={["When", "Who", "What", "Partner", "Details"]}
        empty={total === 0 ? "No changes match this filter." : null}
      >
        {rows.map((entry) => (
          <tr key={entry.id}>
            <td className={`${cellClass} whitespace-nowrap`}>
              {formatDate(entry.createdAt)}, {formatTime(entry.createdAt)}
            </td>
            <td className={cellClass}>{entry.actorEmail || "(deleted account)"}</td>
            <td className={cellClass}>
              <code className="text-xs">{entry.action}</code>
            </td>
            <td className={cellClass}>{entry.partnerName ?? ""}</td>
            <td className={cellClass}>
              {entry.summary}
              <AuditChanges changes={entry.changes} />
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} pageSize={pageSize} total={total} label="Audit log pages" />
    </AdminPage>
  );
}
