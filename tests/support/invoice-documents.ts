/**
 * Issued documents as the issuing code builds them, for tests of what is rendered from one
 * (PDF, e-invoice) without a database: a partner's invoice for two team places, in each moms
 * status, with or without the buyer's EAN, and the credit note that reverses it.
 */
import { fik71Line, fik71PaymentId } from "~/lib/billing/numbers";
import type { VatStatus } from "~/lib/billing/moms";
import {
  type BuyerSnapshot,
  type DocumentContent,
  documentLine,
  type SellerSnapshot,
  totalsOf,
} from "#server/invoices/document";

function sampleSeller(
  vatStatus: VatStatus = "registered",
  overrides: Partial<SellerSnapshot> = {},
): SellerSnapshot {
  return {
    name: "Københavns Roklub",
    addressLine: "Strandvænget 46",
    postalCode: "2100",
    city: "København Ø",
    countryCode: "DK",
    // Valid under modulus 11.
    cvr: "29403473",
    vatStatus,
    email: "kasserer@kbhroklub.dk",
    bankRegistration: "1551",
    bankAccount: "0003456789",
    fiCreditorNumber: "85412345",
    ...overrides,
  };
}

export function sampleBuyer({
  ean = false,
  ...overrides
}: Omit<Partial<BuyerSnapshot>, "ean"> & { ean?: boolean | string } = {}): BuyerSnapshot {
  return {
    name: ean ? "Aarhus Kommune, Borgmesterens Afdeling" : "Nordlys ApS",
    addressLine: ean ? "Rådhuspladsen 2" : "Vesterbrogade 12, 3. sal",
    postalCode: ean ? "8000" : "1620",
    city: ean ? "Aarhus C" : "København V",
    countryCode: "DK",
    cvr: ean ? "55133018" : "35954716",
    // A GLN with a valid check digit.
    ean: typeof ean === "string" ? ean : ean ? "5798005770008" : null,
    personReference: ean ? "Mette Holm" : null,
    orderNumber: ean ? "PO-2027-118" : null,
    email: "bogholderi@example.dk",
    ...overrides,
  };
}

/** A booking's invoice for two team places at 4.000,00 kr. net each. */
export function sampleInvoice({
  vatStatus = "registered",
  ean = false,
  language = "da",
  withCreditor = true,
}: {
  vatStatus?: VatStatus;
  ean?: boolean;
  language?: "en" | "da";
  withCreditor?: boolean;
} = {}): DocumentContent {
  const lines = [1, 2].map((place) =>
    documentLine(
      language === "da"
        ? `Holdplads ${place} af 2 – Havnekaproning 2027, 15. juni 2027 (RCL-7K3Q9P)`
        : `Team place ${place} of 2 – Harbour Regatta 2027, 15 June 2027 (RCL-7K3Q9P)`,
      1,
      400_000,
      vatStatus,
    ),
  );
  const seller = sampleSeller(vatStatus, withCreditor ? {} : { fiCreditorNumber: null });
  const paymentId = fik71PaymentId(42);
  return {
    kind: "invoice",
    number: "KR-42",
    issueDate: "2027-05-03",
    deliveryDate: "2027-06-15",
    dueDate: "2027-05-17",
    currency: "DKK",
    language,
    seller,
    buyer: sampleBuyer({ ean }),
    lines,
    totals: totalsOf(lines),
    paymentReference: seller.fiCreditorNumber
      ? {
          kind: "fik71",
          paymentId,
          creditorNumber: seller.fiCreditorNumber,
          line: fik71Line(paymentId, seller.fiCreditorNumber),
        }
      : { kind: "invoice_number", text: "KR-42" },
    creditedInvoice: null,
    reason: null,
    reference: "RCL-7K3Q9P",
    note:
      language === "da"
        ? "Udstedt af Rethink Corporate Life på vegne af sælger."
        : "Issued by Rethink Corporate Life on behalf of the seller.",
  };
}

/** The credit note that reverses `invoice` in full (or one line of it, `partial`). */
export function sampleCreditNote(invoice: DocumentContent, { partial = false } = {}): DocumentContent {
  const lines = partial ? invoice.lines.slice(0, 1) : invoice.lines;
  return {
    ...invoice,
    kind: "credit_note",
    number: "KR-43",
    issueDate: "2027-05-20",
    dueDate: null,
    lines,
    totals: totalsOf(lines),
    paymentReference: null,
    creditedInvoice: { number: invoice.number, issueDate: invoice.issueDate },
    reason: invoice.language === "da" ? "Booking afbestilt" : "Booking cancelled",
  };
}
