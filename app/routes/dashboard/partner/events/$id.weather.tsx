import { ArrowLeft } from "~/components/icons/arrow-left";
import { Form, href, Link } from "react-router";
import { requireArea } from "#server/auth/viewer";
import { orNotFound } from "#server/http/respond";
import { redirectAfter, runIntent } from "#server/http/run-intent";
import { redirectWithToast } from "#server/http/toast";
import { loadManagedEvent } from "#server/events/managed-event";
import { fetchForecastNow } from "#server/weather/fetch-forecast-now";
import { saveWeatherLimits } from "#server/weather/save-weather-limits";
import { getWeatherBoard, type Mark, type WeatherBoard } from "#server/weather/weather-board";
import { AdminFormCard } from "~/components/admin/admin-form-card";
import { replyTo } from "~/components/dashboard/record-page";
import { RefusalMessage } from "~/components/forms/refusal-message";
import { buttonVariants } from "~/components/ui/button";
import { CheckboxField, TextField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatDate, formatInstant, formatTime, formatTimeRange } from "~/lib/dates";
import { weatherLimitsSchema } from "~/lib/forms/weather-limits-schema";
import { readSubmission } from "~/lib/forms/read-form.server";
import { INTL_LOCALE } from "~/lib/i18n/locale";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import { editEventPath } from "~/lib/paths";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import type { Route } from "./+types/$id.weather";

const HOUR_MS = 3_600_000;

const weatherPath = (eventId: string) => href("/dashboard/partner/events/:id/weather", { id: eventId });
/** The weather decision's page (go, move, cancel), built beside this board. */
const decidePath = (eventId: string) => `${weatherPath(eventId)}/decide`;

/** The board reads the database alone: no page waits on DMI (ADR 038). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const now = new Date();
  const board = await orNotFound(
    getWeatherBoard(context.db, actor, { eventId: params.id, forecast: context.forecast, now }),
    m.err_event_not_found(),
  );
  return { ...board, now };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const { submission } = await readSubmission(request);
  const here = weatherPath(params.id);
  return runIntent(
    submission,
    {
      limits: redirectAfter(here, "weather-limits-saved", (input) =>
        saveWeatherLimits(context, { actor, eventId: params.id, input }),
      ),
      // Waits on DMI within the adapter's timeout; a failed answer is stored and shown, not thrown.
      fetch: async () => {
        const row = await fetchForecastNow(context, { actor, eventId: params.id });
        return redirectWithToast(here, row.ok ? "forecast-fetched" : "forecast-failed");
      },
    },
    { record: () => loadManagedEvent(context.db, actor, params.id) },
  );
}

/** The limit's Retry-After reaches the browser. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: loaderData ? m.weather_title({ title: loaderData.event.title }) : m.weather_heading(),
    path: weatherPath(params.id),
    noindex: true,
  });

function useNumber() {
  const format = new Intl.NumberFormat(INTL_LOCALE[getLocale()], {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return (value: number | null) => (value === null ? "–" : format.format(value));
}

const MARK_WORDS: Record<Mark, () => string> = {
  within: m.weather_mark_within,
  outside: m.weather_mark_outside,
  unknown: m.weather_mark_unknown,
};
const MARK_CLASS: Record<Mark, string> = {
  within: "bg-green-50 text-green-800",
  outside: "bg-red-50 text-red-800 font-semibold",
  unknown: "bg-slate-50 text-slate-700",
};

function Figure({ value, mark, unit }: { value: string; mark: Mark; unit: string }) {
  return (
    <td className={`px-3 py-2 tabular-nums ${MARK_CLASS[mark]}`}>
      {value} {unit} <span className="text-xs">({MARK_WORDS[mark]()})</span>
    </td>
  );
}

const CHECKPOINT_WORDS: Record<string, () => string> = {
  "72h": m.weather_checkpoint_72h,
  "48h": m.weather_checkpoint_48h,
  "24h": m.weather_checkpoint_24h,
  manual: m.weather_checkpoint_manual,
};

const FAILURE_WORDS: Record<string, () => string> = {
  "outside-grid": m.weather_failure_outside_grid,
  "upstream-unavailable": m.weather_failure_unavailable,
  refused: m.weather_failure_refused,
  timeout: m.weather_failure_timeout,
  malformed: m.weather_failure_malformed,
};
const failureWords = (failure: string | null) => (FAILURE_WORDS[failure ?? ""] ?? m.weather_failure_other)();

/** "Fetched 3 hours ago; the last try failed at 09:15", or what is missing instead. */
function Status({ board, now }: { board: WeatherBoard; now: Date }) {
  if (!board.configured)
    return <p className="rounded-md bg-amber-50 p-3 text-amber-900">{m.weather_not_configured()}</p>;
  if (!board.point.event && !board.point.partner) {
    return <p className="rounded-md bg-amber-50 p-3 text-amber-900">{m.weather_no_point()}</p>;
  }
  const good = board.latestGood;
  const hours = good ? Math.floor((now.getTime() - good.fetchedAt.getTime()) / HOUR_MS) : 0;
  const fetched = !good
    ? m.weather_none_yet()
    : hours < 1
      ? m.weather_fetched_under_hour()
      : hours === 1
        ? m.weather_fetched_one_hour()
        : m.weather_fetched_hours({ hours });
  return (
    <p className={board.lastFailure ? "rounded-md bg-amber-50 p-3 text-amber-900" : "text-slate-700"}>
      {fetched}
      {board.lastFailure && (
        <>
          {" "}
          {m.weather_last_try_failed({ time: formatTime(board.lastFailure.fetchedAt) })}{" "}
          {failureWords(board.lastFailure.failure)}
        </>
      )}
    </p>
  );
}

