/**
 * An issued invoice or credit note as a Peppol BIS Billing 3.0 e-invoice (UBL 2.1), the format
 * Danish public buyers receive through NemHandel/Peppol, addressed by their EAN (GLN).
 *
 * Everything comes from the document's snapshot (ADR 035): the e-invoice says what the PDF
 * says. The output must pass the official EN 16931 and Peppol rules (tests/support/peppol.ts
 * runs them in the tests); a receiving access point rejects a document that breaks one.
 *
 * Elements are written in the order the UBL 2.1 schema prescribes: the Schematron rules do not
 * check the order, but the receiving access point validates against the schema first.
 */
import { create } from "xmlbuilder2";
import type {
  BuyerSnapshot,
  DocumentContent,
  DocumentLine,
  PostalAddress,
  SellerSnapshot,
  VatBreakdown,
} from "#server/invoices/document";

/** xmlbuilder2's node builder; the package's index does not export the type by name. */
type XMLBuilder = ReturnType<typeof create>;

const CUSTOMIZATION_ID = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
const PROFILE_ID = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";

const NS = {
  invoice: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  creditNote: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
} as const;

/** ISO 6523 ICD codes, as Peppol's electronic address (EAS) and identifier schemes use them. */
const SCHEME = {
  /** GS1 GLN, the EAN a Danish public buyer receives e-invoices on. */
  gln: "0088",
  /** DIGSTORG: the Danish CVR number, written as its 8 digits. */
  cvr: "0184",
} as const;

/** UNECE Recommendation 20 "one": a count of units (team places), not a measure. */
const UNIT_CODE = "C62";

/** UNCL 1001 document type codes: commercial invoice and credit note. */
const INVOICE_TYPE_CODE = "380";
const CREDIT_NOTE_TYPE_CODE = "381";

/**
 * UNCL 4461 payment means. Peppol's Danish rules (DK-R-005) allow 1, 10, 31, 42, 48, 49, 50,
 * 58, 59, 93 and 97:
 * - an FI card (+71) is 93 "reference giro": DK-R-010/011 want PaymentID "71#" followed by the
 *   15-digit payment id and the 8-digit creditor number as PayeeFinancialAccount/ID, which is
 *   how Danish receivers (OIOUBL 3, the Peppol-based NemHandel format) read an FI payment;
 * - a transfer to a Danish account is 42 "payment to bank account", with the account number as
 *   PayeeFinancialAccount/ID and the 4-digit registration number as FinancialInstitutionBranch/ID
 *   (DK-R-006, and OIOUBL's own rule for 42). 58 (SEPA credit transfer) would need an IBAN, which
 *   the snapshot does not hold; 31 ("debit transfer") names the wrong direction of the payment.
 */
const PAYMENT_MEANS_FI_CARD = "93";
const PAYMENT_MEANS_BANK_ACCOUNT = "42";

/**
 * Whole øre as a decimal amount with two digits ("4000.00", "0.01", "-12.50"), from the
 * integer's digits: no floating-point division, so no amount is ever misrounded.
 */
