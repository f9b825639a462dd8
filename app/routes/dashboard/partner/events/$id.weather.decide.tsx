import { requireArea } from "#server/auth/viewer";
import { loadManagedEvent, loadRevision } from "#server/events/managed-event";
import { orNotFound } from "#server/http/respond";
import { runIntent } from "#server/http/run-intent";
import { redirectWithToast } from "#server/http/toast";
import { decideWeather } from "#server/weather/decide-weather";
import { weatherDecisionsOf } from "#server/weather/queries";
import { RecordPage, replyTo } from "~/components/dashboard/record-page";
import { CancelEventForm } from "~/components/events/event-editor/cancel-event-form";
import { EventStatusBadge } from "~/components/events/event-status";
import { buttonVariants } from "~/components/ui/button";
import { useConfirmStep } from "~/components/ui/confirm-step";
import { GoForm, MoveForm } from "~/components/weather/weather-decision-forms";
import { weatherDecisionText, weatherForecastText } from "~/components/weather/weather-decision-notice";
import { formatDate, formatTime, formatTimeRange } from "~/lib/dates";
import { readSubmission } from "~/lib/forms/read-form.server";
import type { WeatherDecision } from "~/lib/forms/weather-decision-schema";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import { editEventPath, weatherDecisionPath } from "~/lib/paths";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/$id.weather.decide";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const event = await orNotFound(loadManagedEvent(context.db, actor, params.id));
  const revision = await loadRevision(context.db, event.id);
  const now = new Date();
  const backup =
    event.backupStartsAt && event.backupEndsAt
      ? { startsAt: event.backupStartsAt, endsAt: event.backupEndsAt }
      : null;
  // Only an approved backup date is moved to: the page says when a change waits for review.
  const values = revision?.status === "pending_review" ? revision.values : null;
  const pendingDates =
    values !== null &&
    ((values.backupStartsAt ?? null) !== (backup?.startsAt.toISOString() ?? null) ||
      values.startsAt !== event.startsAt.toISOString());
  const open = event.status === "published" && event.startsAt > now;
  const asked = new URL(request.url).searchParams;
  return {
    event: {
      id: event.id,
      title: event.title,
      status: event.status,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
    },
    backup,
    pendingDates,
    decisions: (await weatherDecisionsOf(context.db, event.id)).map((row) => ({
      id: row.id,
      decision: row.decision,
      note: row.note,
      fromStartsAt: row.fromStartsAt,
      toStartsAt: row.toStartsAt,
      decidedEmail: row.decidedEmail,
      decidedAt: row.decidedAt,
      forecast: row.forecast,
    })),
    open,
    // Why "Move" is not offered, when it is not: the command refuses the same cases.
    moveBlocked: !backup ? "none" : backup.startsAt <= now ? "past" : null,
    askMove: open && asked.get("move") === "1",
    askCancel: open && asked.get("cancel") === "1",
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const { submission } = await readSubmission(request);
  const path = weatherDecisionPath(params.id);
  const decide =
    (decision: WeatherDecision, toast: "weather-go" | "weather-moved" | "weather-cancelled") =>
    async (input: Record<string, unknown>) => {
      await decideWeather(context, { actor, eventId: params.id, decision, input });
      return redirectWithToast(path, toast);
    };
  return runIntent(
    submission,
    {
      go: decide("go", "weather-go"),
      move: decide("move", "weather-moved"),
      cancel: decide("cancel", "weather-cancelled"),
    },
    { record: () => loadManagedEvent(context.db, actor, params.id) },
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: loaderData
      ? m.weather_decide_title({ title: loaderData.event.title })
      : m.weather_decide_title_plain(),
    path: weatherDecisionPath(params.id),
    noindex: true,
  });

const when = (range: { startsAt: Date; endsAt: Date }) => (
  <>
    <time dateTime={range.startsAt.toISOString()}>{formatDate(range.startsAt)}</time>,{" "}
    {formatTimeRange(range.startsAt, range.endsAt)}
  </>
);

type LoaderData = Route.ComponentProps["loaderData"];

