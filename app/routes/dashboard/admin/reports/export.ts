import { canReadReports } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { csvResponse, csvStreamResponse } from "#server/csv/csv-file";
import { forbidden } from "#server/errors";
import { notFoundResponse } from "#server/http/respond";
import { monthlyReport } from "#server/reports/monthly-report";
import { partnerReport } from "#server/reports/partner-report";
import { monthlyReportCsv, partnerReportCsv, registrationColumns } from "#server/reports/report-csv";
import { readReportRange } from "#server/reports/report-range";
import { registrationPagesInRange } from "#server/reports/registrations-export";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/export";

const REPORTS = ["monthly", "partners", "registrations"] as const;
type ReportName = (typeof REPORTS)[number];

const isReportName = (value: string | null): value is ReportName =>
  (REPORTS as readonly (string | null)[]).includes(value);

/**
 * GET /dashboard/admin/reports/export.csv?report=monthly|partners|registrations&from=YYYY-MM&to=YYYY-MM:
 * a report's table, or every registration of the range, as a file Excel opens in Danish.
 * Registrations without months are all of them, ever. Unlike the page, a range that is
 * not understood is refused rather than replaced: a file of other months than asked for
 * would be easy to mistake for the right one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  if (!canReadReports(actor)) throw forbidden();
  const url = new URL(request.url);
  const report = url.searchParams.get("report");
  if (!isReportName(report)) throw notFoundResponse(m.reports_not_found());
  const { db } = context;
  if (report === "registrations" && !url.searchParams.has("from") && !url.searchParams.has("to")) {
    return csvStreamResponse(
      "rcl-registrations-all.csv",
      registrationColumns(),
      registrationPagesInRange(db, { actor, range: "all" }),
    );
  }
  const now = new Date();
  const { range, problems } = readReportRange(url.searchParams, now);
  const messages = [problems.from && `from: ${problems.from}`, problems.to && `to: ${problems.to}`].filter(
    Boolean,
  );
  if (messages.length > 0) {
    return new Response(`${m.reports_months_not_understood()}\n${messages.join("\n")}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }

  const filename = `rcl-${report}-${range.from}-to-${range.to}.csv`;
  switch (report) {
    case "monthly":
      return csvResponse(filename, monthlyReportCsv(await monthlyReport(db, { actor, range, now })));
    case "partners":
      return csvResponse(filename, partnerReportCsv(await partnerReport(db, { actor, range, now })));
    case "registrations":
      return csvStreamResponse(
        filename,
        registrationColumns(),
        registrationPagesInRange(db, { actor, range }),
      );
  }
}
