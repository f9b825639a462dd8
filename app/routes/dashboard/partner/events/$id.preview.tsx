import type { ShouldRevalidateFunctionArgs } from "react-router";
import { requireArea } from "#server/auth/viewer";
import { getEventPreview } from "#server/events/managed-queries";
import { orNotFound } from "#server/http/respond";
import { EventPreviewFrame } from "~/components/events/event-editor/preview-banner";
import { EventPage, eventPageEvent, eventPageReady } from "~/components/events/event-page";
import { onlyTabChanged } from "~/lib/only-tab-changed";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import { editEventPath, previewEventPath } from "~/lib/paths";
import type { Route } from "./+types/$id.preview";

/** The page's tabs (Details, Schedule, FAQ) change only `?tab=`: nothing to load again. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return onlyTabChanged(args) ? false : args.defaultShouldRevalidate;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  // Someone else's event, or none: the same 404.
  const { event, revision, organizer, teamsRegistered, cancellationTerms } = await orNotFound(
    getEventPreview(context.db, actor, params.id),
  );
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

/**
 * After a link or a save leads here, the page shows once its data and its deferred
 * sections' code have both arrived: otherwise, with the code slower than the data (a slow
 * phone), the booking card would show beside an empty main column (ADR 027). The first
 * load uses the server's data and HTML as they are.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), eventPageReady()]);
  return data;
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