function ForecastTable({ forecast }: { forecast: WeatherBoard["forecasts"][number] }) {
  const number = useNumber();
  const caption = m.weather_table_caption({
    checkpoint: CHECKPOINT_WORDS[forecast.checkpoint]!(),
    fetched: formatInstant(forecast.fetchedAt),
  });
  return (
    <section className="space-y-2" aria-label={caption}>
      <div className="overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <caption className="pb-2 text-left font-semibold text-navy-900">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="px-3 py-2">
                {m.weather_col_hour()}
              </th>
              <th scope="col" className="px-3 py-2">
                {m.weather_col_wind()}
              </th>
              <th scope="col" className="px-3 py-2">
                {m.weather_col_gust()}
              </th>
              <th scope="col" className="px-3 py-2">
                {m.weather_col_water()}
              </th>
              <th scope="col" className="px-3 py-2">
                {m.weather_col_air()}
              </th>
            </tr>
          </thead>
          <tbody>
            {forecast.hours.map((hour) => (
              <tr key={hour.hour} className="border-b border-slate-100">
                <th scope="row" className="px-3 py-2 font-normal tabular-nums">
                  {formatTime(new Date(hour.hour))}
                </th>
                <Figure value={number(hour.windMs)} unit="m/s" mark={hour.wind} />
                <Figure value={number(hour.gustMs)} unit="m/s" mark={hour.gust} />
                <td className={`px-3 py-2 tabular-nums ${MARK_CLASS[hour.water]}`}>
                  {number(hour.waterC)} °C <span className="text-xs">({MARK_WORDS[hour.water]()})</span>
                  {hour.winter && (
                    <strong className="ml-2 text-xs text-blue-800">{m.weather_winter_rules()}</strong>
                  )}
                </td>
                <td className="px-3 py-2 tabular-nums">{number(hour.airC)} °C</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {forecast.windNotForecastYet && <p className="text-sm text-slate-600">{m.weather_wind_not_yet()}</p>}
      <p className="text-xs text-slate-500">
        {forecast.modelRuns
          .map((run) =>
            m.weather_model_run({
              collection: run.collection,
              lat: run.gridPoint[1].toFixed(3),
              lon: run.gridPoint[0].toFixed(3),
              first: formatInstant(new Date(run.firstStep)),
              last: formatInstant(new Date(run.lastStep)),
            }),
          )
          .join(" · ")}
      </p>
    </section>
  );
}

export default function WeatherBoardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, limits, point, forecasts, checkpoints, configured, fetchesLeft, upcoming, now } = loaderData;
  const partnerPoint = point.partner ? `${point.partner.lat}, ${point.partner.lon}` : null;
  return (
    <main id="main" className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <nav aria-label={m.weather_nav_label()} className="flex flex-wrap gap-2">
        <Link to={editEventPath(event.id)} className={buttonVariants({ variant: "ghost", size: "sm" })}>
          <ArrowLeft aria-hidden="true" /> {m.weather_back()}
        </Link>
      </nav>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold break-words text-navy-900 sm:text-3xl">{m.weather_heading()}</h1>
        <p className="text-sm text-slate-600">
          <span className="font-medium text-slate-900">{event.title}</span>,{" "}
          <time dateTime={event.startsAt.toISOString()}>{formatDate(event.startsAt)}</time>,{" "}
          {formatTimeRange(event.startsAt, event.endsAt)}, {event.location}
        </p>
        <p className="text-slate-600">{m.weather_intro()}</p>
      </header>

      <Status board={loaderData} now={now} />

      <div className="flex flex-wrap items-center gap-3">
        {configured && upcoming && (point.event || point.partner) && (
          <Form method="post">
            <input type="hidden" name="intent" value="fetch" />
            <SubmitButton variant="outline" disabled={fetchesLeft === 0}>
              {m.weather_fetch_now()}
            </SubmitButton>
          </Form>
        )}
        {upcoming && (
          <Link to={decidePath(event.id)} className={buttonVariants({ variant: "default" })}>
            {m.weather_decide()}
          </Link>
        )}
      </div>
      <RefusalMessage lastResult={replyTo(actionData, "fetch")} />
      {configured && upcoming && (
        <p className="text-sm text-slate-600">{m.weather_fetches_left({ count: fetchesLeft })}</p>
      )}

      <section aria-labelledby="checkpoints" className="space-y-2">
        <h2 id="checkpoints" className="text-lg font-semibold text-navy-900">
          {m.weather_checkpoints_heading()}
        </h2>
        <ul className="space-y-1 text-sm text-slate-700">
          {checkpoints.map((checkpoint) => (
            <li key={checkpoint.checkpoint}>
              <span className="font-medium">{CHECKPOINT_WORDS[checkpoint.checkpoint]!()}</span>
              {" – "}
              {checkpoint.state === "fetched"
                ? m.weather_state_fetched()
                : checkpoint.state === "failed"
                  ? `${m.weather_state_failed({ time: formatTime(checkpoint.failedAt ?? now) })} ${failureWords(checkpoint.failure)}`
                  : checkpoint.state === "due"
                    ? m.weather_state_due()
                    : checkpoint.state === "skipped"
                      ? m.weather_state_skipped()
                      : m.weather_state_later({ at: formatInstant(checkpoint.dueAt) })}
            </li>
          ))}
        </ul>
      </section>

      {forecasts.length > 0 && (
        <section aria-labelledby="forecasts" className="space-y-6">
          <h2 id="forecasts" className="text-lg font-semibold text-navy-900">
            {m.weather_forecasts_heading()}
          </h2>
          {forecasts.map((forecast) => (
            <ForecastTable key={forecast.id} forecast={forecast} />
          ))}
        </section>
      )}

      <AdminFormCard
        intent="limits"
        title={m.weather_limits_heading()}
        schema={weatherLimitsSchema}
        defaultValue={{
          maxWindMs: limits.maxWindMs ?? "",
          maxGustMs: limits.maxGustMs ?? "",
          minWaterC: limits.minWaterC ?? "",
          forecastLat: point.event?.lat ?? "",
          forecastLon: point.event?.lon ?? "",
        }}
        lastResult={replyTo(actionData, "limits")}
        className="space-y-4"
      >
        {(fields) => (
          <>
            <p className="text-sm text-slate-600">{m.weather_limits_hint()}</p>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField
                field={fields.maxWindMs}
                label={m.weather_field_wind()}
                inputMode="decimal"
                optional
              />
              <TextField
                field={fields.maxGustMs}
                label={m.weather_field_gust()}
                inputMode="decimal"
                optional
              />
              <TextField
                field={fields.minWaterC}
                label={m.weather_field_water()}
                inputMode="decimal"
                optional
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                field={fields.forecastLat}
                label={m.weather_field_lat()}
                inputMode="decimal"
                hint={
                  partnerPoint ? m.weather_point_default({ point: partnerPoint }) : m.weather_point_hint()
                }
                placeholder={point.partner?.lat}
                optional
              />
              <TextField
                field={fields.forecastLon}
                label={m.weather_field_lon()}
                inputMode="decimal"
                placeholder={point.partner?.lon}
                optional
              />
            </div>
            <CheckboxField field={fields.partnerDefault} label={m.weather_field_partner_default()} />
            <SubmitButton>{m.weather_limits_save()}</SubmitButton>
          </>
        )}
      </AdminFormCard>
    </main>
  );
}
