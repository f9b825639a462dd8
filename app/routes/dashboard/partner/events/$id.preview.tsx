import type { ShouldRevalidateFunctionArgs } from "react-router";
import { requireArea } from "#server/auth/viewer";
import { isAppError } from "#server/errors";
import { getEventPreview } from "#server/events/managed-queries";
import { notFoundResponse } from "#server/http/respond";
import { editEventPath, previewEventPath } from "~/components/events/event-editor/paths";
import { EventPreviewFrame } from "~/components/events/event-editor/preview-banner";
import { EventPage, eventPageEvent, eventPageReady } from "~/components/events/event-page";
import { onlyTabChanged } from "~/lib/only-tab-changed";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/$id.preview";

/** The page's tabs (Details, Schedule, FAQ) change only `?tab=`: nothing to load again. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return onlyTabChanged(args) ? false : args.defaultShouldRevalidate;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  let preview;
  try {
    preview = await getEventPreview(context.db, actor, params.id);
  } catch (error) {
    // Someone else's event, or none: the same 404.
    if (isAppError(error) && error.code === "not_found") throw notFoundResponse(error.message);
    throw error;
  }
  const { event, revision, organizer, teamsRegistered, cancellationTerms } = preview;
  await eventPageReady();
  return {
    eventId: event.id,
    event: eventPageEvent(event),
    organizer,
    teamsRegistered,
    cancellationTerms,
    heading: revision
      ? "Preview, changes not yet published"
      : event.status === "published"
        ? "Preview of the published event"
        : event.status === "cancelled"
          ? "Preview of the cancelled event"
          : "Preview, not published",
    explanation: revision
      ? "This is how the event will look once your changes are approved. Until then visitors see the published version."
      : event.status === "published"
        ? "This is the event's page as visitors see it now."
        : event.status === "cancelled"
          ? "This is the page of the cancelled event."
          : "This is how the event's page will look once it is published. Visitors cannot see it yet.",
  };
}

/** Partner pages stay out of shared caches. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: loaderData ? `Preview: ${loaderData.event.title}` : "Event Preview",
    path: previewEventPath(params.id),
    noindex: true,
  });

export default function EventPreview({ loaderData }: Route.ComponentProps) {
  const { eventId, event, organizer, teamsRegistered, cancellationTerms, heading, explanation } = loaderData;
  return (
    <main id="main" className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <EventPreviewFrame editPath={editEventPath(eventId)} heading={heading} explanation={explanation}>
        <EventPage
          event={event}
          organizer={organizer}
          teamsRegistered={teamsRegistered}
          cancellationTerms={cancellationTerms}
          preview
        />
      </EventPreviewFrame>
    </main>
  );
}
