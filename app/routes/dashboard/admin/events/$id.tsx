import { href, Link } from "react-router";
import { eventActions } from "#server/auth/event-actions";
import { requireArea } from "#server/auth/viewer";
import { approveEvent } from "#server/events/approve-event";
import { cancelEvent } from "#server/events/cancel-event";
import { untranslatedTexts, withRevision } from "#server/events/event-values";
import { requestEventChanges } from "#server/events/request-event-changes";
import { loadManagedEvent } from "#server/events/managed-event";
import { getEventForReview } from "#server/events/review-queries";
import { unpublishEvent } from "#server/events/unpublish-event";
import { notFoundResponse } from "#server/http/respond";
import { redirectAfter, runIntent } from "#server/http/run-intent";
import { AdminPage } from "~/components/admin/admin-page";
import { replyTo } from "~/components/dashboard/record-page";
import { ChangesSinceRequest } from "~/components/admin/event-changes";
import { PublicPreview, WhatChanged } from "~/components/admin/event-review/review-preview";
import { ReviewFacts } from "~/components/admin/event-review/review-facts";
import { ApproveForm, RequestChangesForm, StaleNotice } from "~/components/admin/event-review/review-forms";
import { ReviewNotes } from "~/components/admin/event-review/review-notes";
import { TakeDown } from "~/components/admin/event-review/take-down";
import { eventPageEvent } from "#server/events/event-page-view";
import { EventPage, eventPageReady } from "~/components/events/event-page";
import { EventStatusBadge } from "~/components/events/event-status";
import { PreviewLanguages } from "~/components/content/preview-languages";
import { TranslationFlags } from "~/components/admin/event-review/translation-flags";
import { cancellationTermsShown, previewLanguage } from "~/lib/content-language";
import { readSubmission } from "~/lib/forms/read-form.server";
import type { FormReply } from "~/lib/forms/use-app-form";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/$id";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const found = await getEventForReview(context.db, actor, params.id);
  if (!found) throw notFoundResponse(m.admin_event_not_found());
  const { event, revision, changes, organizer, vatStatus, teamsRegistered, teamsWaitlisted } = found;
  // A change the partner sent (in review, or sent back) is what the page shows; a draft
  // the partner has not sent yet is theirs alone.
  const sentRevision = revision && revision.status !== "draft" ? revision : null;
  const shown = withRevision(event, sentRevision);
  const can = eventActions(actor, event, revision, new Date());
  await eventPageReady();
  // The admin sees the page as visitors of either language do (ADR 034).
  const language = previewLanguage(new URL(request.url));
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
    },
    revision: revision && {
      status: revision.status,
      submittedAt: revision.submittedAt,
      currency: revision.values.currency,
    },
    changes: sentRevision ? changes : [],
    preview: eventPageEvent(shown, vatStatus, language),
    language,
    written: shown.language,
    // A change of the language the event is written in labels each text by its role instead.
    changesWritten: shown.language === event.language ? shown.language : null,
    untranslated: untranslatedTexts(shown),
    organizer,
    teamsRegistered,
    teamsWaitlisted,
    cancellationTerms: cancellationTermsShown(shown, found.siteTerms, language),
    awaiting: can.awaiting,
    can: { review: can.approve && can.requestChanges, unpublish: can.unpublish, cancel: can.cancel },
    sinceRequest: found.sinceRequest,
    notes: found.notes,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const { submission } = await readSubmission(request);
  const eventId = params.id;
  const reviewPage = href("/dashboard/admin/events/:id", { id: eventId });
  return runIntent(
    submission,
    {
      approve: redirectAfter(href("/dashboard/admin/events"), "event-approved", (input) =>
        approveEvent(context, { actor, eventId, input }),
      ),
      "request-changes": redirectAfter(href("/dashboard/admin/events"), "event-changes-requested", (input) =>
        requestEventChanges(context, { actor, eventId, input }),
      ),
      unpublish: redirectAfter(reviewPage, "event-unpublished", (input) =>
        unpublishEvent(context, { actor, eventId, input }),
      ),
      cancel: redirectAfter(reviewPage, "event-cancelled", (input) =>
        cancelEvent(context, { actor, eventId, input }),
      ),
    },
    { record: () => loadManagedEvent(context.db, actor, eventId) },
  );
}

