import { ArrowLeft } from "~/components/icons/arrow-left";
import { Link } from "react-router";
import { requireArea } from "#server/auth/viewer";
import { loadManagedEvent } from "#server/events/managed-event";
import { orNotFound } from "#server/http/respond";
import { runIntent } from "#server/http/run-intent";
import { redirectWithToast } from "#server/http/toast";
import { getParticipantMessagesPage, MESSAGE_HISTORY_PAGE_SIZE } from "#server/messages/queries";
import { prepareParticipantMessage, sendParticipantMessage } from "#server/messages/send-participant-message";
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
import { editEventPath } from "~/lib/paths";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/$id.messages";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const url = new URL(request.url);
  const choice = recipientChoiceFrom(url.searchParams);
  const page = pageOf(url);
  const found = await orNotFound(
    getParticipantMessagesPage(context.db, actor, { eventId: params.id, choice, page }),
  );
  return { ...found, choice, page, pageSize: MESSAGE_HISTORY_PAGE_SIZE };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const { submission } = await readSubmission(request);
  const command = (input: unknown) => ({ actor, eventId: params.id, input });
  // Checking answers with the count to confirm; sending redirects.
  const reviewed = (count: number) => ({ ...submission.reply(), review: { count } });
  return runIntent(
    submission,
    {
      review: async (input) => {
        // The same check sending makes, so the count asked about is the one sent to.
        const { recipients } = await prepareParticipantMessage(context.db, command(input));
        return reviewed(recipients.length);
      },
      send: async (input) => {
        const sent = await sendParticipantMessage(context, command(input));
        return redirectWithToast(
          participantMessagesPath(params.id, { audience: sent.audience, teams: sent.teams }),
          "message-sent",
        );
      },
    },
    { record: () => loadManagedEvent(context.db, actor, params.id) },
  );
}

/** The limit's Retry-After reaches the browser (the host keeps the page out of shared caches). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: loaderData
      ? m.partner_messages_title({ title: loaderData.event.title })
      : m.partner_message_participants(),
    path: participantMessagesPath(params.id),
    noindex: true,
  });

export default function ParticipantMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { event, partnerName, choice, recipientCount, messages, total, page, pageSize } = loaderData;
  const path = participantMessagesPath(event.id);
  const action = participantMessagesPath(event.id, choice);
  const review = actionData && "review" in actionData ? actionData.review : null;

  return (
    <main id="main" className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <nav aria-label={m.partner_messages_nav_label()} className="flex flex-wrap gap-2">
        <Link to={editEventPath(event.id)} className={buttonVariants({ variant: "ghost", size: "sm" })}>
          <ArrowLeft aria-hidden="true" /> {m.partner_messages_back()}
        </Link>
        <Link
          to={eventRegistrationsPath(event.id)}
          className={buttonVariants({ variant: "ghost", size: "sm" })}
        >
          {m.partner_registrations()}
        </Link>
      </nav>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold break-words text-navy-900 sm:text-3xl">
          {m.partner_message_participants()}
        </h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className="font-medium text-slate-900">{event.title}</span>
          <EventStatusBadge status={event.status} />
          <span>
            <time dateTime={event.startsAt.toISOString()}>{formatDate(event.startsAt)}</time>,{" "}
            {formatTimeRange(event.startsAt, event.endsAt)}
          </span>
          {partnerName && <span>{partnerName}</span>}
        </p>
        <p className="text-slate-600">{m.partner_messages_intro()}</p>
      </header>

      <RecipientChoice action={path} choice={choice} count={recipientCount} />
      <ComposeMessageForm action={action} choice={choice} lastResult={actionData} review={review} />
      <MessageHistory messages={messages} page={page} pageSize={pageSize} total={total} />
    </main>
  );
}
