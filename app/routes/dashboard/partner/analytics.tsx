import { readDateRange } from "#server/analytics/date-range";
import {
  ANALYTICS_EVENTS_PAGE_SIZE,
  getPartnerAnalytics,
  listAnalyticsEvents,
} from "#server/analytics/partner-analytics";
import { requireArea } from "#server/auth/viewer";
import { isAppError } from "#server/errors";
import { notFoundResponse } from "#server/http/respond";
import { AdminPage } from "~/components/admin/admin-page";
import { AnalyticsCharts } from "~/components/analytics/analytics-charts";
import { AnalyticsEventTable, AnalyticsTotals } from "~/components/analytics/analytics-figures";
import { AnalyticsFilters } from "~/components/analytics/analytics-filters";
import { longDay } from "~/components/analytics/format";
import { Pagination, pageOf } from "~/components/ui/pagination";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/analytics";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const url = new URL(request.url);
  const { range, asked, problems } = readDateRange(url.searchParams, new Date());
  const eventId = url.searchParams.get("event")?.trim() || null;
  const page = pageOf(url);
  try {
    const [analytics, eventOptions] = await Promise.all([
      getPartnerAnalytics(context.db, { actor, range, eventId, page }),
      listAnalyticsEvents(context.db, actor, eventId),
    ]);
    // The totals are every listed event's; the table shows a page of them (an admin's range
    // can list thousands).
    return {
      range,
      asked,
      problems,
      eventId: eventId ?? "",
      eventOptions,
      ...analytics,
      page,
      pageSize: ANALYTICS_EVENTS_PAGE_SIZE,
    };
  } catch (error) {
    // Another partner's event, or one that does not exist: the same 404 for both.
    if (isAppError(error) && error.code === "not_found") throw notFoundResponse(error.message);
    throw error;
  }
}

export const meta: Route.MetaFunction = workspacePageMeta(
  m.partner_analytics_title,
  "/dashboard/partner/analytics",
);

export default function PartnerAnalyticsPage({ loaderData }: Route.ComponentProps) {
  const {
    range,
    asked,
    problems,
    eventId,
    eventOptions,
    allPartners,
    totals,
    events,
    charts,
    eventCount,
    page,
    pageSize,
  } = loaderData;
  const rejected = Boolean(problems.from || problems.to);
  const days = `${longDay(range.from)} – ${longDay(range.to)}`;
  return (
    <AdminPage
      title={m.partner_analytics_title()}
      intro={allPartners ? m.partner_analytics_intro_admin() : m.partner_analytics_intro()}
    >
      <AnalyticsFilters
        from={rejected ? asked.from : range.from}
        to={rejected ? asked.to : range.to}
        problems={problems}
        eventId={eventId}
        eventOptions={eventOptions}
        allPartners={allPartners}
      />
      {rejected && (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          {m.partner_analytics_dates_rejected()}
        </p>
      )}
      <section aria-labelledby="analytics-range" className="space-y-6">
        <div>
          <h2 id="analytics-range" className="text-xl font-semibold text-navy-900">
            {days}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{m.partner_analytics_range_note()}</p>
        </div>
        <AnalyticsTotals totals={totals} />
        <AnalyticsCharts charts={charts} />
        <AnalyticsEventTable rows={events} allPartners={allPartners} />
        <Pagination page={page} pageSize={pageSize} total={eventCount} label={m.analytics_table_pages()} />
      </section>
    </AdminPage>
  );
}
