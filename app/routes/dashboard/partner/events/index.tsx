import { Plus } from "~/components/icons";
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
  publicEventPath,
} from "~/lib/paths";
import { isPending } from "~/lib/use-is-pending";
import type { Route } from "./+types/index";

const TABS: { id: ManagedEventTab; label: string; empty: string }[] = [
  { id: "all", label: "All", empty: "There are no events yet. Create one with 'Create New Event'." },
  { id: "drafts", label: "Drafts", empty: "No drafts. Events you save without submitting them show here." },
  { id: "review", label: "In review", empty: "Nothing is waiting for review." },
  { id: "changes", label: "Changes requested", empty: "RCL has not asked for changes to any event." },
  { id: "upcoming", label: "Upcoming", empty: "No published events are coming up." },
  { id: "past", label: "Past", empty: "No published event has taken place yet." },
  { id: "cancelled", label: "Cancelled", empty: "No event has been cancelled." },
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
  return runIntent(submission, {
    submit: async ({ eventId }) => {
      await submitEvent(context, { actor, eventId });
      return redirectWithToast(`${url.pathname}${url.search}`, "event-submitted");
    },
  });
}

export const meta: Route.MetaFunction = workspacePageMeta("Events", PARTNER_EVENTS_PATH);

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
      title="Events"
      intro="Create events, send them for review, and follow how many teams have registered."
      actions={
        <Link to={NEW_EVENT_PATH} className={buttonVariants()}>
          <Plus aria-hidden="true" /> Create New Event
        </Link>
      }
    >
      <StatusFilterNav
        label="Filter events by status"
        entries={TABS.map((entry) => ({
          to: tabPath(entry.id),
          label: entry.label,
          count: counts[entry.id],
          selected: entry.id === tab,
        }))}
      />

      <RefusalAlert
        messages={refusalMessages(actionData)}
        heading={refusedTitle && `${refusedTitle} was not submitted.`}
      />

      <ListTable
        caption={`Events: ${current.label}`}
        columns={[
          {
            label: "Event",
            cell: (row) => <RecordLink to={editEventPath(row.id)}>{row.title}</RecordLink>,
          },
          ...(showPartner ? [{ label: "Partner", cell: (row: EventListRow) => row.partnerName }] : []),
          {
            label: "Status",
            cell: (row) => <EventStatusBadge status={row.status} revisionStatus={row.revisionStatus} />,
          },
          {
            label: "Date",
            nowrap: true,
            cell: (row) => <time dateTime={row.startsAt.toISOString()}>{formatDate(row.startsAt)}</time>,
          },
          { label: "Teams", nowrap: true, cell: (row) => `${row.teamsRegistered} / ${row.maxTeams}` },
          {
            label: "Actions",
            cell: (row) => <EventRowActions row={row} busy={submittingId === row.id} />,
          },
        ]}
        rows={rows}
        rowKey={(row) => row.id}
        empty={total === 0 ? current.empty : rows.length === 0 ? "There are no events on this page." : null}
      />
      <Pagination page={page} pageSize={pageSize} total={total} label="Events pages" />
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
        {row.editable ? "Edit" : "Details"}
      </RowLink>
      <RowLink to={previewEventPath(row.id)} title={row.title}>
        Preview
      </RowLink>
      {row.status === "published" && (
        <RowLink to={publicEventPath(row.slug)} title={row.title}>
          View public page
        </RowLink>
      )}
      <RowLink to={newEventPath({ from: row.id })} title={row.title}>
        Duplicate
      </RowLink>
      {row.hasTeams && (
        <>
          <RowLink to={eventRegistrationsPath(row.id)} title={row.title}>
            Registrations
          </RowLink>
          <RowLink to={participantMessagesPath(row.id)} title={row.title}>
            Message participants
          </RowLink>
        </>
      )}
      {row.cancellable && (
        <RowLink to={cancelEventPath(row.id)} title={row.title}>
          Cancel event…
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
