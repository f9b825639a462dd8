import { Download, Mail, Printer } from "~/components/icons";
import { Link } from "react-router";
import { FilterForm, FilterProblems } from "~/components/ui/filter-form";
import { FilterSelect } from "~/components/ui/filter-select";
import { namesPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { orNotFound } from "#server/http/respond";
import {
  checkFilterEvent,
  listManagedRegistrations,
  listRegistrationFilterOptions,
  readRegistrationFilters,
  registrationFiltersQuery,
  REGISTRATIONS_PAGE_SIZE,
} from "#server/registrations/managed-queries";
import { AdminPage } from "~/components/admin/admin-page";
import { DateTime } from "~/components/dashboard/record-page";
import { RecordLink } from "~/components/dashboard/record-link";
import { StatusBadge } from "~/components/dashboard/status-badge";
import {
  crewListPath,
  PARTNER_REGISTRATIONS_PATH,
  participantMessagesPath,
  registrationPath,
  registrationsExportPath,
} from "~/components/registrations/partner-paths";
import { buttonVariants } from "~/components/ui/button";
import { ListTable } from "~/components/ui/list-table";
import { Pagination, pageOf } from "~/components/ui/pagination";
import { formatDate } from "~/lib/dates";
import { workspacePageMeta } from "~/lib/meta";
import { REGISTRATION_STATUS_LABELS } from "~/lib/registration-status";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const url = new URL(request.url);
  const { filters, problems } = readRegistrationFilters(url, pageOf(url));
  const event = await orNotFound(checkFilterEvent(context.db, actor, filters));
  const [list, options] = await Promise.all([
    listManagedRegistrations(context.db, actor, filters),
    listRegistrationFilterOptions(context.db, actor),
  ]);
  return {
    filters,
    problems,
    query: registrationFiltersQuery(filters),
    event: event ? { id: event.id, title: event.title } : null,
    options,
    // Admins see every partner's registrations; a member of several sees whose each one is.
    showPartner: namesPartners(actor),
    pageSize: REGISTRATIONS_PAGE_SIZE,
    total: list.total,
    rows: list.rows,
  };
}

export const meta: Route.MetaFunction = workspacePageMeta("Registrations", PARTNER_REGISTRATIONS_PATH);

const STATUSES = Object.entries(REGISTRATION_STATUS_LABELS).map(([value, label]) => ({ value, label }));

const controlClass = "mt-1 h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm";
const labelClass = "block text-sm font-medium text-slate-700";

