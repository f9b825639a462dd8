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
 * How a text names the invoice `number`: as a whole word ("KR-0042" in "Faktura KR-0042",
 * never in "KR-00421"). A number of digits alone ("0042", a seller without a prefix) could
 * be any figure of the text, so it counts only after a word that says it is an invoice's.
 */
function numberPattern(number: string): RegExp {
  const escaped = escapeRegExp(number);
  if (/^\d+$/.test(number)) {
    return new RegExp(
      `(?:faktura|fakt|fak|invoice|inv)\\.?\\s*(?:nr|no)?\\.?\\s*[:#]?\\s*${escaped}(?![\\p{L}\\d])`,
      "iu",
    );
  }
  return new RegExp(`(?<![\\p{L}\\d])${escaped}(?![\\p{L}\\d])`, "iu");
}

export const namesInvoiceNumber = (text: string, number: string): boolean => numberPattern(number).test(text);

/**
 * Which of the `open` invoices a line's text pays: by +71 payment id first, else by
 * number; null if none or several. The patterns are made once for all the lines of an
 * upload.
 */
export function paidInvoiceFinder<Invoice extends OpenInvoice>(
  open: Invoice[],
): (text: string) => Invoice | null {
  const byPaymentId = new Map<string, Invoice[]>();
  for (const invoice of open) {
    if (invoice.paymentId)
      byPaymentId.set(invoice.paymentId, [...(byPaymentId.get(invoice.paymentId) ?? []), invoice]);
  }
  const patterns = open.map((invoice) => ({ invoice, pattern: numberPattern(invoice.number) }));
  return (text) => {
    const ids = new Set(text.match(PAYMENT_ID) ?? []);
    const paidById = [...ids].flatMap((id) => byPaymentId.get(id) ?? []);
    if (paidById.length > 0) return paidById.length === 1 ? (paidById[0] ?? null) : null;
    const byNumber = patterns.filter(({ pattern }) => pattern.test(text));
    return byNumber.length === 1 ? (byNumber[0]?.invoice ?? null) : null;
  };
}

/** `paidInvoiceFinder` for one text. */
export const findPaidInvoice = <Invoice extends OpenInvoice>(text: string, open: Invoice[]): Invoice | null =>
  paidInvoiceFinder(open)(text);
