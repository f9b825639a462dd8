import { ArrowLeft } from "~/components/icons";
import { data, Link, useNavigation } from "react-router";
import { requireArea } from "#server/auth/viewer";
import { isAppError } from "#server/errors";
import { notFoundResponse, replyWithRefusal } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { getParticipantMessagesPage, MESSAGE_HISTORY_PAGE_SIZE } from "#server/messages/queries";
import { prepareParticipantMessage, sendParticipantMessage } from "#server/messages/send-participant-message";
import { editEventPath } from "~/components/events/event-editor/paths";
import { EventStatusBadge } from "~/components/events/event-status";
import { ComposeMessageForm } from "~/components/messages/compose-message-form";
import { MessageHistory } from "~/components/messages/message-history";
import { eventRegistrationsPath, participantMessagesPath } from "~/components/registrations/partner-paths";
import { RecipientChoice } from "~/components/messages/recipient-choice";
import { buttonVariants } from "~/components/ui/button";
import { pageOf } from "~/components/ui/pagination";
import { formatDate, formatTimeRange } from "~/lib/dates";
import { recipientChoiceFrom } from "~/lib/forms/participant-message-schema";
import { readSubmission } from "~/lib/forms/read-form.server";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/$id.messages";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const url = new URL(request.url);
  const choice = recipientChoiceFrom(url.searchParams);
  const page = pageOf(url);
  try {
    const found = await getParticipantMessagesPage(context.db, actor, { eventId: params.id, choice, page });
    return { ...found, choice, page, pageSize: MESSAGE_HISTORY_PAGE_SIZE };
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") throw notFoundResponse(error.message);
    throw error;
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const { submission } = await readSubmission(request);
  const { intent, ...input } = submission.payload;
  const request_ = { actor, eventId: params.id, input };
  try {
    switch (intent) {
      case "review": {
        // The same check sending makes, so the count asked about is the one sent to.
        const { recipients } = await prepareParticipantMessage(context.db, request_);
        return { ...submission.reply(), review: { count: recipients.length } };
      }
      case "send": {
        const sent = await sendParticipantMessage(context, request_);
        return redirectWithToast(
          participantMessagesPath(params.id, { audience: sent.audience, teams: sent.teams }),
          "message-sent",
        );
      }
      default:
        throw data("Unknown form", { status: 400 });
    }
  } catch (error) {
    return replyWithRefusal(submission, error);
  }
}

/** Partner pages stay out of shared caches; the limit's Retry-After reaches the browser. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: loaderData ? `Message participants: ${loaderData.event.title}` : "Message participants",
    path: participantMessagesPath(params.id),
    noindex: true,
  });

export default function ParticipantMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { event, partnerName, choice, recipientCount, messages, total, page, pageSize } = loaderData;
  const path = participantMessagesPath(event.id);
  const action = participantMessagesPath(event.id, choice);
  const navigation = useNavigation();
  const busyIntent =
    navigation.state === "submitting" && navigation.formAction?.startsWith(path)
      ? String(navigation.formData?.get("intent") ?? "")
      : null;
  const review = actionData && "review" in actionData ? actionData.review : null;

  return (
    <main id="main" className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <nav aria-label="This event" className="flex flex-wrap gap-2">
        <Link to={editEventPath(event.id)} className={buttonVariants({ variant: "ghost", size: "sm" })}>
          <ArrowLeft aria-hidden="true" /> Back to the event
        </Link>
        <Link
          to={eventRegistrationsPath(event.id)}
          className={buttonVariants({ variant: "ghost", size: "sm" })}
        >
          Registrations
        </Link>
      </nav>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold break-words text-navy-900 sm:text-3xl">Message participants</h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className="font-medium text-slate-900">{event.title}</span>
          <EventStatusBadge status={event.status} />
          <span>
            <time dateTime={event.startsAt.toISOString()}>{formatDate(event.startsAt)}</time>,{" "}
            {formatTimeRange(event.startsAt, event.endsAt)}
          </span>
          {partnerName && <span>{partnerName}</span>}
        </p>
        <p className="text-slate-600">
          Write to the teams registered for this event. Each person gets the mail on their own, and their
          replies go to your organisation&apos;s email address.
        </p>
      </header>

      <RecipientChoice action={path} choice={choice} count={recipientCount} />
      <ComposeMessageForm
        action={action}
        choice={choice}
        lastResult={actionData}
        review={review}
        busyIntent={busyIntent}
      />
      <MessageHistory messages={messages} page={page} pageSize={pageSize} total={total} />
    </main>
  );
}