function amount(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not a whole number of øre: ${minor}.`);
  const digits = String(Math.abs(minor)).padStart(3, "0");
  return `${minor < 0 ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * A quantity in plain decimal notation: never the exponent form that String() gives 1e21.
 * Negative on a discount line, whose price stays positive (BR-27).
 */
function quantity(value: number): string {
  const text = String(value);
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new RangeError(`Not a quantity for an e-invoice: ${value}.`);
  return text;
}

/** A `cbc:` element with text; Peppol rejects empty elements (PEPPOL-EN16931-R008). */
function cbc(
  parent: XMLBuilder,
  name: string,
  text: string,
  attributes?: Record<string, string>,
): XMLBuilder {
  if (text.trim() === "") throw new Error(`The e-invoice's ${name} would be empty.`);
  return parent.ele(NS.cbc, `cbc:${name}`, attributes).txt(text).up();
}

/** The same, left out when the snapshot has no value. */
function optionalCbc(parent: XMLBuilder, name: string, text: string | null | undefined): XMLBuilder {
  return text && text.trim() !== "" ? cbc(parent, name, text) : parent;
}

function cac(parent: XMLBuilder, name: string): XMLBuilder {
  return parent.ele(NS.cac, `cac:${name}`);
}

function money(parent: XMLBuilder, name: string, minor: number, currency: string): XMLBuilder {
  return cbc(parent, name, amount(minor), { currencyID: currency });
}

function postalAddress(party: XMLBuilder, address: PostalAddress): void {
  const node = cac(party, "PostalAddress");
  optionalCbc(node, "StreetName", address.addressLine);
  optionalCbc(node, "CityName", address.city);
  optionalCbc(node, "PostalZone", address.postalCode);
  cbc(cac(node, "Country"), "IdentificationCode", address.countryCode);
}

function vatScheme(parent: XMLBuilder): void {
  cbc(cac(parent, "TaxScheme"), "ID", "VAT");
}

function sellerParty(root: XMLBuilder, seller: SellerSnapshot): void {
  const party = cac(cac(root, "AccountingSupplierParty"), "Party");
  cbc(party, "EndpointID", seller.cvr, { schemeID: SCHEME.cvr });
  cbc(cac(party, "PartyName"), "Name", seller.name);
  postalAddress(party, seller);
  const taxScheme = cac(party, "PartyTaxScheme");
  if (seller.vatStatus === "registered") {
    // BT-31, the seller's VAT number: a Danish one is DK and the CVR number.
    cbc(taxScheme, "CompanyID", `DK${seller.cvr}`);
    vatScheme(taxScheme);
  } else {
    // An exempt seller has no VAT number, yet BR-E-02 wants the seller's VAT number or its tax
    // registration identifier (BT-32) on an invoice with exempt lines. BT-32 is a PartyTaxScheme
    // whose scheme is not VAT; the CVR number is what identifies the seller to the tax
    // authority. Writing "DK" + CVR under VAT instead would claim a registration it lacks.
    cbc(taxScheme, "CompanyID", seller.cvr);
    cbc(cac(taxScheme, "TaxScheme"), "ID", "TAX");
  }
  const legal = cac(party, "PartyLegalEntity");
  cbc(legal, "RegistrationName", seller.name);
  // DK-R-002 and DK-R-014: a Danish seller's legal registration is its CVR, scheme 0184.
  cbc(legal, "CompanyID", seller.cvr, { schemeID: SCHEME.cvr });
  if (seller.email.trim() !== "") cbc(cac(party, "Contact"), "ElectronicMail", seller.email);
}

/** The buyer's Peppol address: its EAN when it has one (public buyers), else its CVR number. */
function buyerEndpoint(buyer: BuyerSnapshot): { id: string; schemeID: string } {
  if (buyer.ean) return { id: buyer.ean, schemeID: SCHEME.gln };
  if (buyer.cvr) return { id: buyer.cvr, schemeID: SCHEME.cvr };
  // PEPPOL-EN16931-R010: no e-invoice without the buyer's electronic address.
  throw new Error(`The buyer ${buyer.name} has neither an EAN nor a CVR number to send an e-invoice to.`);
}

function buyerParty(root: XMLBuilder, buyer: BuyerSnapshot): void {
  const party = cac(cac(root, "AccountingCustomerParty"), "Party");
  const endpoint = buyerEndpoint(buyer);
  cbc(party, "EndpointID", endpoint.id, { schemeID: endpoint.schemeID });
  // BT-46, as the buyer's own systems know it; DK-R-013 wants a scheme on every identifier.
  cbc(cac(party, "PartyIdentification"), "ID", endpoint.id, { schemeID: endpoint.schemeID });
  cbc(cac(party, "PartyName"), "Name", buyer.name);
  postalAddress(party, buyer);
  // No PartyTaxScheme (BT-48, the buyer's VAT number): the snapshot does not hold one, a CVR
  // number is not proof of a VAT registration (a municipality's may differ), and Danish
  // domestic sales at 25 % or exempt do not need it; only reverse charge and intra-EU do.
  const legal = cac(party, "PartyLegalEntity");
  cbc(legal, "RegistrationName", buyer.name);
  if (buyer.cvr) cbc(legal, "CompanyID", buyer.cvr, { schemeID: SCHEME.cvr });
  if (buyer.personReference || buyer.email) {
    const contact = cac(party, "Contact");
    optionalCbc(contact, "Name", buyer.personReference);
    optionalCbc(contact, "ElectronicMail", buyer.email);
  }
}

function paymentMeans(root: XMLBuilder, content: DocumentContent): void {
  const means = cac(root, "PaymentMeans");
  const reference = content.paymentReference;
  if (reference?.kind === "fik71") {
    cbc(means, "PaymentMeansCode", PAYMENT_MEANS_FI_CARD);
    cbc(means, "PaymentID", `71#${reference.paymentId}`);
    cbc(cac(means, "PayeeFinancialAccount"), "ID", reference.creditorNumber);
    return;
  }
  cbc(means, "PaymentMeansCode", PAYMENT_MEANS_BANK_ACCOUNT);
  // The text the buyer quotes with the transfer, so the seller can match it: the number.
  cbc(means, "PaymentID", reference?.text ?? content.number);
  const account = cac(means, "PayeeFinancialAccount");
  cbc(account, "ID", content.seller.bankAccount);
  cbc(cac(account, "FinancialInstitutionBranch"), "ID", content.seller.bankRegistration);
}

function taxCategory(parent: XMLBuilder, name: string, category: string, percent: number): XMLBuilder {
  const node = cac(parent, name);
  cbc(node, "ID", category);
  cbc(node, "Percent", String(percent));
  return node;
}

function taxTotal(root: XMLBuilder, content: DocumentContent): void {
  const total = cac(root, "TaxTotal");
  money(total, "TaxAmount", content.totals.vatMinor, content.currency);
  for (const entry of content.totals.breakdown) taxSubtotal(total, entry, content.currency);
}

function taxSubtotal(total: XMLBuilder, entry: VatBreakdown, currency: string): void {
  const subtotal = cac(total, "TaxSubtotal");
  money(subtotal, "TaxableAmount", entry.baseMinor, currency);
  money(subtotal, "TaxAmount", entry.vatMinor, currency);
  const category = taxCategory(subtotal, "TaxCategory", entry.category, entry.percent);
  // BR-E-10: an exempt breakdown says why (the momslov paragraph, as printed on the PDF).
  if (entry.category === "E") {
    if (!entry.exemptionReason) throw new Error("An exempt moms breakdown needs its exemption reason.");
    cbc(category, "TaxExemptionReason", entry.exemptionReason);
  }
  vatScheme(category);
}

function monetaryTotal(root: XMLBuilder, content: DocumentContent): void {
  const total = cac(root, "LegalMonetaryTotal");
  const { netMinor, grossMinor } = content.totals;
  money(total, "LineExtensionAmount", netMinor, content.currency);
  money(total, "TaxExclusiveAmount", netMinor, content.currency);
  money(total, "TaxInclusiveAmount", grossMinor, content.currency);
  money(total, "PayableAmount", grossMinor, content.currency);
}

function documentLine(root: XMLBuilder, content: DocumentContent, line: DocumentLine, index: number): void {
  const isInvoice = content.kind === "invoice";
  const node = cac(root, isInvoice ? "InvoiceLine" : "CreditNoteLine");
  cbc(node, "ID", String(index + 1));
  cbc(node, isInvoice ? "InvoicedQuantity" : "CreditedQuantity", quantity(line.quantity), {
    unitCode: UNIT_CODE,
  });
  money(node, "LineExtensionAmount", line.netMinor, content.currency);
  const item = cac(node, "Item");
  cbc(item, "Name", line.description);
  vatScheme(taxCategory(item, "ClassifiedTaxCategory", line.vatCategory, line.vatPercent));
  money(cac(node, "Price"), "PriceAmount", line.unitNetMinor, content.currency);
}

/** The issued document as Peppol BIS Billing 3.0 UBL: an `Invoice` or a `CreditNote`. */
export function toUbl(content: DocumentContent): string {
  const isInvoice = content.kind === "invoice";
  const doc = create({ version: "1.0", encoding: "UTF-8" });
  const root = doc.ele(isInvoice ? NS.invoice : NS.creditNote, isInvoice ? "Invoice" : "CreditNote", {
    "xmlns:cac": NS.cac,
    "xmlns:cbc": NS.cbc,
  });

  cbc(root, "CustomizationID", CUSTOMIZATION_ID);
  cbc(root, "ProfileID", PROFILE_ID);
  cbc(root, "ID", content.number);
  cbc(root, "IssueDate", content.issueDate);
  if (isInvoice) {
    optionalCbc(root, "DueDate", content.dueDate);
    cbc(root, "InvoiceTypeCode", INVOICE_TYPE_CODE);
  } else {
    cbc(root, "CreditNoteTypeCode", CREDIT_NOTE_TYPE_CODE);
  }
  // Peppol allows one document note (PEPPOL-EN16931-R002): a credit note's reason goes first,
  // then the note printed under the lines.
  const note = [isInvoice ? null : content.reason, content.note].filter((text) => text && text.trim() !== "");
  if (note.length > 0) cbc(root, "Note", note.join("\n"));
  cbc(root, "DocumentCurrencyCode", content.currency);
  // PEPPOL-EN16931-R003 wants a buyer reference or an order number. Public buyers route the
  // e-invoice internally by the person reference; without one, the booking (or statement
  // month) this document is for is what the buyer can recognise it by.
  cbc(root, "BuyerReference", content.buyer.personReference || content.reference);
  if (content.buyer.orderNumber) cbc(cac(root, "OrderReference"), "ID", content.buyer.orderNumber);
  if (!isInvoice && content.creditedInvoice) {
    const invoice = cac(cac(root, "BillingReference"), "InvoiceDocumentReference");
    cbc(invoice, "ID", content.creditedInvoice.number);
    cbc(invoice, "IssueDate", content.creditedInvoice.issueDate);
  }

  sellerParty(root, content.seller);
  buyerParty(root, content.buyer);
  cbc(cac(root, "Delivery"), "ActualDeliveryDate", content.deliveryDate);
  // A credit note is not paid by the buyer: it carries no payment means.
  if (isInvoice) paymentMeans(root, content);
  taxTotal(root, content);
  monetaryTotal(root, content);
  content.lines.forEach((line, index) => documentLine(root, content, line, index));

  // wellFormed: a snapshot with a character XML cannot carry throws instead of writing a
  // document the access point would reject unread.
  return doc.end({ prettyPrint: true, wellFormed: true });
}
