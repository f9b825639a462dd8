import { Form, href, Link, useSearchParams } from "react-router";
import { eventActions } from "#server/auth/event-actions";
import { namesPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { eventCheckInCounts, isCheckInDay } from "#server/check-in/check-in-counts";
import { cancelEvent } from "#server/events/cancel-event";
import { deleteEvent } from "#server/events/delete-event";
import { withRevision } from "#server/events/event-values";
import { loadManagedEvent } from "#server/events/managed-event";
import { getEventForEditing } from "#server/events/managed-queries";
import { latestWeatherDecision } from "#server/weather/queries";
import { submitEvent } from "#server/events/submit-event";
import { updateEvent } from "#server/events/update-event";
import { orNotFound } from "#server/http/respond";
import { eventPaymentTotals } from "#server/online-payments/queries";
import { redirectAfter, runIntent } from "#server/http/run-intent";
import { redirectWithToast } from "#server/http/toast";
import { RecordPage, RefusalAlert, refusalMessages, replyTo } from "~/components/dashboard/record-page";
import { cancelEventConsequence, CancelEventForm } from "~/components/events/event-editor/cancel-event-form";
import { EventEditorForm } from "~/components/events/event-editor/event-editor-form";
import { EventNotices } from "~/components/events/event-editor/event-notices";
import { eventFormValues } from "~/components/events/event-editor/form-values";
import { SubmitForReviewForm } from "~/components/events/event-editor/submit-for-review";
import { EventStatusBadge } from "~/components/events/event-status";
import { CheckInCountsBox } from "~/components/check-in/check-in-counts";
import { EventPaymentFigures } from "~/components/payments/booking-payments";
import { eventDayPath } from "~/components/registrations/partner-paths";
import { WeatherDecisionNotice } from "~/components/weather/weather-decision-notice";
import { buttonVariants } from "~/components/ui/button";
import { useConfirmStep } from "~/components/ui/confirm-step";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatDate, formatTimeRange } from "~/lib/dates";
import { readSubmission } from "~/lib/forms/read-form.server";
import { useIsPending } from "~/lib/use-is-pending";
import { submitLabel } from "~/lib/words/review";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import {
  cancelEventPath,
  editEventPath,
  newEventPath,
  PARTNER_EVENTS_PATH,
  previewEventPath,
  weatherDecisionPath,
} from "~/lib/paths";
import { publicEventPath } from "~/lib/public-paths";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/$id";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const { event, revision, partner, teamsRegistered } = await orNotFound(
    getEventForEditing(context.db, actor, params.id),
  );
  const now = new Date();
  const can = eventActions(actor, event, revision, now);
  // The partner edits their latest version: a published event's pending change, if any.
  const current = withRevision(event, revision);
  return {
    event: {
      id: event.id,
      slug: event.slug,
      title: event.title,
      status: event.status,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      location: event.location,
      maxTeams: event.maxTeams,
    },
    revisionStatus: revision?.status ?? null,
    partner,
    teamsRegistered,
    payments: await eventPaymentTotals(context.db, actor, event.id),
    // On the day, how far check-in has come (ADR 038); the event is already the actor's.
    checkIn: isCheckInDay(event, now) ? await eventCheckInCounts(context.db, event.id) : null,
    notices: {
      status: event.status,
      reviewNote: event.reviewNote,
      cancellationReason: event.cancellationReason,
      revision: revision ? { status: revision.status, reviewNote: revision.reviewNote } : null,
      started: can.stopped === "started",
      partnerStatus: partner.status,
    },
    // The server refuses changes to an event under way or called off, so no form is shown.
    editor: can.edit
      ? { saved: eventFormValues(current), savedImage: current.image, slugLocked: event.publishedAt !== null }
      : null,
    submitLabel: can.submit && submitLabel(can.submit),
    canCancel: can.cancel,
    canDelete: can.delete,
    askCancel: can.cancel && new URL(request.url).searchParams.get("cancel") === "1",
    showPartner: namesPartners(actor),
    weather: await latestWeatherDecision(context.db, event.id),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const eventId = params.id;
  // A list's add, remove or move button without JavaScript comes back changed (runIntent).
  const { submission } = await readSubmission(request, { listChanges: true });
  const save = (intent: "save" | "preview") => async (input: Record<string, unknown>) => {
    const { revision } = await updateEvent(context, { actor, eventId, input });
    // A published event's reviewed changes wait for approval; the toast says so.
    return redirectWithToast(
      intent === "preview" ? previewEventPath(eventId) : editEventPath(eventId),
      revision ? "event-change-saved" : "event-saved",
    );
  };
  return runIntent(
    submission,
    {
      save: save("save"),
      preview: save("preview"),
      submit: redirectAfter(editEventPath(eventId), "event-submitted", () =>
        submitEvent(context, { actor, eventId }),
      ),
      cancel: redirectAfter(PARTNER_EVENTS_PATH, "event-cancelled", (input) =>
        cancelEvent(context, { actor, eventId, input }),
      ),
      delete: redirectAfter(PARTNER_EVENTS_PATH, "event-deleted", () =>
        deleteEvent(context, { actor, eventId }),
      ),
    },
    { record: () => loadManagedEvent(context.db, actor, eventId) },
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: loaderData
      ? m.partner_edit_title({ title: loaderData.event.title })
      : m.partner_edit_title_plain(),
    path: editEventPath(params.id),
    noindex: true,
  });

