import type { CheckInCounts } from "#server/check-in/check-in-counts";
import { m } from "~/paraglide/messages";

/** The day's figures as a list of terms: teams and rowers against all, missing declarations. */
function CountList({ counts, className }: { counts: CheckInCounts; className: string }) {
  return (
    <dl className={className}>
      <div>
        <dt className="text-slate-600">{m.check_in_counts_teams()}</dt>
        <dd className="font-medium text-navy-900 tabular-nums">
          {m.check_in_counts_of({ done: counts.teamsCheckedIn, total: counts.teams })}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">{m.check_in_counts_rowers()}</dt>
        <dd className="font-medium text-navy-900 tabular-nums">
          {m.check_in_counts_of({ done: counts.rowersPresent, total: counts.rowers })}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">{m.check_in_counts_declarations()}</dt>
        <dd className="font-medium text-navy-900 tabular-nums">{counts.declarationsMissing}</dd>
      </div>
    </dl>
  );
}

/** The check-in box of an event's page on its day (ADR 038): how far the jetty has come. */
export function CheckInCountsBox({ counts }: { counts: CheckInCounts }) {
  return (
    <section aria-labelledby="event-check-in" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="event-check-in" className="text-lg font-semibold text-navy-900">
        {m.check_in_counts_heading()}
      </h2>
      <CountList counts={counts} className="mt-3 grid gap-3 text-sm sm:grid-cols-3" />
    </section>
  );
}

/** The same figures in a line of a list of events. */
export function CheckInCountsLine({ counts }: { counts: CheckInCounts }) {
  return <CountList counts={counts} className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm" />;
}
