/**
 * An issued invoice or credit note as it is kept: everything printed on it is a snapshot
 * taken when it was issued (seller, buyer, lines, totals), so the PDF and the e-invoice
 * rendered from it today or in five years say the same (ADR 035). The database refuses to
 * change or delete an issued document; this type is its `content` column.
 */
import { momsOf, momsPercentFor, type VatStatus } from "~/lib/billing/moms";

export type DocumentKind = "invoice" | "credit_note";

/** Postal address; `countryCode` is ISO 3166-1 alpha-2 ("DK"). */
export type PostalAddress = {
  addressLine: string;
  postalCode: string;
  city: string;
  countryCode: string;
};

/** Who sells: the partner (a booking's invoice) or RCL (its commission invoice). */
export type SellerSnapshot = PostalAddress & {
  /** Legal name as registered with the CVR register. */
  name: string;
  /** 8 digits, modulus-11 checked. */
  cvr: string;
  vatStatus: VatStatus;
  email: string;
  /** 4 digits and up to 10 digits: where a bank transfer goes. */
  bankRegistration: string;
  bankAccount: string;
  /** 8 digits; present when the seller takes +71 payments. */
  fiCreditorNumber: string | null;
};

/** Who buys: the booking's invoice details, or the partner for a commission invoice. */
export type BuyerSnapshot = PostalAddress & {
  name: string;
  /** 8 digits, or null for a buyer without one. */
  cvr: string | null;
  /** A public buyer's 13-digit EAN (GLN): their e-invoice is addressed to it. */
  ean: string | null;
  /** The buyer's person reference ("att."); Peppol's BuyerReference. */
  personReference: string | null;
  /** The buyer's order (purchase order) number. */
  orderNumber: string | null;
  /** Where invoices, reminders and credit notes for this buyer are mailed. */
  email: string | null;
};

/** Standard rate (S) or exempt (E), as the UNCL5305 codes e-invoices use. */
type VatCategory = "S" | "E";

/** The exemption text printed on, and sent with, every exempt line's breakdown. */
const MOMS_EXEMPTION_TEXT = "Momsfritaget, jf. momslovens § 13, stk. 1, nr. 5";

export type DocumentLine = {
  /** What was sold, in the document's language ("Team place 1 of 2 – Harbour Regatta, 15 June 2027"). */
  description: string;
  /**
   * Positive, but −1 on a discount line (`discountLine`): Peppol wants every price
   * positive (BR-27), so a reduction is a negative quantity of it. A credit note's lines
   * are the amounts credited, positive too, or the invoice's discount line repeated.
   */
  quantity: number;
  /** Never negative. */
  unitNetMinor: number;
  /** quantity × unitNetMinor. */
  netMinor: number;
  vatCategory: VatCategory;
  vatPercent: number;
  /** netMinor × vatPercent, rounded half up to the øre (app/lib/billing/moms.ts). */
  vatMinor: number;
};

export type VatBreakdown = {
  category: VatCategory;
  percent: number;
  /** The sum of the category's lines' net amounts. */
  baseMinor: number;
  /** The sum of the category's lines' moms, never rounded again. */
  vatMinor: number;
  /** Set for exempt categories: MOMS_EXEMPTION_TEXT. */
  exemptionReason: string | null;
};

export type DocumentTotals = {
  netMinor: number;
  vatMinor: number;
  grossMinor: number;
  breakdown: VatBreakdown[];
};

/** How the buyer pays: a +71 line where the seller has an FI creditor number, else the number. */
export type PaymentReference =
  | { kind: "fik71"; paymentId: string; creditorNumber: string; line: string }
  | { kind: "invoice_number"; text: string };

export type DocumentContent = {
  kind: DocumentKind;
  /** The seller's prefix and the number from its series ("DSR-2027-0042" style: prefix + number). */
  number: string;
  /** YYYY-MM-DD, Copenhagen dates. */
  issueDate: string;
  /** When the service is delivered: the event's date; for a commission invoice, the month's last day. */
  deliveryDate: string;
  /** Invoices only: the issue date plus the seller's payment terms. */
  dueDate: string | null;
  currency: "DKK";
  /** The buyer's language: the PDF's words, and the line descriptions, are in it. */
  language: "en" | "da";
  seller: SellerSnapshot;
  buyer: BuyerSnapshot;
  lines: DocumentLine[];
  totals: DocumentTotals;
  /** Invoices only. */
  paymentReference: PaymentReference | null;
  /** Credit notes only: the invoice it reduces. */
  creditedInvoice: { number: string; issueDate: string } | null;
  /** Credit notes: why ("Booking cancelled", or the partner's words for a partial credit). */
  reason: string | null;
  /** The booking (RCL-7K3Q9P) or the statement month ("2027-05") the document is for. */
  reference: string;
  /** A note printed under the lines (who issued it on whose behalf). */
  note: string | null;
};

/** A line for `quantity` units at a net unit price, with its moms. */
export function documentLine(
  description: string,
  quantity: number,
  unitNetMinor: number,
  vatStatus: VatStatus,
): DocumentLine {
  const netMinor = quantity * unitNetMinor;
  const vatPercent = momsPercentFor(vatStatus);
  return {
    description,
    quantity,
    unitNetMinor,
    netMinor,
    vatCategory: vatStatus === "registered" ? "S" : "E",
    vatPercent,
    vatMinor: momsOf(netMinor, vatPercent),
  };
}

/**
 * A discount code's line under the line it reduces: −1 × the discount, in the same moms
 * category. Its moms is what takes the document's moms to exactly the moms of the reduced
 * net (`momsOf(net − discount) − momsOf(net)`), not the discount's own moms rounded apart,
 * so each category's moms stays its base times its rate rounded once (Peppol's BR-CO-17).
 */
export function discountLine(
  description: string,
  reduced: DocumentLine,
  discountMinor: number,
): DocumentLine {
  if (!Number.isSafeInteger(discountMinor) || discountMinor <= 0 || discountMinor > reduced.netMinor) {
    throw new RangeError(`A discount of ${discountMinor} øre on a line of ${reduced.netMinor} øre.`);
  }
  const netMinor = -discountMinor;
  return {
    description,
    quantity: -1,
    unitNetMinor: discountMinor,
    netMinor,
    vatCategory: reduced.vatCategory,
    vatPercent: reduced.vatPercent,
    vatMinor:
      momsOf(reduced.netMinor + netMinor, reduced.vatPercent) - momsOf(reduced.netMinor, reduced.vatPercent),
  };
}

/** Totals and the moms breakdown per category, each summed from the lines. */
export function totalsOf(lines: DocumentLine[]): DocumentTotals {
  const byCategory = new Map<string, VatBreakdown>();
  for (const line of lines) {
    const key = `${line.vatCategory}:${line.vatPercent}`;
    const entry = byCategory.get(key) ?? {
      category: line.vatCategory,
      percent: line.vatPercent,
      baseMinor: 0,
      vatMinor: 0,
      exemptionReason: line.vatCategory === "E" ? MOMS_EXEMPTION_TEXT : null,
    };
    entry.baseMinor += line.netMinor;
    entry.vatMinor += line.vatMinor;
    byCategory.set(key, entry);
  }
  const netMinor = lines.reduce((sum, line) => sum + line.netMinor, 0);
  const vatMinor = lines.reduce((sum, line) => sum + line.vatMinor, 0);
  return { netMinor, vatMinor, grossMinor: netMinor + vatMinor, breakdown: [...byCategory.values()] };
}
