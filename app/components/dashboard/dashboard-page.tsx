import type { ReactNode } from "react";
import type { WeekCount } from "#server/dashboard/registrations-per-week";
import { m } from "~/paraglide/messages";
import { ActivityChart } from "./activity-chart";
import { QuickActions, type QuickAction } from "./quick-actions";
import { StatGrid, type Stat } from "./stat-card";

/**
 * A role's dashboard (spec §2), in the order every role shares: the heading with a line
 * of context, the figures, the next events or bookings, quick actions and the activity
 * chart.
 */
export function DashboardPage({
  intro,
  stats,
  table,
  quickActions,
  activity,
  notice,
}: {
  intro: ReactNode;
  /** Shown first under the heading: what the person should do next (a partner's onboarding). */
  notice?: ReactNode;
  stats: Stat[];
  /** The role's five-row table (a `NextEventsTable`). */
  table: ReactNode;
  quickActions: QuickAction[];
  activity: { weeks: WeekCount[]; description: string };
}) {
  return (
    <main id="main" className="mx-auto max-w-7xl space-y-8 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header>
        <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">{m.dash_heading()}</h1>
        <p className="mt-1 text-slate-600">{intro}</p>
      </header>
      {notice}
      <StatGrid stats={stats} />
      {table}
      <QuickActions actions={quickActions} />
      <ActivityChart weeks={activity.weeks} description={activity.description} />
    </main>
  );
}
