import type { DecisionForecast, LimitMark } from "#server/db/schema";
import { formatDate, formatTime } from "~/lib/dates";
import type { WeatherDecision } from "~/lib/forms/weather-decision-schema";
import { INTL_LOCALE } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";

/** What a decision page or an event page shows of a weather decision. */
export type WeatherDecisionFacts = { decision: WeatherDecision; fromStartsAt: Date; toStartsAt: Date | null };

const CHECKPOINT_WORDS: Record<DecisionForecast["checkpoint"], () => string> = {
  "72h": m.weather_checkpoint_72h,
  "48h": m.weather_checkpoint_48h,
  "24h": m.weather_checkpoint_24h,
  manual: m.weather_checkpoint_manual,
};
const MARK_WORDS: Record<LimitMark, () => string> = {
  within: m.weather_mark_within,
  outside: m.weather_mark_outside,
  unknown: m.weather_mark_unknown,
};
const VERDICT_WORDS: Record<LimitMark, () => string> = {
  within: m.weather_decision_verdict_within,
  outside: m.weather_decision_verdict_outside,
  unknown: m.weather_decision_verdict_unknown,
};

/**
 * The forecast a decision was taken on, in words, for the partner's pages: when and at
 * which checkpoint it was fetched, the worst of the event's hours with each figure's mark
 * against the limits as they were, and the verdict; or that there was no forecast.
 */
export function weatherForecastText(forecast: DecisionForecast | null): string {
  if (!forecast) return m.weather_decision_no_forecast();
  const number = new Intl.NumberFormat(INTL_LOCALE[getLocale()], {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const figure = (value: number | null, mark: LimitMark, known: (value: string) => string, none: string) =>
    value === null ? none : `${known(number.format(value))} (${MARK_WORDS[mark]()})`;
  const figures = [
    figure(
      forecast.windMs,
      forecast.marks.wind,
      (value) => m.weather_decision_wind({ value }),
      m.weather_decision_wind_none(),
    ),
    figure(
      forecast.gustMs,
      forecast.marks.gust,
      (value) => m.weather_decision_gust({ value }),
      m.weather_decision_gust_none(),
    ),
    figure(
      forecast.waterC,
      forecast.marks.water,
      (value) => m.weather_decision_water({ value }),
      m.weather_decision_water_none(),
    ),
    ...(forecast.winter ? [m.weather_winter_rules()] : []),
  ].join(", ");
  const fetchedAt = new Date(forecast.fetchedAt);
  return `${m.weather_decision_on_forecast({
    fetched: `${formatDate(fetchedAt)}, ${formatTime(fetchedAt)}`,
    checkpoint: CHECKPOINT_WORDS[forecast.checkpoint](),
    figures,
  })} ${VERDICT_WORDS[forecast.verdict]()}`;
}

const moment = (value: Date) => `${formatDate(value)}, ${formatTime(value)}`;

/** The decision in one line: "Go: the club expects to row", "Moved because of the weather from … to …". */
export function weatherDecisionText({ decision, fromStartsAt, toStartsAt }: WeatherDecisionFacts): string {
  switch (decision) {
    case "go":
      return m.weather_decision_go();
    case "move":
      return m.weather_decision_move({ from: moment(fromStartsAt), to: moment(toStartsAt ?? fromStartsAt) });
    case "cancel":
      return m.weather_decision_cancel();
  }
}

/**
 * The latest weather decision on the partner's event page, with the forecast it was taken
 * on beside it.
 */
export function WeatherDecisionNotice({
  decision,
}: {
  decision: (WeatherDecisionFacts & { forecast: DecisionForecast | null }) | null;
}) {
  if (!decision) return null;
  return (
    <div className="space-y-1 rounded-md border border-water-600/40 bg-white p-3 text-sm text-slate-800">
      <p>
        <span className="font-semibold text-navy-900">{m.weather_decide_latest_label()}: </span>
        {weatherDecisionText(decision)}
      </p>
      <p className="text-slate-600">{weatherForecastText(decision.forecast)}</p>
    </div>
  );
}