export const meta: Route.MetaFunction = workspacePageMeta(
  m.admin_event_review_title,
  "/dashboard/admin/events",
);

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
    awaiting,
    can,
  } = loaderData;
  const answer =
    actionData && "initialValue" in actionData ? (actionData as FormReply & { reason: string | null }) : null;
  const stale = answer?.reason === "stale" ? (answer.error?.[""]?.[0] ?? m.admin_event_stale()) : null;
  // A stale decision keeps what was typed but shows its message at the top of the page only.
  const resultOf = (intent: string): FormReply | undefined => {
    const reply = replyTo(actionData, intent);
    return reply && stale ? { ...reply, error: undefined } : reply;
  };

  const changeInReview = revision?.status === "pending_review";
  const sentChange = revision !== null && revision.status !== "draft";
  const { review: inReview, unpublish: canUnpublish, cancel: canCancel } = can;
  const decisionOffered = inReview || canUnpublish || canCancel;

  return (
    <AdminPage
      title={event.title}
      intro={
        <span className="inline-flex flex-wrap items-center gap-2">
          <span>{m.admin_event_review_label()}</span>
          <EventStatusBadge status={event.status} revisionStatus={revision?.status ?? null} />
        </span>
      }
      actions={
        <Link
          to={href("/dashboard/admin/events")}
          className="text-sm text-water-700 underline hover:text-navy-900"
        >
          {m.admin_events_all()}
        </Link>
      }
    >
      {stale && <StaleNotice message={stale} answer={answer} />}
      <ReviewFacts
        event={event}
        revision={revision}
        organizer={organizer}
        awaiting={awaiting}
        teamsRegistered={teamsRegistered}
        teamsWaitlisted={teamsWaitlisted}
        decisionOffered={decisionOffered}
      />

      {sentChange && (
        <WhatChanged
          written={loaderData.changesWritten}
          changes={changes}
          changeInReview={changeInReview}
          currency={{ before: event.currency, after: revision.currency }}
        />
      )}
      {loaderData.sinceRequest && (
        <ChangesSinceRequest {...loaderData.sinceRequest} written={loaderData.written} />
      )}
      <TranslationFlags written={loaderData.written} untranslated={loaderData.untranslated} />
      <ReviewNotes notes={loaderData.notes} />
      <PublicPreview status={event.status} sentChange={sentChange}>
        <PreviewLanguages shown={loaderData.language} />
        <EventPage
          event={preview}
          organizer={organizer}
          teamsRegistered={teamsRegistered}
          cancellationTerms={cancellationTerms}
          preview
          headingLevel={2}
        />
      </PublicPreview>

      {decisionOffered && (
        <section
          aria-labelledby="review-decision-title"
          id="review-decision"
          className="space-y-4 scroll-mt-24"
        >
          <h2 id="review-decision-title" className="text-lg font-semibold text-navy-900">
            {m.admin_event_your_decision()}
          </h2>
          {inReview && (
            <div className="grid gap-6 lg:grid-cols-2">
              <ApproveForm
                version={event.version}
                change={awaiting === "change"}
                lastResult={resultOf("approve")}
              />
              <RequestChangesForm
                version={event.version}
                change={awaiting === "change"}
                lastResult={resultOf("request-changes")}
              />
            </div>
          )}
          {(canUnpublish || canCancel) && (
            <TakeDown
              event={event}
              proposedChange={revision !== null}
              canUnpublish={canUnpublish}
              canCancel={canCancel}
              teamsRegistered={teamsRegistered}
              teamsWaitlisted={teamsWaitlisted}
              resultOf={resultOf}
            />
          )}
        </section>
      )}
    </AdminPage>
  );
}
