import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { requireArea } from "#server/auth/viewer";
import { figuresInRange } from "#server/reports/event-figures";
import { monthlyReport } from "#server/reports/monthly-report";
import { partnerReport } from "#server/reports/partner-report";
import { MAX_MONTHS, readReportRange } from "#server/reports/report-range";
import { AdminPage, AdminSection } from "~/components/admin/admin-page";
import { FiguresTable } from "~/components/reports/figures-table";
import { Pagination, PastEndNotice, pageOf } from "~/components/ui/pagination";
import { MonthlyCharts } from "~/components/reports/monthly-charts";
import { monthLabel, rangeLabel } from "~/components/reports/months";
import { ReportRangeForm } from "~/components/reports/report-range-form";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { PARTNER_STATUS_LABELS } from "~/lib/partner-status";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const now = new Date();
  const url = new URL(request.url);
  const { range, problems, values } = readReportRange(url.searchParams, now);
  // Both reports add up the same events: read once (the read checks the rights first).
  const figures = figuresInRange(context.db, { actor, range, now });
  const [monthly, partners] = await Promise.all([
    monthlyReport(context.db, { actor, range, now, figures }),
    partnerReport(context.db, { actor, range, now, figures }),
  ]);
  // The partner table is paged (every approved partner is a row: 500 made the page 0.7 MB);
  // its total row and the partner file keep them all.
  const page = pageOf(url);
  const partnerRows = partners.partners.slice((page - 1) * PARTNERS_PAGE_SIZE, page * PARTNERS_PAGE_SIZE);
  return {
    range,
    problems,
    values,
    maxMonths: MAX_MONTHS,
    monthly,
    partners: { ...partners, partners: partnerRows },
    partnerPage: { page, pageSize: PARTNERS_PAGE_SIZE, total: partners.partners.length },
  };
}

const PARTNERS_PAGE_SIZE = 50;

export const meta: Route.MetaFunction = workspacePageMeta(m.reports_title, "/dashboard/admin/reports");

const linkClass = "font-medium text-water-700 underline hover:text-navy-900";

/** The export of a report for the months shown; registrations without months are all of them. */
function exportHref(
  report: "monthly" | "partners" | "registrations",
  range: { from: string; to: string } | "all",
) {
  const query = new URLSearchParams(
    range === "all" ? { report } : { report, from: range.from, to: range.to },
  );
  return `${href("/dashboard/admin/reports/export.csv")}?${query.toString()}`;
}

/** A download link: a plain anchor, since the file is not a page the router could render. */
function ExportLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a href={to} download className={`${linkClass} text-sm`}>
      {children}
    </a>
  );
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { range, problems, values, maxMonths, monthly, partners, partnerPage } = loaderData;
  const period = rangeLabel(range);
  const replaced = Boolean(problems.from || problems.to);
  return (
    <AdminPage title={m.reports_title()} intro={m.reports_intro()}>
      <section aria-labelledby="report-range" className="space-y-3">
        <h2 id="report-range" className="sr-only">
          {m.reports_months()}
        </h2>
        <ReportRangeForm values={values} problems={problems} maxMonths={maxMonths} />
        {replaced && (
          <p
            role="status"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            {m.reports_range_replaced()}
          </p>
        )}
        <p className="text-sm text-slate-600">
          {m.reports_showing()} <strong>{period}</strong>. {m.reports_method()}
        </p>
        <p className="flex flex-wrap gap-x-6 gap-y-1">
          <ExportLink to={exportHref("registrations", "all")}>{m.reports_export_all()}</ExportLink>
          <ExportLink to={exportHref("registrations", range)}>
            {m.reports_export_range({ period })}
          </ExportLink>
        </p>
      </section>

      <AdminSection id="per-month" title={m.reports_per_month()}>
        <MonthlyCharts report={monthly} />
        <FiguresTable
          caption={m.reports_figures_per_month({ period })}
          heading={m.reports_month()}
          rows={monthly.months.map((month) => ({
            key: month.month,
            heading: monthLabel(month.month),
            figures: month.figures,
          }))}
          total={monthly.total}
          currencies={monthly.currencies}
        />
        <ExportLink to={exportHref("monthly", range)}>
          {m.reports_export_csv()}
          <span className="sr-only">{m.reports_export_month_hint()}</span>
        </ExportLink>
      </AdminSection>

      <AdminSection id="per-partner" title={m.reports_per_partner()}>
        <FiguresTable
          caption={m.reports_figures_per_partner({ period })}
          heading={m.reports_partner()}
          extraHeadings={[m.reports_tier(), m.reports_rcl_share()]}
          rows={partners.partners.map((partner) => ({
            key: partner.id,
            heading: (
              <>
                <Link to={href("/dashboard/admin/partners/:id", { id: partner.id })} className={linkClass}>
                  {partner.name}
                </Link>
                {partner.status !== "approved" && (
                  <span className="font-normal text-slate-500">
                    {" "}
                    ({PARTNER_STATUS_LABELS[partner.status]})
                  </span>
                )}
              </>
            ),
            cells: [
              partner.tier === "premium" ? m.admin_tier_premium() : m.admin_tier_basic(),
              `${partner.sharePercent} %`,
            ],
            figures: partner.figures,
          }))}
          total={partners.total}
          currencies={partners.currencies}
        />
        <PastEndNotice
          shown={partners.partners.length === 0 && partnerPage.total > 0}
          to={`?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`}
        />
        <Pagination {...partnerPage} label={m.reports_partner_pages()} />
        <ExportLink to={exportHref("partners", range)}>
          {m.reports_export_csv()}
          <span className="sr-only">{m.reports_export_partner_hint()}</span>
        </ExportLink>
      </AdminSection>
    </AdminPage>
  );
}
