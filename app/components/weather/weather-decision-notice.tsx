import { formatDate, formatTime } from "~/lib/dates";
import type { WeatherDecision } from "~/lib/forms/weather-decision-schema";
import { m } from "~/paraglide/messages";

/** What a decision page or an event page shows of a weather decision. */
export type WeatherDecisionFacts = { decision: WeatherDecision; fromStartsAt: Date; toStartsAt: Date | null };

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

/** The latest weather decision on an event's page, for bookers and the partner alike. */
export function WeatherDecisionNotice({ decision }: { decision: WeatherDecisionFacts | null }) {
  if (!decision) return null;
  return (
    <p className="rounded-md border border-water-600/40 bg-white p-3 text-sm text-slate-800">
      <span className="font-semibold text-navy-900">{m.weather_decide_latest_label()}: </span>
      {weatherDecisionText(decision)}
    </p>
  );
}