export default function EditEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { event, revisionStatus, partner, teamsRegistered, notices, editor } = loaderData;
  const path = editEventPath(event.id);

  // Each form reads only its own answer: the action's reply carries the intent it was sent with.
  const replyIntent = actionData?.initialValue?.intent;
  const submitReply = replyTo(actionData, "submit", "delete") ?? null;
  const editorReply =
    replyIntent === "cancel" || replyIntent === "submit" || replyIntent === "delete" ? null : actionData;
  const { cancel, remove } = useEventQuestions(loaderData, replyTo(actionData, "cancel") ?? null);

  return (
    <RecordPage
      back={{ to: PARTNER_EVENTS_PATH, label: m.partner_events() }}
      title={event.title}
      facts={
        <>
          <EventStatusBadge status={event.status} revisionStatus={revisionStatus} />
          <span>
            <time dateTime={event.startsAt.toISOString()}>{formatDate(event.startsAt)}</time>,{" "}
            {formatTimeRange(event.startsAt, event.endsAt)} · {event.location}
          </span>
          <span>{m.partner_edit_teams_registered({ count: teamsRegistered, max: event.maxTeams })}</span>
        </>
      }
      below={
        loaderData.showPartner && (
          <p className="text-sm text-slate-600">{m.partner_partner_named({ name: partner.name })}</p>
        )
      }
    >
      <EventNotices state={notices} />
      <WeatherDecisionNotice decision={loaderData.weather} />
      <RefusalAlert messages={refusalMessages(submitReply)} />
      <div
        role="group"
        aria-label={m.partner_edit_actions_label()}
        className="flex flex-wrap items-center gap-2"
      >
        <EventLinks event={event} path={path} submitLabel={loaderData.submitLabel} />
        {loaderData.canCancel && cancel.link}
        {loaderData.canDelete && remove.link}
      </div>
      {cancel.question}
      {remove.question}
      {loaderData.checkIn && <CheckInCountsBox counts={loaderData.checkIn} />}
      <EventPaymentFigures totals={loaderData.payments} />

      {editor && (
        <EventEditorForm
          name="edit-event"
          key={event.id}
          action={path}
          partnerId={partner.id}
          saved={editor.saved}
          savedImage={editor.savedImage}
          slugLocked={editor.slugLocked}
          published={event.status === "published"}
          saveLabel={event.status === "draft" ? m.partner_save_draft() : m.partner_save_changes()}
          lastResult={editorReply}
        />
      )}
    </RecordPage>
  );
}

/** "Cancel event…" and "Delete draft…": each asked first, in a dialog or on the page. */
function useEventQuestions(
  { event, askCancel, canDelete }: Route.ComponentProps["loaderData"],
  cancelReply: Route.ComponentProps["actionData"] | null,
) {
  const path = editEventPath(event.id);
  const [searchParams] = useSearchParams();
  const cancel = useConfirmStep({
    id: "cancel-event",
    askHref: cancelEventPath(event.id),
    backHref: path,
    asked: askCancel,
    lastResult: cancelReply,
    label: m.partner_event_cancel(),
    heading: m.partner_edit_cancel_heading({ title: event.title }),
    consequence: cancelEventConsequence(),
    keepLabel: m.partner_edit_keep_event(),
    danger: true,
    renderForm: (keep) => <CancelEventForm action={path} lastResult={cancelReply} keep={keep} />,
  });
  const remove = useConfirmStep({
    id: "delete-draft",
    askHref: `${path}?delete=1`,
    backHref: path,
    asked: canDelete && searchParams.get("delete") === "1",
    lastResult: null,
    label: m.partner_edit_delete_draft(),
    heading: m.partner_edit_delete_heading(),
    consequence: m.partner_edit_delete_consequence(),
    keepLabel: m.partner_edit_keep_draft(),
    danger: true,
    renderForm: (keep) => (
      <Form method="post" action={path} className="flex flex-wrap gap-2">
        <SubmitButton
          name="intent"
          value="delete"
          variant="destructive"
          pending={{ formAction: path, intent: "delete" }}
          pendingLabel={m.partner_edit_deleting()}
        >
          {m.partner_edit_delete_confirm()}
        </SubmitButton>
        {keep}
      </Form>
    ),
  });
  return { cancel, remove };
}

/** Where the partner can go from the event's page, and its submit for review. */
function EventLinks({
  event,
  path,
  submitLabel,
}: {
  event: { id: string; slug: string; status: string };
  path: string;
  submitLabel: string | null;
}) {
  const submitting = useIsPending({ formAction: path, intent: "submit" });
  const outline = buttonVariants({ variant: "outline" });
  return (
    <>
      {submitLabel && (
        <SubmitForReviewForm action={path} busy={submitting}>
          {submitLabel}
        </SubmitForReviewForm>
      )}
      <Link to={previewEventPath(event.id)} className={outline}>
        {m.partner_event_preview()}
      </Link>
      {event.status === "published" && (
        <Link to={publicEventPath(event.slug)} className={outline}>
          {m.partner_event_view_public()}
        </Link>
      )}
      <Link to={href("/dashboard/partner/events/:id/weather", { id: event.id })} className={outline}>
        {m.partner_event_weather()}
      </Link>
      <Link to={eventDayPath(event.id)} className={outline}>
        {m.partner_day_link()}
      </Link>
      {(event.status === "published" || event.status === "cancelled") && (
        <Link to={weatherDecisionPath(event.id)} className={outline}>
          {m.partner_event_weather_decide()}
        </Link>
      )}
      <Link to={newEventPath({ from: event.id })} className={outline}>
        {m.partner_event_duplicate()}
      </Link>
    </>
  );
}
