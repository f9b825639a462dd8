import { Download, Mail, Printer } from "~/components/icons";
import { Link } from "react-router";
import { FilterForm } from "~/components/ui/filter-form";
import { seesAllPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { isAppError } from "#server/errors";
import { notFoundResponse } from "#server/http/respond";
import {
  checkFilterEvent,
  listManagedRegistrations,
  listRegistrationFilterOptions,
  readRegistrationFilters,
  registrationFiltersQuery,
  REGISTRATIONS_PAGE_SIZE,
} from "#server/registrations/managed-queries";
import { AdminPage, AdminTable, cellClass } from "~/components/admin/admin-page";
import { StatusBadge } from "~/components/dashboard/status-badge";
import {
  crewListPath,
  PARTNER_REGISTRATIONS_PATH,
  participantMessagesPath,
  registrationPath,
  registrationsExportPath,
} from "~/components/registrations/partner-paths";
import { buttonVariants } from "~/components/ui/button";
import { Pagination, pageOf } from "~/components/ui/pagination";
import { formatDate, formatTime } from "~/lib/dates";
import { staticPageMeta } from "~/lib/meta";
import { REGISTRATION_STATUS_LABELS } from "~/lib/registration-status";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const url = new URL(request.url);
  const { filters, problems } = readRegistrationFilters(url, pageOf(url));
  let event;
  try {
    event = await checkFilterEvent(context.db, actor, filters);
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") throw notFoundResponse(error.message);
    throw error;
  }
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
    showPartner: seesAllPartners(actor) || actor.partnerIds.length > 1,
    pageSize: REGISTRATIONS_PAGE_SIZE,
    total: list.total,
    rows: list.rows,
  };
}

/** Partner pages stay out of shared caches. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Registrations",
  path: PARTNER_REGISTRATIONS_PATH,
  noindex: true,
});

const STATUSES = Object.entries(REGISTRATION_STATUS_LABELS).map(([value, label]) => ({ value, label }));

const linkClass = "font-medium break-words text-water-700 underline hover:text-navy-900";
const controlClass = "mt-1 h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm";
const labelClass = "block text-sm font-medium text-slate-700";

export default function PartnerRegistrations({ loaderData }: Route.ComponentProps) {
  const { filters, problems, query, event, options, showPartner, pageSize, total, rows } = loaderData;
  const filtered = query !== "";
  // A company beyond the select's list (a link from elsewhere) is still shown as chosen.
  const companies =
    filters.company && !options.companies.includes(filters.company)
      ? [filters.company, ...options.companies]
      : options.companies;
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
      <FilterForm
        role="search"
        aria-label="Filter registrations"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1.5fr_2fr_auto] lg:items-end"
      >
        <div>
          <label htmlFor="registrations-event" className={labelClass}>
            Event
          </label>
          <select
            id="registrations-event"
            name="event"
            defaultValue={filters.eventId}
            className={controlClass}
          >
            <option value="">All events</option>
            {options.events.map((option) => (
              <option key={option.id} value={option.id}>
                {option.title}, {formatDate(option.startsAt)}
                {showPartner ? ` (${option.partnerName})` : ""}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="registrations-status" className={labelClass}>
            Status
          </label>
          <select
            id="registrations-status"
            name="status"
            defaultValue={filters.status}
            className={controlClass}
          >
            <option value="all">All</option>
            {STATUSES.map((status) => (
              <option key={status.value} value={status.value}>
                {status.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="registrations-company" className={labelClass}>
            Company
          </label>
          <select
            id="registrations-company"
            name="company"
            defaultValue={filters.company}
            className={controlClass}
          >
            <option value="">All companies</option>
            {companies.map((company) => (
              <option key={company} value={company}>
                {company}
              </option>
            ))}
          </select>
        </div>
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

      {problems.length > 0 && (
        <div
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}

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
      <AdminTable
        caption={event ? `Registrations for ${event.title}, newest first` : "Registrations, newest first"}
        columns={[
          "Team",
          "Company",
          "Captain",
          "Status",
          "Booked",
          "Reference",
          "Roster",
          "Event",
          ...(showPartner ? ["Partner"] : []),
        ]}
        empty={
          total === 0
            ? filtered
              ? "No registration matches these filters."
              : "No team has registered for your events yet."
            : null
        }
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <td className={cellClass}>
              <Link to={registrationPath(row.id)} className={linkClass}>
                {row.teamName}
              </Link>
            </td>
            <td className={cellClass}>{row.company}</td>
            <td className={cellClass}>
              {row.captainName ?? <span className="text-slate-500">Not given</span>}
              {row.captainEmail && (
                <span className="block text-xs break-all text-slate-500">{row.captainEmail}</span>
              )}
            </td>
            <td className={cellClass}>
              <StatusBadge status={row.status} />
            </td>
            <td className={`${cellClass} whitespace-nowrap`}>
              <time dateTime={row.createdAt.toISOString()}>
                {formatDate(row.createdAt)}, {formatTime(row.createdAt)}
              </time>
            </td>
            <td className={`${cellClass} font-mono whitespace-nowrap`}>{row.reference}</td>
            <td className={`${cellClass} whitespace-nowrap`}>
              {row.rosterNamed} of {row.teamSize} named
            </td>
            <td className={cellClass}>
              {row.eventTitle}
              <span className="block text-xs text-slate-500">{formatDate(row.eventStartsAt)}</span>
            </td>
            {showPartner && <td className={cellClass}>{row.partnerName}</td>}
          </tr>
        ))}
      </AdminTable>
      {rows.length === 0 && total > 0 && (
        <p className="text-sm text-slate-700">
          This page is past the end of the list.{" "}
          <Link to={query ? `?${query}` : PARTNER_REGISTRATIONS_PATH} className={linkClass}>
            Go to the first page
          </Link>
        </p>
      )}
      <Pagination page={filters.page} pageSize={pageSize} total={total} label="Registrations pages" />
    </AdminPage>
  );
}
