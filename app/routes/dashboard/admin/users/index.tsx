import { href } from "react-router";
import * as z from "zod/mini";
import { allOption, FilterBar } from "~/components/dashboard/filter-bar";
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
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/index";

/** The account statuses to filter by, worded in the page's language. */
const statusLabels = (): Record<Exclude<UserStatusFilter, "all">, string> => ({
  active: m.users_status_active(),
  disabled: m.users_status_disabled(),
});

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

export const meta: Route.MetaFunction = workspacePageMeta(m.users_title, "/dashboard/admin/users");

type UserRow = Route.ComponentProps["loaderData"]["rows"][number];

/** The list's columns, headed in the page's language. */
const userColumns = (): ListColumn<UserRow>[] => [
  {
    label: m.users_name(),
    cell: (person) => (
      <RecordLink to={href("/dashboard/admin/users/:id", { id: person.id })}>
        {person.name || person.email}
      </RecordLink>
    ),
  },
  { label: m.users_email(), cell: (person) => <span className="break-all">{person.email}</span> },
  { label: m.users_company(), cell: (person) => person.company ?? "" },
  { label: m.users_role(), cell: (person) => ROLE_LABELS[person.role] },
  { label: m.users_partners_column(), cell: (person) => person.partnerNames ?? "" },
  { label: m.users_verified(), cell: (person) => (person.emailVerified ? m.users_yes() : m.users_no()) },
  { label: m.users_status(), cell: (person) => <AccountStatusBadge disabled={person.disabledAt !== null} /> },
  {
    label: m.users_joined(),
    nowrap: true,
    cell: (person) => <time dateTime={person.joinedAt.toISOString()}>{formatDate(person.joinedAt)}</time>,
  },
];

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { q, role, status, page, pageSize, rows, total } = loaderData;
  const filtered = q !== "" || role !== "all" || status !== "all";
  return (
    <AdminPage title={m.users_title()} intro={m.users_intro()}>
      <FilterBar
        id="user"
        values={{ q, role, status }}
        submitLabel={m.users_search()}
        clearTo={filtered ? href("/dashboard/admin/users") : null}
        fields={[
          { name: "q", kind: "search", label: m.users_search_label(), wide: true },
          {
            name: "role",
            kind: "select",
            label: m.users_role(),
            all: { value: "all", label: m.users_all_roles() },
            options: optionsOf(ROLE_LABELS),
          },
          {
            name: "status",
            kind: "select",
            label: m.users_status(),
            all: allOption(),
            options: optionsOf(statusLabels()),
          },
        ]}
      />
      <ListTable
        caption={m.users_caption()}
        columns={userColumns()}
        rows={rows}
        rowKey={(person) => person.id}
        empty={total === 0 ? (filtered ? m.users_none_match() : m.users_none_yet()) : null}
      />
      <Pagination page={page} pageSize={pageSize} total={total} label={m.users_pages()} />
    </AdminPage>
  );
}
