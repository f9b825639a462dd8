import { ArrowLeft } from "~/components/icons";
import { data, Form, Link, useNavigation } from "react-router";
import { seesAllPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { isAppError } from "#server/errors";
import { cancelEvent } from "#server/events/cancel-event";
import { deleteEvent } from "#server/events/delete-event";
import { withRevision } from "#server/events/event-values";
import { getEventForEditing } from "#server/events/managed-queries";
import { submitEvent } from "#server/events/submit-event";
import { updateEvent } from "#server/events/update-event";
import { notFoundResponse, replyWithRefusal } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { useCancelEvent } from "~/components/events/event-editor/cancel-event";
import { EventEditorForm } from "~/components/events/event-editor/event-editor-form";
import { EventNotices } from "~/components/events/event-editor/event-notices";
import { eventFormValues } from "~/components/events/event-editor/form-values";
import {
  editEventPath,
  newEventPath,
  PARTNER_EVENTS_PATH,
  previewEventPath,
  publicEventPath,
} from "~/components/events/event-editor/paths";
import { SubmitForReviewForm } from "~/components/events/event-editor/submit-for-review";
import { EventStatusBadge } from "~/components/events/event-status";
import { Button, buttonVariants } from "~/components/ui/button";
import { formatDate, formatTimeRange } from "~/lib/dates";
import { readSubmission } from "~/lib/forms/read-form.server";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/$id";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  let found;
  try {
    found = await getEventForEditing(context.db, actor, params.id);
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") throw notFoundResponse(error.message);
    throw error;
  }
  const { event, revision, partner, teamsRegistered } = found;
  const started = event.startsAt.getTime() <= Date.now();
  const cancelled = event.status === "cancelled";
  // The server refuses changes to an event under way or called off, so no form is shown.
  const editable = !started && !cancelled;
  // The partner edits their latest version: a published event's pending change, if any.
  const current = withRevision(event, revision);
  const ownTurn = event.status === "draft" || event.status === "changes_requested";
  const changesToSubmit =
    event.status === "published" &&
    (revision?.status === "draft" || revision?.status === "changes_requested");
  const canCancel = event.publishedAt !== null && !cancelled && !started;
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
    notices: {
      status: event.status,
      reviewNote: event.reviewNote,
      cancellationReason: event.cancellationReason,
      revision: revision ? { status: revision.status, reviewNote: revision.reviewNote } : null,
      started,
      partnerStatus: partner.status,
    },
    editor: editable
      ? { saved: eventFormValues(current), savedImage: current.image, slugLocked: event.publishedAt !== null }
      : null,
    submitLabel:
      editable && ownTurn
        ? "Submit for review"
        : editable && changesToSubmit
          ? "Submit changes for review"
          : null,
    canCancel,
    // Never public and not with the reviewers: nobody has seen or booked it.
    canDelete: event.publishedAt === null && event.status !== "pending_review",
    askCancel: canCancel && new URL(request.url).searchParams.get("cancel") === "1",
    showPartner: seesAllPartners(actor) || actor.partnerIds.length > 1,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const eventId = params.id;
  const { submission } = await readSubmission(request, { listChanges: true });
  // A list's add, remove or move button without JavaScript: the form comes back changed.
  if (submission.status !== "success") return submission.reply();
  const { intent, ...input } = submission.payload;
  try {
    switch (intent) {
      case "save":
      case "preview": {
        const { revision } = await updateEvent(context, { actor, eventId, input });
        // A published event's reviewed changes wait for approval; the toast says so.
        return redirectWithToast(
          intent === "preview" ? previewEventPath(eventId) : editEventPath(eventId),
          revision ? "event-change-saved" : "event-saved",
        );
      }
      case "submit": {
        await submitEvent(context, { actor, eventId });
        return redirectWithToast(editEventPath(eventId), "event-submitted");
      }
      case "cancel": {
        await cancelEvent(context, { actor, eventId, input });
        return redirectWithToast(PARTNER_EVENTS_PATH, "event-cancelled");
      }
      case "delete": {
        await deleteEvent(context, { actor, eventId });
        return redirectWithToast(PARTNER_EVENTS_PATH, "event-deleted");
      }
      default:
        throw data("Unknown form", { status: 400 });
    }
  } catch (error) {
    return replyWithRefusal(submission, error);
  }
}

