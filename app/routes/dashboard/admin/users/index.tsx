import { href } from "react-router";
import * as z from "zod/mini";
import { ALL, FilterBar } from "~/components/dashboard/filter-bar";
import { RecordLink } from "~/components/dashboard/record-link";
import { optionsOf } from "~/components/ui/filter-select";
import { ListTable, type ListColumn } from "~/components/ui/list-table";
import { requireArea } from "#server/auth/viewer";
import { listUsersForAdmin, USERS_PAGE_SIZE, type UserStatusFilter } from "#server/users/queries";
import { AdminPage } from "~/components/admin/admin-page";
import { AccountStatusBadge } from "~/components/users/account-status";
import { Pagination, pageOf } from "~/components/ui/pagination";
import { formatDate } from "~/lib/dates";
import { ROLE_LABELS, USER_ROLES } from "~/lib/forms/user-admin-schemas";
import { filterChoice, filterText, readListFilters } from "~/lib/list-filters";
import { workspacePageMeta } from "~/lib/meta";
import type { Route } from "./+types/index";

const STATUS_LABELS: Record<Exclude<UserStatusFilter, "all">, string> = {
  active: "Active",
  disabled: "Disabled",
};

const ALL_ROLES = { value: "all", label: "All roles" };

const FILTERS = z.object({
  q: filterText(200),
  role: filterChoice(USER_ROLES, "all"),
  status: filterChoice(["active", "disabled"], "all"),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const url = new URL(request.url);
  const { q, role, status } = readListFilters(url, FILTERS);
  const page = pageOf(url);
  const list = await listUsersForAdmin(context.db, actor, { q, role, status, page });
  return { q, role, status, page, pageSize: USERS_PAGE_SIZE, ...list };
}

export const meta: Route.MetaFunction = workspacePageMeta("Users", "/dashboard/admin/users");

type UserRow = Route.ComponentProps["loaderData"]["rows"][number];

const USER_COLUMNS: ListColumn<UserRow>[] = [
  {
    label: "Name",
    cell: (person) => (
      <RecordLink to={href("/dashboard/admin/users/:id", { id: person.id })}>
        {person.name || person.email}
      </RecordLink>
    ),
  },
  { label: "Email", cell: (person) => <span className="break-all">{person.email}</span> },
  { label: "Company", cell: (person) => person.company ?? "" },
  { label: "Role", cell: (person) => ROLE_LABELS[person.role] },
  { label: "Partners", cell: (person) => person.partnerNames ?? "" },
  { label: "Verified", cell: (person) => (person.emailVerified ? "Yes" : "No") },
  { label: "Status", cell: (person) => <AccountStatusBadge disabled={person.disabledAt !== null} /> },
  {
    label: "Joined",
    nowrap: true,
    cell: (person) => <time dateTime={person.joinedAt.toISOString()}>{formatDate(person.joinedAt)}</time>,
  },
];

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { q, role, status, page, pageSize, rows, total } = loaderData;
  const filtered = q !== "" || role !== "all" || status !== "all";
  return (
    <AdminPage
      title="Users"
      intro="Everyone with an account on RCL: their role, partners and account status."
    >
      <FilterBar
        id="user"
        values={{ q, role, status }}
        submitLabel="Search"
        clearTo={filtered ? href("/dashboard/admin/users") : null}
        fields={[
          { name: "q", kind: "search", label: "Search by name, email or company", wide: true },
          { name: "role", kind: "select", label: "Role", all: ALL_ROLES, options: optionsOf(ROLE_LABELS) },
          { name: "status", kind: "select", label: "Status", all: ALL, options: optionsOf(STATUS_LABELS) },
        ]}
      />
      <ListTable
        caption="Users, newest first"
        columns={USER_COLUMNS}
        rows={rows}
        rowKey={(person) => person.id}
        empty={total === 0 ? (filtered ? "Nobody matches this search." : "Nobody has an account yet.") : null}
      />
      <Pagination page={page} pageSize={pageSize} total={total} label="Users pages" />
    </AdminPage>
  );
}
