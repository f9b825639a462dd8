/**
 * Which open invoice a bank line pays, read from its text: the +71 payment id the buyer
 * typed from the invoice's FI line, or else the invoice's number. One invoice or none: a
 * text that names two invoices is left for the seller to match by hand.
 */

/** An invoice of the account that still owes money. */
export type OpenInvoice = { id: string; number: string; paymentId: string | null };

/** A +71 payment id: 15 digits, not part of a longer number. */
const PAYMENT_ID = /(?<!\d)\d{15}(?!\d)/g;

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether `text` names the invoice `number` as a whole word ("KR-0042" in "Faktura KR-0042",
 * never in "KR-00421"). A number of digits alone ("0042", a seller without a prefix) could
 * be any figure of the text, so it counts only after a word that says it is an invoice's.
 */
export function namesInvoiceNumber(text: string, number: string): boolean {
  const escaped = escapeRegExp(number);
  if (/^\d+$/.test(number)) {
    return new RegExp(
      `(?:faktura|fakt|fak|invoice|inv)\\.?\\s*(?:nr|no)?\\.?\\s*[:#]?\\s*${escaped}(?![\\p{L}\\d])`,
      "iu",
    ).test(text);
  }
  return new RegExp(`(?<![\\p{L}\\d])${escaped}(?![\\p{L}\\d])`, "iu").test(text);
}

/** The one open invoice `text` pays: by +71 payment id first, else by number; null if none or several. */
export function findPaidInvoice<Invoice extends OpenInvoice>(text: string, open: Invoice[]): Invoice | null {
  const ids = new Set(text.match(PAYMENT_ID) ?? []);
  const byPaymentId = open.filter((invoice) => invoice.paymentId !== null && ids.has(invoice.paymentId));
  if (byPaymentId.length > 0) return byPaymentId.length === 1 ? (byPaymentId[0] ?? null) : null;
  const byNumber = open.filter((invoice) => namesInvoiceNumber(text, invoice.number));
  return byNumber.length === 1 ? (byNumber[0] ?? null) : null;
}