/** Partner pages stay out of shared caches. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: loaderData ? `Edit: ${loaderData.event.title}` : "Edit Event",
    path: editEventPath(params.id),
    noindex: true,
  });

export default function EditEvent({ loaderData, actionData }: Route.ComponentProps) {
  const {
    event,
    revisionStatus,
    partner,
    teamsRegistered,
    notices,
    editor,
    submitLabel,
    canCancel,
    canDelete,
    askCancel,
  } = loaderData;
  const path = editEventPath(event.id);
  const navigation = useNavigation();
  const busyIntent =
    navigation.state !== "idle" && navigation.formAction?.startsWith(path)
      ? String(navigation.formData?.get("intent") ?? "")
      : null;

  // Each form reads only its own answer: the action's reply carries the intent it was sent with.
  const replyIntent = actionData?.initialValue?.intent;
  const cancelReply = replyIntent === "cancel" ? actionData : null;
  const submitReply = replyIntent === "submit" || replyIntent === "delete" ? actionData : null;
  const editorReply =
    replyIntent === "cancel" || replyIntent === "submit" || replyIntent === "delete" ? null : actionData;
  const submitRefusal = submitReply
    ? Object.values(submitReply.error ?? {})
        .flat()
        .filter(Boolean)
    : [];

  const cancel = useCancelEvent({
    eventId: event.id,
    title: event.title,
    asked: askCancel,
    lastResult: cancelReply,
    busy: busyIntent === "cancel",
  });

  return (
    <main id="main" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <Link to={PARTNER_EVENTS_PATH} className={buttonVariants({ variant: "ghost", size: "sm" })}>
        <ArrowLeft aria-hidden="true" /> Events
      </Link>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold break-words text-navy-900 sm:text-3xl">{event.title}</h1>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <EventStatusBadge status={event.status} revisionStatus={revisionStatus} />
          <span>
            <time dateTime={event.startsAt.toISOString()}>{formatDate(event.startsAt)}</time>,{" "}
            {formatTimeRange(event.startsAt, event.endsAt)} · {event.location}
          </span>
          <span>
            Teams registered: {teamsRegistered} / {event.maxTeams}
          </span>
        </div>
        {loaderData.showPartner && <p className="text-sm text-slate-600">Partner: {partner.name}</p>}
      </header>

      <EventNotices state={notices} />

      {submitRefusal.length > 0 && (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {submitRefusal.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}

      <div role="group" aria-label="Event actions" className="flex flex-wrap items-center gap-2">
        {submitLabel && (
          <SubmitForReviewForm action={path} busy={busyIntent === "submit"}>
            {submitLabel}
          </SubmitForReviewForm>
        )}
        <Link to={previewEventPath(event.id)} className={buttonVariants({ variant: "outline" })}>
          Preview
        </Link>
        {event.status === "published" && (
          <Link to={publicEventPath(event.slug)} className={buttonVariants({ variant: "outline" })}>
            View public page
          </Link>
        )}
        <Link to={newEventPath({ from: event.id })} className={buttonVariants({ variant: "outline" })}>
          Duplicate
        </Link>
        {canCancel && cancel.link}
        {canDelete && (
          <details className="group">
            <summary className={buttonVariants({ variant: "outline" })}>Delete draft</summary>
            <Form
              method="post"
              action={path}
              className="mt-2 space-y-2 rounded-md border border-red-200 bg-red-50 p-3"
            >
              <p className="text-sm text-red-900">
                Delete this draft for good? Nothing of it can be recovered.
              </p>
              <Button
                type="submit"
                name="intent"
                value="delete"
                className="bg-red-700 text-white hover:bg-red-800"
                disabled={busyIntent === "delete"}
              >
                {busyIntent === "delete" ? "Deleting..." : "Yes, delete the draft"}
              </Button>
            </Form>
          </details>
        )}
      </div>
      {cancel.question}

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
          saveLabel={event.status === "draft" ? "Save draft" : "Save changes"}
          lastResult={editorReply}
          busyIntent={busyIntent}
        />
      )}
    </main>
  );
}
