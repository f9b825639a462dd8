import { Download } from "~/components/icons/download";
import { Mail } from "~/components/icons/mail";
import { Printer } from "~/components/icons/printer";
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
import { Pagination, PastEndNotice, pageOf } from "~/components/ui/pagination";
import { formatDate } from "~/lib/dates";
import { workspacePageMeta } from "~/lib/meta";
import { REGISTRATION_STATUS_LABELS } from "~/lib/registration-status";
import { m } from "~/paraglide/messages";
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
    event: event ? { id: event.id, title: event.title, startsAt: event.startsAt } : null,
    options,
    // Admins see every partner's registrations; a member of several sees whose each one is.
    showPartner: namesPartners(actor),
    pageSize: REGISTRATIONS_PAGE_SIZE,
    total: list.total,
    rows: list.rows,
  };
}

export const meta: Route.MetaFunction = workspacePageMeta(
  m.partner_registrations,
  PARTNER_REGISTRATIONS_PATH,
);

/** A label of a shared table, whether it is kept as text or as its message. */
const textOf = (label: string | (() => string)) => (typeof label === "function" ? label() : label);

/** The status filter's choices, in the page's language. */
const statusOptions = () =>
  Object.entries(REGISTRATION_STATUS_LABELS).map(([value, label]) => ({ value, label: textOf(label) }));

const controlClass = "mt-1 h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm";
const labelClass = "block text-sm font-medium text-slate-700";

export default function PartnerRegistrations({ loaderData }: Route.ComponentProps) {
  const { filters, problems, query, event, options, showPartner, pageSize, total, rows } = loaderData;
  const filtered = query !== "";
  const outline = buttonVariants({ variant: "outline", size: "sm" });

  return (
    <AdminPage
      title={event ? m.partner_registrations_title({ title: event.title }) : m.partner_registrations()}
      intro={m.partner_registrations_intro()}
      actions={
        <>
          <a href={registrationsExportPath(query)} className={outline}>
            <Download aria-hidden="true" /> {m.partner_registrations_export()}
          </a>
          <a href={registrationsExportPath(query, { roster: true })} className={outline}>
            <Download aria-hidden="true" /> {m.partner_registrations_export_roster()}
          </a>
        </>
      }
    >
      <RegistrationFilters
        filters={filters}
        event={event}
        options={options}
        showPartner={showPartner}
        filtered={filtered}
      />

      <FilterProblems problems={problems} />

      {event && (
        <nav
          aria-label={m.partner_registrations_more_label({ title: event.title })}
          className="flex flex-wrap gap-2"
        >
          <Link to={crewListPath(event.id)} className={outline}>
            <Printer aria-hidden="true" /> {m.partner_crew_list()}
          </Link>
          <Link to={participantMessagesPath(event.id)} className={outline}>
            <Mail aria-hidden="true" /> {m.partner_message_participants()}
          </Link>
        </nav>
      )}

      <p className="text-sm text-slate-600">{m.partner_registrations_times_note()}</p>
      <RegistrationsTable
        rows={rows}
        caption={
          event
            ? m.partner_registrations_caption_event({ title: event.title })
            : m.partner_registrations_caption()
        }
        showPartner={showPartner}
        empty={
          total === 0
            ? filtered
              ? m.partner_registrations_empty_filtered()
              : m.partner_registrations_empty()
            : null
        }
      />
      <PastEndNotice
        shown={rows.length === 0 && total > 0}
        to={query ? `?${query}` : PARTNER_REGISTRATIONS_PATH}
      />
      <Pagination
        page={filters.page}
        pageSize={pageSize}
        total={total}
        label={m.partner_registrations_pages()}
      />
    </AdminPage>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

/** Which registrations to list: event, status, company and a search, sent as the address. */
function RegistrationFilters({
  filters,
  event,
  options,
  showPartner,
  filtered,
}: Pick<LoaderData, "filters" | "event" | "options" | "showPartner"> & { filtered: boolean }) {
  // A company or event beyond the select's list (a link from elsewhere) is still shown as chosen.
  const companies =
    filters.company && !options.companies.includes(filters.company)
      ? [filters.company, ...options.companies]
      : options.companies;
  const eventLabel = (option: { title: string; startsAt: Date; partnerName?: string }) =>
    `${option.title}, ${formatDate(option.startsAt)}${showPartner && option.partnerName ? ` (${option.partnerName})` : ""}`;
  const eventOptions = options.events.map((option) => ({ value: option.id, label: eventLabel(option) }));
  if (event && !options.events.some((option) => option.id === event.id)) {
    eventOptions.unshift({ value: event.id, label: eventLabel(event) });
  }
  return (
    <FilterForm
      role="search"
      aria-label={m.partner_registrations_filter_label()}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1.5fr_2fr_auto] lg:items-end"
    >
      <FilterSelect
        id="registrations-event"
        name="event"
        label={m.partner_col_event()}
        value={filters.eventId}
        all={{ value: "", label: m.partner_all_events() }}
        options={eventOptions}
      />
      <FilterSelect
        id="registrations-status"
        name="status"
        label={m.partner_col_status()}
        value={filters.status}
        all={{ value: "all", label: m.partner_events_tab_all() }}
        options={statusOptions()}
      />
      <FilterSelect
        id="registrations-company"
        name="company"
        label={m.partner_col_company()}
        value={filters.company}
        all={{ value: "", label: m.partner_registrations_all_companies() }}
        options={companies.map((company) => ({ value: company, label: company }))}
      />
      <div>
        <label htmlFor="registrations-q" className={labelClass}>
          {m.partner_registrations_search()}
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
          {m.partner_registrations_search_hint()}
        </p>
      </div>
      <div className="flex items-center gap-3 lg:pb-5">
        <button type="submit" className={buttonVariants({ variant: "outline" })}>
          {m.partner_registrations_filter()}
        </button>
        {filtered && (
          <Link
            to={PARTNER_REGISTRATIONS_PATH}
            className="text-sm whitespace-nowrap text-water-700 underline"
          >
            {m.partner_registrations_clear_filters()}
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
          label: m.partner_col_team(),
          cell: (row) => <RecordLink to={registrationPath(row.id)}>{row.teamName}</RecordLink>,
        },
        { label: m.partner_col_company(), cell: (row) => row.company },
        {
          label: m.partner_col_captain(),
          cell: (row) => (
            <>
              {row.captainName ?? <span className="text-slate-500">{m.partner_not_given()}</span>}
              {row.captainEmail && (
                <span className="block text-xs break-all text-slate-500">{row.captainEmail}</span>
              )}
            </>
          ),
        },
        { label: m.partner_col_status(), cell: (row) => <StatusBadge status={row.status} /> },
        { label: m.partner_col_booked(), nowrap: true, cell: (row) => <DateTime value={row.createdAt} /> },
        {
          label: m.partner_col_reference(),
          nowrap: true,
          cell: (row) => <span className="font-mono">{row.reference}</span>,
        },
        {
          label: m.partner_col_roster(),
          nowrap: true,
          cell: (row) => m.partner_crew_named({ count: row.rosterNamed, size: row.teamSize }),
        },
        {
          label: m.partner_col_event(),
          cell: (row) => (
            <>
              {row.eventTitle}
              <span className="block text-xs text-slate-500">{formatDate(row.eventStartsAt)}</span>
            </>
          ),
        },
        ...(showPartner
          ? [{ label: m.partner_col_partner(), cell: (row: LoaderData["rows"][number]) => row.partnerName }]
          : []),
      ]}
      rows={rows}
      rowKey={(row) => row.id}
      empty={empty}
    />
  );
}
