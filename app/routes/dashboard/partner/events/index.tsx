import { Plus } from "~/components/icons";
import type { ReactNode } from "react";
import { data, Link, useNavigation } from "react-router";
import { seesAllPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import {
  isManagedEventTab,
  listManagedEvents,
  MANAGED_EVENTS_PAGE_SIZE,
  type ManagedEventTab,
} from "#server/events/managed-queries";
import { submitEvent } from "#server/events/submit-event";
import { replyWithRefusal } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { AdminPage, AdminTable, cellClass } from "~/components/admin/admin-page";
import {
  cancelEventPath,
  editEventPath,
  NEW_EVENT_PATH,
  newEventPath,
  PARTNER_EVENTS_PATH,
  previewEventPath,
  publicEventPath,
} from "~/components/events/event-editor/paths";
import { SubmitForReviewForm } from "~/components/events/event-editor/submit-for-review";
import { eventRegistrationsPath, participantMessagesPath } from "~/components/registrations/partner-paths";
import { EventStatusBadge } from "~/components/events/event-status";
import { buttonVariants } from "~/components/ui/button";
import { Pagination, pageOf } from "~/components/ui/pagination";
import { formatDate } from "~/lib/dates";
import { readSubmission } from "~/lib/forms/read-form.server";
import { staticPageMeta } from "~/lib/meta";
import { cn } from "~/lib/utils";
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

const tabPath = (tab: ManagedEventTab) =>
  tab === "all" ? PARTNER_EVENTS_PATH : `${PARTNER_EVENTS_PATH}?tab=${tab}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const url = new URL(request.url);
  const wanted = url.searchParams.get("tab");
  const tab: ManagedEventTab = isManagedEventTab(wanted) ? wanted : "all";
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
    showPartner: seesAllPartners(actor) || actor.partnerIds.length > 1,
    rows: rows.map((row) => {
      const started = row.startsAt.getTime() <= now.getTime();
      const ownTurn = row.status === "draft" || row.status === "changes_requested";
      const changesToSubmit =
        row.status === "published" &&
        (row.revisionStatus === "draft" || row.revisionStatus === "changes_requested");
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
        editable: !started && row.status !== "cancelled",
        // As on the event's page: an event that has been public and has not started.
        cancellable: !started && row.status !== "cancelled" && row.publishedAt !== null,
        // Only an event that is or has been public can have teams to list or to write to.
        hasTeams: row.status === "published" || row.publishedAt !== null || row.teamsRegistered > 0,
        submit: started
          ? null
          : ownTurn
            ? "Submit for review"
            : changesToSubmit
              ? "Submit changes for review"
              : null,
      };
    }),
  };
}

/** "Submit for review" of one row: back to the same tab and page, with the toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const { submission } = await readSubmission(request);
  const { intent, eventId } = submission.payload;
  if (intent !== "submit") throw data("Unknown form", { status: 400 });
  try {
    await submitEvent(context, { actor, eventId });
  } catch (error) {
    return replyWithRefusal(submission, error);
  }
  const url = new URL(request.url);
  return redirectWithToast(`${url.pathname}${url.search}`, "event-submitted");
}

/** Partner pages stay out of shared caches. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Events",
  path: PARTNER_EVENTS_PATH,
  noindex: true,
});

export default function PartnerEvents({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, page, pageSize, total, counts, showPartner, rows } = loaderData;
  const navigation = useNavigation();
  const submittingId =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "submit"
      ? String(navigation.formData.get("eventId") ?? "")
      : null;
  const current = TABS.find((entry) => entry.id === tab) ?? TABS[0]!;
  const refusal = actionData
    ? Object.values(actionData.error ?? {})
        .flat()
        .filter(Boolean)
    : [];
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
      <nav aria-label="Filter events by status">
        <ul className="flex gap-1 overflow-x-auto border-b border-slate-200">
          {TABS.map((entry) => {
            const selected = entry.id === tab;
            return (
              <li key={entry.id}>
                <Link
                  to={tabPath(entry.id)}
                  aria-current={selected ? "page" : undefined}
                  className={cn(
                    "-mb-px inline-flex items-center gap-1.5 border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap",
                    selected
                      ? "border-water-600 text-navy-900"
                      : "border-transparent text-slate-600 hover:text-navy-900",
                  )}
                >
                  {entry.label}
                  <span className="rounded-full bg-slate-100 px-2 text-xs text-slate-700">
                    <span className="sr-only">(</span>
                    {counts[entry.id]}
                    <span className="sr-only">)</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {refusal.length > 0 && (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {refusedTitle && <p className="font-semibold">{refusedTitle} was not submitted.</p>}
          {refusal.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}

      <AdminTable
        caption={`Events: ${current.label}`}
        columns={["Event", ...(showPartner ? ["Partner"] : []), "Status", "Date", "Teams", "Actions"]}
        empty={total === 0 ? current.empty : rows.length === 0 ? "There are no events on this page." : null}
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <td className={cellClass}>
              <Link
                to={editEventPath(row.id)}
                className="font-medium break-words text-water-700 underline hover:text-navy-900"
              >
                {row.title}
              </Link>
            </td>
            {showPartner && <td className={cellClass}>{row.partnerName}</td>}
            <td className={cellClass}>
              <EventStatusBadge status={row.status} revisionStatus={row.revisionStatus} />
            </td>
            <td className={cn(cellClass, "whitespace-nowrap")}>
              <time dateTime={row.startsAt.toISOString()}>{formatDate(row.startsAt)}</time>
            </td>
            <td className={cn(cellClass, "whitespace-nowrap")}>
              {row.teamsRegistered} / {row.maxTeams}
            </td>
            <td className={cellClass}>
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
                  <SubmitForReviewForm eventId={row.id} busy={submittingId === row.id} size="sm">
                    {row.submit}
                    <span className="sr-only">: {row.title}</span>
                  </SubmitForReviewForm>
                )}
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} pageSize={pageSize} total={total} label="Events pages" />
    </AdminPage>
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
