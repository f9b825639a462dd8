import { Plus } from "~/components/icons/plus";
import type { ReactNode } from "react";
import { Link, useNavigation } from "react-router";
import * as z from "zod/mini";
import { eventActions } from "#server/auth/event-actions";
import { namesPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import {
  listManagedEvents,
  MANAGED_EVENTS_PAGE_SIZE,
  type ManagedEventTab,
} from "#server/events/managed-queries";
import { submitEvent } from "#server/events/submit-event";
import { runIntent } from "#server/http/run-intent";
import { redirectWithToast } from "#server/http/toast";
import { AdminPage } from "~/components/admin/admin-page";
import { RecordLink } from "~/components/dashboard/record-link";
import { RefusalAlert, refusalMessages } from "~/components/dashboard/record-page";
import { StatusFilterNav } from "~/components/dashboard/status-filter-nav";
import { SubmitForReviewForm } from "~/components/events/event-editor/submit-for-review";
import { eventRegistrationsPath, participantMessagesPath } from "~/components/registrations/partner-paths";
import { EventStatusBadge } from "~/components/events/event-status";
import { buttonVariants } from "~/components/ui/button";
import { ListTable } from "~/components/ui/list-table";
import { Pagination, pageOf } from "~/components/ui/pagination";
import { formatDate } from "~/lib/dates";
import { readSubmission } from "~/lib/forms/read-form.server";
import { filterChoice, readListFilters } from "~/lib/list-filters";
import { submitLabel } from "~/lib/words/review";
import { workspacePageMeta } from "~/lib/meta";
import {
  cancelEventPath,
  editEventPath,
  NEW_EVENT_PATH,
  newEventPath,
  PARTNER_EVENTS_PATH,
  previewEventPath,
} from "~/lib/paths";
import { publicEventPath } from "~/lib/public-paths";
import { isPending } from "~/lib/use-is-pending";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/index";

const TABS: { id: ManagedEventTab; label: () => string; empty: () => string }[] = [
  { id: "all", label: m.partner_events_tab_all, empty: m.partner_events_empty_all },
  { id: "drafts", label: m.partner_events_tab_drafts, empty: m.partner_events_empty_drafts },
  { id: "review", label: m.partner_events_tab_review, empty: m.partner_events_empty_review },
  { id: "changes", label: m.partner_events_tab_changes, empty: m.partner_events_empty_changes },
  { id: "upcoming", label: m.partner_events_tab_upcoming, empty: m.partner_events_empty_upcoming },
  { id: "past", label: m.partner_events_tab_past, empty: m.partner_events_empty_past },
  { id: "cancelled", label: m.partner_events_tab_cancelled, empty: m.partner_events_empty_cancelled },
];

const FILTERS = z.object({
  tab: filterChoice(
    TABS.map((entry) => entry.id),
    "all",
  ),
});

const tabPath = (tab: ManagedEventTab) =>
  tab === "all" ? PARTNER_EVENTS_PATH : `${PARTNER_EVENTS_PATH}?tab=${tab}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const url = new URL(request.url);
  const { tab } = readListFilters(url, FILTERS);
  const page = pageOf(url);
  const now = new Date();
  const { rows, total, counts } = await listManagedEvents(context.db, actor, { tab, page, now });
  return {
    tab,
    page,
    pageSize: MANAGED_EVENTS_PAGE_SIZE,
    total,
    counts,
    // Admins see every partner's events; a member of several sees whose each one is.
    showPartner: namesPartners(actor),
    rows: rows.map((row) => {
      const can = eventActions(actor, row, row.revisionStatus ? { status: row.revisionStatus } : null, now);
      return {
        id: row.id,
        slug: row.slug,
        title: row.title,
        status: row.status,
        revisionStatus: row.revisionStatus,
        startsAt: row.startsAt,
        partnerName: row.partnerName,
        teamsRegistered: row.teamsRegistered,
        maxTeams: row.maxTeams,
        editable: can.edit,
        cancellable: can.cancel,
        // Only an event that is or has been public can have teams to list or to write to.
        hasTeams: row.status === "published" || row.publishedAt !== null || row.teamsRegistered > 0,
        submit: can.submit && submitLabel(can.submit),
      };
    }),
  };
}

/** "Submit for review" of one row: back to the same tab and page, with the toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const { submission } = await readSubmission(request);
  const url = new URL(request.url);
  // The list names no event; "submit" finds the one its form names.
  return runIntent(
    submission,
    {
      submit: async ({ eventId }) => {
        await submitEvent(context, { actor, eventId });
        return redirectWithToast(`${url.pathname}${url.search}`, "event-submitted");
      },
    },
    { record: null },
  );
}

export const meta: Route.MetaFunction = workspacePageMeta(m.partner_events, PARTNER_EVENTS_PATH);

export default function PartnerEvents({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, page, pageSize, total, counts, showPartner, rows } = loaderData;
  const navigation = useNavigation();
  // Every row posts "submit" here; the one being sent is named by its event's id.
  const submittingId = isPending(navigation, { intent: "submit" })
    ? String(navigation.formData?.get("eventId") ?? "")
    : null;
  const current = TABS.find((entry) => entry.id === tab) ?? TABS[0]!;
  const refusedId = actionData?.initialValue?.eventId;
  const refusedTitle = rows.find((row) => row.id === refusedId)?.title;

  return (
    <AdminPage
      title={m.partner_events()}
      intro={m.partner_events_intro()}
      actions={
        <Link to={NEW_EVENT_PATH} className={buttonVariants()}>
          <Plus aria-hidden="true" /> {m.partner_create_event()}
        </Link>
      }
    >
      <StatusFilterNav
        label={m.partner_events_filter_label()}
        entries={TABS.map((entry) => ({
          to: tabPath(entry.id),
          label: entry.label(),
          count: counts[entry.id],
          selected: entry.id === tab,
        }))}
      />

      <RefusalAlert
        messages={refusalMessages(actionData)}
        heading={refusedTitle && m.partner_events_not_submitted({ title: refusedTitle })}
      />

      <ListTable
        caption={m.partner_events_caption({ tab: current.label() })}
        columns={[
          {
            label: m.partner_col_event(),
            cell: (row) => <RecordLink to={editEventPath(row.id)}>{row.title}</RecordLink>,
          },
          ...(showPartner
            ? [{ label: m.partner_col_partner(), cell: (row: EventListRow) => row.partnerName }]
            : []),
          {
            label: m.partner_col_status(),
            cell: (row) => <EventStatusBadge status={row.status} revisionStatus={row.revisionStatus} />,
          },
          {
            label: m.partner_col_date(),
            nowrap: true,
            cell: (row) => <time dateTime={row.startsAt.toISOString()}>{formatDate(row.startsAt)}</time>,
          },
          {
            label: m.partner_col_teams(),
            nowrap: true,
            cell: (row) => `${row.teamsRegistered} / ${row.maxTeams}`,
          },
          {
            label: m.partner_col_actions(),
            cell: (row) => <EventRowActions row={row} busy={submittingId === row.id} />,
          },
        ]}
        rows={rows}
        rowKey={(row) => row.id}
        empty={total === 0 ? current.empty() : rows.length === 0 ? m.partner_events_page_empty() : null}
      />
      <Pagination page={page} pageSize={pageSize} total={total} label={m.partner_events_pages()} />
    </AdminPage>
  );
}

type EventListRow = Route.ComponentProps["loaderData"]["rows"][number];

/** What the partner can do with one event of the list; the server checks each again. */
function EventRowActions({
  row,
  busy,
}: {
  row: Route.ComponentProps["loaderData"]["rows"][number];
  busy: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <RowLink to={editEventPath(row.id)} title={row.title}>
        {row.editable ? m.partner_event_edit() : m.partner_event_details()}
      </RowLink>
      <RowLink to={previewEventPath(row.id)} title={row.title}>
        {m.partner_event_preview()}
      </RowLink>
      {row.status === "published" && (
        <RowLink to={publicEventPath(row.slug)} title={row.title}>
          {m.partner_event_view_public()}
        </RowLink>
      )}
      <RowLink to={newEventPath({ from: row.id })} title={row.title}>
        {m.partner_event_duplicate()}
      </RowLink>
      {row.hasTeams && (
        <>
          <RowLink to={eventRegistrationsPath(row.id)} title={row.title}>
            {m.partner_registrations()}
          </RowLink>
          <RowLink to={participantMessagesPath(row.id)} title={row.title}>
            {m.partner_message_participants()}
          </RowLink>
        </>
      )}
      {row.cancellable && (
        <RowLink to={cancelEventPath(row.id)} title={row.title}>
          {m.partner_event_cancel()}
        </RowLink>
      )}
      {row.submit && (
        <SubmitForReviewForm eventId={row.id} busy={busy} size="sm">
          {row.submit}
          <span className="sr-only">: {row.title}</span>
        </SubmitForReviewForm>
      )}
    </div>
  );
}

/** A row's action, named with the event for screen readers ("Edit: Summer Regatta"). */
function RowLink({ to, title, children }: { to: string; title: string; children: ReactNode }) {
  return (
    <Link to={to} className={buttonVariants({ variant: "outline", size: "sm" })}>
      {children}
      <span className="sr-only">: {title}</span>
    </Link>
  );
}