export default function WeatherDecide({ loaderData, actionData }: Route.ComponentProps) {
  const { event, backup, pendingDates, decisions, open, moveBlocked } = loaderData;
  const path = weatherDecisionPath(event.id);
  const { move, cancel } = useDecisionQuestions(loaderData, actionData);
  const [latest, ...earlier] = decisions;

  return (
    <RecordPage
      back={{ to: editEventPath(event.id), label: event.title }}
      title={m.weather_decide_title({ title: event.title })}
      facts={
        <>
          <EventStatusBadge status={event.status} />
          <span>
            {m.weather_decide_event_time()}: {when(event)}
          </span>
          <span>
            {m.weather_decide_backup()}: {backup ? when(backup) : m.weather_decide_no_backup()}
          </span>
        </>
      }
      below={pendingDates && <p className="text-sm text-slate-600">{m.weather_decide_backup_pending()}</p>}
    >
      <section aria-labelledby="weather-latest" className="space-y-2">
        <h2 id="weather-latest" className="text-lg font-semibold text-navy-900">
          {m.weather_decide_latest()}
        </h2>
        {latest ? (
          <DecisionEntry entry={latest} />
        ) : (
          <p className="text-slate-600">{m.weather_decide_none()}</p>
        )}
        {earlier.length > 0 && (
          <>
            <h3 className="pt-2 font-semibold text-navy-900">{m.weather_decide_history()}</h3>
            <ol className="space-y-2">
              {earlier.map((entry) => (
                <li key={entry.id}>
                  <DecisionEntry entry={entry} />
                </li>
              ))}
            </ol>
          </>
        )}
      </section>

      {open ? (
        <>
          <section aria-labelledby="weather-go" className="space-y-3 rounded-md border border-slate-200 p-4">
            <h2 id="weather-go" className="text-lg font-semibold text-navy-900">
              {m.weather_decide_go_heading()}
            </h2>
            <p className="text-sm text-slate-700">{m.weather_decide_go_hint()}</p>
            <GoForm action={path} lastResult={replyTo(actionData, "go") ?? null} />
          </section>

          <section
            aria-labelledby="weather-move"
            className="space-y-3 rounded-md border border-slate-200 p-4"
          >
            <h2 id="weather-move" className="text-lg font-semibold text-navy-900">
              {m.weather_decide_move_heading()}
            </h2>
            <p className="text-sm text-slate-700">{m.weather_decide_move_hint()}</p>
            {moveBlocked ? (
              <>
                <button
                  type="button"
                  disabled
                  aria-describedby="weather-move-blocked"
                  className={buttonVariants({ variant: "outline" })}
                >
                  {m.weather_decide_move_link()}
                </button>
                <p id="weather-move-blocked" className="text-sm text-slate-700">
                  {moveBlocked === "none" ? m.weather_decide_move_none() : m.weather_decide_move_past()}
                </p>
              </>
            ) : (
              move.link
            )}
            {move.question}
          </section>

          <section
            aria-labelledby="weather-cancel"
            className="space-y-3 rounded-md border border-slate-200 p-4"
          >
            <h2 id="weather-cancel" className="text-lg font-semibold text-navy-900">
              {m.weather_decide_cancel_heading()}
            </h2>
            <p className="text-sm text-slate-700">{m.weather_decide_cancel_hint()}</p>
            {cancel.link}
            {cancel.question}
          </section>
        </>
      ) : (
        <p className="text-slate-700">{m.weather_decide_closed()}</p>
      )}
    </RecordPage>
  );
}

function DecisionEntry({ entry }: { entry: LoaderData["decisions"][number] }) {
  return (
    <div className="rounded-md border border-slate-200 bg-white p-3 text-sm">
      <p className="font-medium text-slate-900">{weatherDecisionText(entry)}</p>
      <p className="text-slate-600">
        {m.weather_decided_by({
          when: `${formatDate(entry.decidedAt)}, ${formatTime(entry.decidedAt)}`,
          email: entry.decidedEmail,
        })}
      </p>
      <p className="text-slate-600">{weatherForecastText(entry.forecast)}</p>
      {entry.note && <p className="mt-1 break-words whitespace-pre-line text-slate-800">{entry.note}</p>}
    </div>
  );
}

/** "Move to backup date…" and "Cancel the event…": each asked first, in a dialog or on the page. */
function useDecisionQuestions(
  { event, backup, askMove, askCancel }: LoaderData,
  actionData: Route.ComponentProps["actionData"],
) {
  const path = weatherDecisionPath(event.id);
  const moveReply = replyTo(actionData, "move") ?? null;
  const cancelReply = replyTo(actionData, "cancel") ?? null;
  const move = useConfirmStep({
    id: "weather-move-question",
    askHref: `${path}?move=1`,
    backHref: path,
    asked: askMove,
    lastResult: moveReply,
    label: m.weather_decide_move_link(),
    heading: m.weather_decide_move_question({
      title: event.title,
      when: backup
        ? `${formatDate(backup.startsAt)}, ${formatTimeRange(backup.startsAt, backup.endsAt)}`
        : "",
    }),
    consequence: m.weather_decide_move_hint(),
    keepLabel: m.weather_decide_keep_date(),
    headingLevel: 3,
    renderForm: (keep) => <MoveForm action={path} lastResult={moveReply} keep={keep} />,
  });
  const cancel = useConfirmStep({
    id: "weather-cancel-question",
    askHref: `${path}?cancel=1`,
    backHref: path,
    asked: askCancel,
    lastResult: cancelReply,
    label: m.weather_decide_cancel_link(),
    heading: m.partner_edit_cancel_heading({ title: event.title }),
    consequence: m.weather_decide_cancel_hint(),
    keepLabel: m.partner_edit_keep_event(),
    danger: true,
    headingLevel: 3,
    renderForm: (keep) => <CancelEventForm action={path} lastResult={cancelReply} keep={keep} />,
  });
  return { move, cancel };
}
