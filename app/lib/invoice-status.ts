import { m } from "~/paraglide/messages";

/**
 * The states an invoice is in, worked out from its credit notes, payments and due date
 * (server/invoices/queries.ts); a credit note has none of its own.
 */
export const INVOICE_STATUSES = ["open", "paid", "overdue", "credited"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The seller filter's value for RCL's own documents (its commission invoices), which have no partner. */
export const RCL_SELLER = "rcl";

type DocumentKind = "invoice" | "credit_note";

/** How an invoice's status reads on pages and in exports, in the page's language (read when used). */
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, () => string> = {
  open: m.invoices_status_open,
  paid: m.invoices_status_paid,
  overdue: m.invoices_status_overdue,
  credited: m.invoices_status_credited,
};

/** "Invoice" or "Credit note", in the page's language. */
export const documentKindLabel = (kind: DocumentKind): string =>
  kind === "invoice" ? m.invoices_kind_invoice() : m.invoices_kind_credit_note();

/** "Invoice KR-0001", "Credit note KR-0002": a document named as links and captions name it. */
export const documentName = (kind: DocumentKind, number: string): string =>
  kind === "invoice"
    ? m.invoices_document_name_invoice({ number })
    : m.invoices_document_name_credit_note({ number });
