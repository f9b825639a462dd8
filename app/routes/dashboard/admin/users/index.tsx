import { href, Link } from "react-router";
import { FilterForm } from "~/components/ui/filter-form";
import { canAdministerUsers } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { forbidden } from "#server/errors";
import { listUsersForAdmin, USERS_PAGE_SIZE, type UserStatusFilter } from "#server/users/queries";
import { AdminPage, AdminTable, cellClass } from "~/components/admin/admin-page";
import { AccountStatusBadge } from "~/components/users/account-status";
import { buttonVariants } from "~/components/ui/button";
import { Pagination, pageOf } from "~/components/ui/pagination";
import { formatDate } from "~/lib/dates";
import { isRole, ROLE_LABELS } from "~/lib/forms/user-admin-schemas";
import { staticPageMeta } from "~/lib/meta";
import { searchText } from "~/lib/search-text";
import type { Route } from "./+types/index";

const STATUS_LABELS: Record<Exclude<UserStatusFilter, "all">, string> = {
  active: "Active",
  disabled: "Disabled",
};

const isStatus = (value: string | null): value is Exclude<UserStatusFilter, "all"> =>
  value === "active" || value === "disabled";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  if (!canAdministerUsers(actor)) throw forbidden();
  const url = new URL(request.url);
  const q = searchText(url.searchParams, "q", 200);
  const wantedRole = url.searchParams.get("role");
  const role = isRole(wantedRole) ? wantedRole : "all";
  const wantedStatus = url.searchParams.get("status");
  const status: UserStatusFilter = isStatus(wantedStatus) ? wantedStatus : "all";
  const page = pageOf(url);
  const list = await listUsersForAdmin(context.db, actor, { q, role, status, page });
  return { q, role, status, page, pageSize: USERS_PAGE_SIZE, ...list };
}

/** Personal data stays out of shared caches. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Users",
  path: "/dashboard/admin/users",
  noindex: true,
});

const controlClass = "mt-1 h-10 rounded-md border border-slate-300 bg-white px-3 text-sm";

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { q, role, status, page, pageSize, rows, total } = loaderData;
  const filtered = q !== "" || role !== "all" || status !== "all";
  return (
    <AdminPage
      title="Users"
      intro="Everyone with an account on RCL: their role, partners and account status."
    >
      <FilterForm role="search" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="user-search" className="block text-sm font-medium text-slate-700">
            Search by name, email or company
          </label>
          <input
            id="user-search"
            name="q"
            type="search"
            defaultValue={q}
            className="mt-1 h-10 w-72 rounded-md border border-slate-300 px-3 text-sm"
          />
        </div>
        <div>
          <label htmlFor="user-role" className="block text-sm font-medium text-slate-700">
            Role
          </label>
          <select id="user-role" name="role" defaultValue={role} className={controlClass}>
            <option value="all">All roles</option>
            {Object.entries(ROLE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="user-status" className="block text-sm font-medium text-slate-700">
            Status
          </label>
          <select id="user-status" name="status" defaultValue={status} className={controlClass}>
            <option value="all">All</option>
            {Object.entries(STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonVariants({ variant: "outline" })}>
          Search
        </button>
        {filtered && (
          <Link to={href("/dashboard/admin/users")} className={buttonVariants({ variant: "ghost" })}>
            Clear
          </Link>
        )}
      </FilterForm>
      <AdminTable
        caption="Users, newest first"
        columns={["Name", "Email", "Company", "Role", "Partners", "Verified", "Status", "Joined"]}
        empty={total === 0 ? (filtered ? "Nobody matches this search." : "Nobody has an account yet.") : null}
      >
        {rows.map((person) => (
          <tr key={person.id}>
            <td className={cellClass}>
              <Link
                to={href("/dashboard/admin/users/:id", { id: person.id })}
                className="font-medium text-water-700 underline hover:text-navy-900"
              >
                {person.name || person.email}
              </Link>
            </td>
            <td className={`${cellClass} break-all`}>{person.email}</td>
            <td className={cellClass}>{person.company ?? ""}</td>
            <td className={cellClass}>{ROLE_LABELS[person.role]}</td>
            <td className={cellClass}>{person.partnerNames ?? ""}</td>
            <td className={cellClass}>{person.emailVerified ? "Yes" : "No"}</td>
            <td className={cellClass}>
              <AccountStatusBadge disabled={person.disabledAt !== null} />
            </td>
            <td className={`${cellClass} whitespace-nowrap`}>
              <time dateTime={person.joinedAt.toISOString()}>{formatDate(person.joinedAt)}</time>
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} pageSize={pageSize} total={total} label="Users pages" />
    </AdminPage>
  );
}
