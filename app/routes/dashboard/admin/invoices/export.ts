import { namesPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { csvResponse } from "#server/csv/csv-file";
import { orNotFound } from "#server/http/respond";
import { invoicesCsv } from "#server/invoices/invoices-csv";
import { copenhagenToday } from "#server/invoices/document-status";
import { checkInvoiceFilters, listInvoicesForExport, readInvoiceFilters } from "#server/invoices/queries";
import type { Route } from "./+types/export";

/**
 * GET /dashboard/admin/invoices/export.csv: every document the list's filters match (all
 * pages), as a file to book from, in the list's order.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const { filters } = readInvoiceFilters(new URL(request.url));
  await orNotFound(checkInvoiceFilters(context.db, actor, filters));
  const now = new Date();
  const rows = await listInvoicesForExport(context.db, { actor, area: "admin", filters, now });
  return csvResponse(
    `invoices-${copenhagenToday(now)}.csv`,
    invoicesCsv(rows, { seller: namesPartners(actor) }),
  );
}
