import { requireArea } from "#server/auth/viewer";
import { csvResponse } from "#server/csv/csv-file";
import { orNotFound } from "#server/http/respond";
import { copenhagenToday } from "#server/invoices/document-status";
import { paymentsCsv } from "#server/online-payments/payments-csv";
import {
  checkPaymentFilters,
  listPaymentsForExport,
  readPaymentFilters,
} from "#server/online-payments/queries";
import type { Route } from "./+types/export";

/**
 * GET /dashboard/admin/payments/export.csv: every payment the list's filters match (all
 * pages), in the list's order.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const { filters } = readPaymentFilters(new URL(request.url));
  await orNotFound(checkPaymentFilters(context.db, actor, filters));
  const rows = await listPaymentsForExport(context.db, { actor, filters });
  return csvResponse(`payments-${copenhagenToday(new Date())}.csv`, paymentsCsv(rows));
}
