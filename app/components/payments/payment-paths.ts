import { href } from "react-router";

/** The admin's list of online payments. */
export const ADMIN_PAYMENTS_PATH = href("/dashboard/admin/payments");

/** The CSV of the list's filters (`query`, as the list's address has it, the page left out). */
export function paymentsExportPath(query: string) {
  const params = new URLSearchParams(query);
  params.delete("page");
  const search = params.toString();
  const path = href("/dashboard/admin/payments/export.csv");
  return search ? `${path}?${search}` : path;
}
