import { href } from "react-router";

/** The partner area's and the admin area's Invoices lists. */
export const PARTNER_INVOICES_PATH = href("/dashboard/partner/invoices");
export const ADMIN_INVOICES_PATH = href("/dashboard/admin/invoices");

/** An issued document's file: its PDF, or its UBL e-invoice. */
export const documentFilePath = (id: string, format: "pdf" | "xml") =>
  href("/dashboard/documents/:id/:format", { id, format });

/** The CSV of a list's filters (`query`, as the list's address has it, the page left out). */
export function invoicesExportPath(area: "partner" | "admin", query: string) {
  const params = new URLSearchParams(query);
  params.delete("page");
  const search = params.toString();
  const path =
    area === "partner"
      ? href("/dashboard/partner/invoices/export.csv")
      : href("/dashboard/admin/invoices/export.csv");
  return search ? `${path}?${search}` : path;
}

/** An issued document's page in the area's Invoices. */
export function invoiceDetailPath(area: "partner" | "admin", id: string) {
  return area === "partner"
    ? href("/dashboard/partner/invoices/:id", { id })
    : href("/dashboard/admin/invoices/:id", { id });
}

/** Where the area's seller uploads a bank statement: a partner's account, or RCL's own. */
export const PARTNER_BANK_STATEMENT_PATH = href("/dashboard/partner/invoices/bank-statement");
export const ADMIN_BANK_STATEMENT_PATH = href("/dashboard/admin/invoices/bank-statement");

/** The partner's bank statement page for one of the member's (or, for an admin, any) partners. */
export const partnerBankStatementPath = (partnerId: string) =>
  `${PARTNER_BANK_STATEMENT_PATH}?${new URLSearchParams({ partner: partnerId }).toString()}`;
