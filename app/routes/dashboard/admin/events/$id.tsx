import type { ReactNode } from "react";
import { data, href, Link } from "react-router";
import { requireArea } from "#server/auth/viewer";
import { approveEvent } from "#server/events/approve-event";
import { cancelEvent } from "#server/events/cancel-event";
import { withRevision } from "#server/events/event-values";
import { requestEventChanges } from "#server/events/request-event-changes";
import { getEventForReview } from "#server/events/review-queries";
import { unpublishEvent } from "#server/events/unpublish-event";
import { notFoundResponse, replyWithRefusal } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { AdminPage } from "~/components/admin/admin-page";
import { EventChanges } from "~/components/admin/event-changes";
import { ReasonDecision } from "~/components/admin/event-review/reason-decision";
import type { ReasonDecisionText } from "~/components/admin/event-review/reason-form";
import { ApproveForm, RequestChangesForm, StaleNotice } from "~/components/admin/event-review/review-forms";
import { EventPage, eventPageEvent, eventPageReady } from "~/components/events/event-page";
import { EventStatusBadge } from "~/components/events/event-status";
import { formatDate, formatTime } from "~/lib/dates";
import { readSubmission } from "~/lib/forms/read-form.server";
import type { FormReply } from "~/lib/forms/use-app-form";
import { staticPageMeta } from "~/lib/meta";
import type { Route } from "./+types/$id";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const found = await getEventForReview(context.db, actor, params.id);
  if (!found) throw notFoundResponse("We could not find that event.");
  const { event, revision, changes, organizer, teamsRegistered, teamsWaitlisted } = found;
  // A change the partner sent (in review, or sent back) is what the page shows; a draft
  // the partner has not sent yet is theirs alone.
  const sentRevision = revision && revision.status !== "draft" ? revision : null;
  const shown = withRevision(event, sentRevision);
  await eventPageReady();
  return {
    event: {
      id: event.id,
      title: event.title,
      status: event.status,
      version: event.version,
      startsAt: event.startsAt,
      maxTeams: event.maxTeams,
      currency: event.currency,
      submittedAt: event.submittedAt,
      publishedAt: event.publishedAt,
      cancelledAt: event.cancelledAt,
      cancellationReason: event.cancellationReason,
      reviewNote: event.reviewNote,
      started: event.startsAt.getTime() <= Date.now(),
    },
    revision: revision && {
      status: revision.status,
      reviewNote: revision.reviewNote,
      submittedAt: revision.submittedAt,
      currency: revision.values.currency,
    },
    changes: sentRevision ? changes : [],
    preview: eventPageEvent(shown),
    organizer,
    teamsRegistered,
    teamsWaitlisted,
    cancellationTerms: sentRevision ? found.proposedCancellationTerms : found.cancellationTerms,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const { submission } = await readSubmission(request);
  const { intent, ...input } = submission.payload;
  const eventId = params.id;
  const reviewPage = href("/dashboard/admin/events/:id", { id: eventId });
  try {
    switch (intent) {
      case "approve":
        await approveEvent(context, { actor, eventId, input });
        return redirectWithToast(href("/dashboard/admin/events"), "event-approved");
      case "request-changes":
        await requestEventChanges(context, { actor, eventId, input });
        return redirectWithToast(href("/dashboard/admin/events"), "event-changes-requested");
      case "unpublish":
        await unpublishEvent(context, { actor, eventId, input });
        return redirectWithToast(reviewPage, "event-unpublished");
      case "cancel":
        await cancelEvent(context, { actor, eventId, input });
        return redirectWithToast(reviewPage, "event-cancelled");
      default:
        throw data("Unknown form", { status: 400 });
    }
  } catch (error) {
    return replyWithRefusal(submission, error);
  }
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Review event",
  path: "/dashboard/admin/events",
  noindex: true,
});

type Fact = [label: string, value: ReactNode];

const linkClass = "text-water-700 underline hover:text-navy-900";

function when(instant: Date | string | null): string | null {
  if (!instant) return null;
  const date = new Date(instant);
  return `${formatDate(date)} at ${formatTime(date)}`;
}

