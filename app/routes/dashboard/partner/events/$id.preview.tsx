import type { ShouldRevalidateFunctionArgs } from "react-router";
import { requireArea } from "#server/auth/viewer";
import { getEventPreview } from "#server/events/managed-queries";
import { orNotFound } from "#server/http/respond";
import { EventPreviewFrame } from "~/components/events/event-editor/preview-banner";
import { eventPageEvent } from "#server/events/event-page-view";
import { EventPage, eventPageReady } from "~/components/events/event-page";
import { PreviewLanguages } from "~/components/content/preview-languages";
import { cancellationTermsShown, previewLanguage } from "~/lib/content-language";
import { onlyTabChanged } from "~/lib/only-tab-changed";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import { editEventPath, previewEventPath } from "~/lib/paths";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/$id.preview";

/** The page's tabs (Details, Schedule, FAQ) change only `?tab=`: nothing to load again. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return onlyTabChanged(args) ? false : args.defaultShouldRevalidate;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  // Someone else's event, or none: the same 404.
  const { event, revision, organizer, vatStatus, teamsRegistered, siteTerms } = await orNotFound(
    getEventPreview(context.db, actor, params.id),
  );
  await eventPageReady();
  // As visitors of either language see it (ADR 034).
  const language = previewLanguage(new URL(request.url));
  return {
    eventId: event.id,
    event: eventPageEvent(event, vatStatus, language),
    language,
    organizer,
    teamsRegistered,
    cancellationTerms: cancellationTermsShown(event, siteTerms, language),
    heading: revision
      ? m.partner_preview_heading_revision()
      : event.status === "published"
        ? m.partner_preview_heading_published()
        : event.status === "cancelled"
          ? m.partner_preview_heading_cancelled()
          : m.partner_preview_heading_unpublished(),
    explanation: revision
      ? m.partner_preview_explanation_revision()
      : event.status === "published"
        ? m.partner_preview_explanation_published()
        : event.status === "cancelled"
          ? m.partner_preview_explanation_cancelled()
          : m.partner_preview_explanation_unpublished(),
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
    title: loaderData
      ? m.partner_preview_title({ title: loaderData.event.title })
      : m.partner_preview_title_plain(),
    path: previewEventPath(params.id),
    noindex: true,
  });

export default function EventPreview({ loaderData }: Route.ComponentProps) {
  const { eventId, event, language, organizer, teamsRegistered, cancellationTerms, heading, explanation } =
    loaderData;
  return (
    <main id="main" className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <EventPreviewFrame editPath={editEventPath(eventId)} heading={heading} explanation={explanation}>
        <PreviewLanguages shown={language} />
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