export default function PartnerRegistrations({ loaderData }: Route.ComponentProps) {
  const { filters, problems, query, event, options, showPartner, pageSize, total, rows } = loaderData;
  const filtered = query !== "";
  const outline = buttonVariants({ variant: "outline", size: "sm" });

  return (
    <AdminPage
      title={event ? `Registrations: ${event.title}` : "Registrations"}
      intro="Every team booked for your events: find a team, follow the waitlist and export the list."
      actions={
        <>
          <a href={registrationsExportPath(query)} className={outline}>
            <Download aria-hidden="true" /> Export CSV
          </a>
          <a href={registrationsExportPath(query, { roster: true })} className={outline}>
            <Download aria-hidden="true" /> Export CSV with roster
          </a>
        </>
      }
    >
      <RegistrationFilters
        filters={filters}
        options={options}
        showPartner={showPartner}
        filtered={filtered}
      />

      <FilterProblems problems={problems} />

      {event && (
        <nav aria-label={`${event.title}: more`} className="flex flex-wrap gap-2">
          <Link to={crewListPath(event.id)} className={outline}>
            <Printer aria-hidden="true" /> Crew list
          </Link>
          <Link to={participantMessagesPath(event.id)} className={outline}>
            <Mail aria-hidden="true" /> Message participants
          </Link>
        </nav>
      )}

      <p className="text-sm text-slate-600">Times are in Copenhagen; the newest booking first.</p>
      <RegistrationsTable
        rows={rows}
        caption={event ? `Registrations for ${event.title}, newest first` : "Registrations, newest first"}
        showPartner={showPartner}
        empty={
          total === 0
            ? filtered
              ? "No registration matches these filters."
              : "No team has registered for your events yet."
            : null
        }
      />
      {rows.length === 0 && total > 0 && (
        <p className="text-sm text-slate-700">
          This page is past the end of the list.{" "}
          <RecordLink to={query ? `?${query}` : PARTNER_REGISTRATIONS_PATH}>Go to the first page</RecordLink>
        </p>
      )}
      <Pagination page={filters.page} pageSize={pageSize} total={total} label="Registrations pages" />
    </AdminPage>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

/** Which registrations to list: event, status, company and a search, sent as the address. */
function RegistrationFilters({
  filters,
  options,
  showPartner,
  filtered,
}: Pick<LoaderData, "filters" | "options" | "showPartner"> & { filtered: boolean }) {
  // A company beyond the select's list (a link from elsewhere) is still shown as chosen.
  const companies =
    filters.company && !options.companies.includes(filters.company)
      ? [filters.company, ...options.companies]
      : options.companies;
  return (
    <FilterForm
      role="search"
      aria-label="Filter registrations"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1.5fr_2fr_auto] lg:items-end"
    >
      <FilterSelect
        id="registrations-event"
        name="event"
        label="Event"
        value={filters.eventId}
        all={{ value: "", label: "All events" }}
        options={options.events.map((option) => ({
          value: option.id,
          label: `${option.title}, ${formatDate(option.startsAt)}${showPartner ? ` (${option.partnerName})` : ""}`,
        }))}
      />
      <FilterSelect
        id="registrations-status"
        name="status"
        label="Status"
        value={filters.status}
        all={{ value: "all", label: "All" }}
        options={STATUSES}
      />
      <FilterSelect
        id="registrations-company"
        name="company"
        label="Company"
        value={filters.company}
        all={{ value: "", label: "All companies" }}
        options={companies.map((company) => ({ value: company, label: company }))}
      />
      <div>
        <label htmlFor="registrations-q" className={labelClass}>
          Search
        </label>
        <input
          id="registrations-q"
          name="q"
          type="search"
          defaultValue={filters.q}
          aria-describedby="registrations-q-hint"
          className={controlClass}
        />
        <p id="registrations-q-hint" className="mt-1 text-xs text-slate-500">
          Team, company, captain, or an email domain such as novo.dk
        </p>
      </div>
      <div className="flex items-center gap-3 lg:pb-5">
        <button type="submit" className={buttonVariants({ variant: "outline" })}>
          Filter
        </button>
        {filtered && (
          <Link
            to={PARTNER_REGISTRATIONS_PATH}
            className="text-sm whitespace-nowrap text-water-700 underline"
          >
            Clear filters
          </Link>
        )}
      </div>
    </FilterForm>
  );
}

/** One page of registrations, newest first. */
function RegistrationsTable({
  rows,
  caption,
  showPartner,
  empty,
}: Pick<LoaderData, "rows" | "showPartner"> & { caption: string; empty: string | null }) {
  return (
    <ListTable
      caption={caption}
      columns={[
        {
          label: "Team",
          cell: (row) => <RecordLink to={registrationPath(row.id)}>{row.teamName}</RecordLink>,
        },
        { label: "Company", cell: (row) => row.company },
        {
          label: "Captain",
          cell: (row) => (
            <>
              {row.captainName ?? <span className="text-slate-500">Not given</span>}
              {row.captainEmail && (
                <span className="block text-xs break-all text-slate-500">{row.captainEmail}</span>
              )}
            </>
          ),
        },
        { label: "Status", cell: (row) => <StatusBadge status={row.status} /> },
        { label: "Booked", nowrap: true, cell: (row) => <DateTime value={row.createdAt} /> },
        {
          label: "Reference",
          nowrap: true,
          cell: (row) => <span className="font-mono">{row.reference}</span>,
        },
        { label: "Roster", nowrap: true, cell: (row) => `${row.rosterNamed} of ${row.teamSize} named` },
        {
          label: "Event",
          cell: (row) => (
            <>
              {row.eventTitle}
              <span className="block text-xs text-slate-500">{formatDate(row.eventStartsAt)}</span>
            </>
          ),
        },
        ...(showPartner
          ? [{ label: "Partner", cell: (row: LoaderData["rows"][number]) => row.partnerName }]
          : []),
      ]}
      rows={rows}
      rowKey={(row) => row.id}
      empty={empty}
    />
  );
}