export default function ReviewEventPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    event,
    revision,
    changes,
    preview,
    organizer,
    teamsRegistered,
    teamsWaitlisted,
    cancellationTerms,
  } = loaderData;
  const answer =
    actionData && "initialValue" in actionData ? (actionData as FormReply & { reason: string | null }) : null;
  const stale =
    answer?.reason === "stale"
      ? (answer.error?.[""]?.[0] ?? "This event changed after you opened it.")
      : null;
  // A stale decision keeps what was typed but shows its message at the top of the page only.
  const resultOf = (intent: string): FormReply | undefined => {
    if (answer?.initialValue?.intent !== intent) return undefined;
    return stale ? { ...answer, error: undefined } : answer;
  };

  const changeInReview = revision?.status === "pending_review";
  const sentChange = revision !== null && revision.status !== "draft";
  const inReview = event.status === "pending_review" || changeInReview;
  const canUnpublish = event.status === "published";
  const canCancel = event.status !== "cancelled" && event.publishedAt !== null && !event.started;
  const submittedAt = sentChange ? revision.submittedAt : event.submittedAt;
  const notes = [
    event.reviewNote && { label: "Last note to the partner about the event", text: event.reviewNote },
    revision?.reviewNote && { label: "Last note to the partner about the change", text: revision.reviewNote },
  ].filter((note): note is { label: string; text: string } => Boolean(note));

  const submitted = when(submittedAt ?? null);
  const facts: Fact[] = [
    ...(inReview
      ? [["Waiting for review", changeInReview ? "Change to a published event" : "New event"] satisfies Fact]
      : []),
    [
      "Partner",
      <Link
        key="partner"
        to={href("/dashboard/admin/partners/:id", { id: organizer.id })}
        className={linkClass}
      >
        {organizer.name}
      </Link>,
    ],
    ...(submitted ? [["Submitted", submitted] satisfies Fact] : []),
    ["Event date", when(event.startsAt)],
    [
      "Teams registered",
      `${teamsRegistered} of ${event.maxTeams}${teamsWaitlisted > 0 ? `, ${teamsWaitlisted} waitlisted` : ""}`,
    ],
    ["First published", when(event.publishedAt) ?? "Never"],
  ];
  if (event.cancelledAt) facts.push(["Cancelled", when(event.cancelledAt)]);

  const previewIntro = sentChange
    ? "The event's page with the proposed change applied."
    : {
        draft: "The event's page as it would look if it were published.",
        pending_review: "The event's page as it will look once approved.",
        changes_requested: "The event's page as it would look if it were published.",
        published: "The event's page as the public sees it now.",
        cancelled: "The event's page, marked cancelled, as the people who booked see it.",
      }[event.status];

  const unpublishText: ReasonDecisionText = {
    start: "Unpublish…",
    question: `Unpublish ${event.title}?`,
    consequence: `The event is taken off the public site at once and goes back to its partner, who is emailed your reason. Bookings stand and registered teams are not emailed; to call the event off for them, cancel it instead.${revision ? " The change the partner proposed becomes part of the event, to be reviewed with it when it is submitted again." : ""}`,
    reasonHint: "Emailed to the partner as you write it.",
    confirmLabel: "I understand the event stops being public now.",
    submit: "Unpublish the event",
    busy: "Unpublishing...",
  };
  const cancelText: ReasonDecisionText = {
    start: "Cancel event…",
    question: `Cancel ${event.title}?`,
    consequence: `The event is called off for good and every booking on it is cancelled. The captain of every registered and waitlisted team (${teamsRegistered} registered, ${teamsWaitlisted} waitlisted) is emailed your reason, as is the partner, and the event's page shows it. This cannot be undone.`,
    reasonHint: "Emailed to every registered and waitlisted team's captain, and shown on the event's page.",
    confirmLabel: "I understand every team is told the event is cancelled, and this cannot be undone.",
    submit: "Cancel the event",
    busy: "Cancelling...",
  };

  return (
    <AdminPage
      title={event.title}
      intro={
        <span className="inline-flex flex-wrap items-center gap-2">
          <span>Event review:</span>
          <EventStatusBadge status={event.status} revisionStatus={revision?.status ?? null} />
        </span>
      }
      actions={
        <Link
          to={href("/dashboard/admin/events")}
          className="text-sm text-water-700 underline hover:text-navy-900"
        >
          All events
        </Link>
      }
    >
      {stale && <StaleNotice message={stale} answer={answer} />}

      <section aria-labelledby="review-facts" className="rounded-lg border border-slate-200 p-5">
        <h2 id="review-facts" className="text-lg font-semibold text-navy-900">
          About this event
        </h2>
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-slate-500">{label}</dt>
              <dd className="mt-1 break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {event.status === "cancelled" && event.cancellationReason && (
          <div className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-900">
            <h3 className="font-semibold">Reason for the cancellation</h3>
            <p className="mt-1 whitespace-pre-line">{event.cancellationReason}</p>
          </div>
        )}
        {notes.map((note) => (
          <div key={note.label} className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
            <h3 className="font-semibold">{note.label}</h3>
            <p className="mt-1 whitespace-pre-line">{note.text}</p>
          </div>
        ))}
        {revision?.status === "draft" && (
          <p className="mt-4 text-sm text-slate-600">
            The partner is preparing a change to this event that they have not submitted yet; it is not shown
            here.
          </p>
        )}
        <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {(inReview || canUnpublish || canCancel) && (
            <a href="#review-decision" className={linkClass}>
              Go to your decision
            </a>
          )}
          <Link to={`${href("/dashboard/admin/audit")}?partner=${organizer.id}`} className={linkClass}>
            Audit log of {organizer.name}
          </Link>
        </p>
      </section>

      {sentChange && (
        <section aria-labelledby="what-changed" className="space-y-3">
          <h2 id="what-changed" className="text-lg font-semibold text-navy-900">
            What changed
          </h2>
          <p className="text-sm text-slate-600">
            {changeInReview
              ? "The partner asks to change these fields of the published event. Until you approve, the public page shows the published values."
              : "The change you sent back to the partner, as it stands. The public page shows the published values."}
          </p>
          <EventChanges changes={changes} currency={{ before: event.currency, after: revision.currency }} />
        </section>
      )}

      <div className="space-y-3">
        <h2 id="public-preview" className="text-lg font-semibold text-navy-900">
          As the public would see it
        </h2>
        <p className="text-sm text-slate-600">{previewIntro}</p>
        <div className="rounded-lg border-2 border-dashed border-slate-300 p-4 sm:p-6">
          <EventPage
            event={preview}
            organizer={organizer}
            teamsRegistered={teamsRegistered}
            cancellationTerms={cancellationTerms}
            preview
            headingLevel={2}
          />
        </div>
      </div>

      {(inReview || canUnpublish || canCancel) && (
        <section
          aria-labelledby="review-decision-title"
          id="review-decision"
          className="space-y-4 scroll-mt-24"
        >
          <h2 id="review-decision-title" className="text-lg font-semibold text-navy-900">
            Your decision
          </h2>
          {inReview && (
            <div className="grid gap-6 lg:grid-cols-2">
              <ApproveForm version={event.version} change={changeInReview} lastResult={resultOf("approve")} />
              <RequestChangesForm
                version={event.version}
                change={changeInReview}
                lastResult={resultOf("request-changes")}
              />
            </div>
          )}
          {(canUnpublish || canCancel) && (
            <div className="space-y-3 rounded-lg border border-red-200 p-5">
              <h3 className="text-lg font-semibold text-navy-900">Take the event down</h3>
              <p className="text-sm text-slate-700">
                {canUnpublish &&
                  "Unpublishing takes the event off the public site and tells the partner why. "}
                {canCancel &&
                  "Cancelling calls it off for good and tells every registered and waitlisted team why."}
              </p>
              <div className="flex flex-wrap items-start gap-3">
                {canUnpublish && (
                  <ReasonDecision
                    intent="unpublish"
                    version={event.version}
                    text={unpublishText}
                    lastResult={resultOf("unpublish")}
                  />
                )}
                {canCancel && (
                  <ReasonDecision
                    intent="cancel"
                    version={event.version}
                    text={cancelText}
                    lastResult={resultOf("cancel")}
                  />
                )}
              </div>
            </div>
          )}
        </section>
      )}
    </AdminPage>
  );
}
