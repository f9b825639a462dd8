import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type DocumentContent, documentLine, totalsOf } from "#server/invoices/document";
import { toUbl } from "#server/invoices/ubl";
import { sampleBuyer, sampleCreditNote, sampleInvoice } from "../../tests/support/invoice-documents";
import { loadPeppolRules, PEPPOL_RULES_DIR, ublValues, validateUbl } from "../../tests/support/peppol";

// The official rules take a second or two to load and prepare; every test below shares them.
beforeAll(async () => {
  await loadPeppolRules();
});

describe("the official rules, as these tests run them", () => {
  // Peppol's own valid examples: a validator that rejected them would prove nothing.
  it.each(["base-example.xml", "base-creditnote-correction.xml", "vat-category-S.xml", "vat-category-E.xml"])(
    "find Peppol's example %s valid",
    async (file) => {
      const xml = await readFile(path.join(PEPPOL_RULES_DIR, "examples", file), "utf8");
      expect(await validateUbl(xml)).toEqual([]);
    },
  );

  it("report an invoice whose total is not its net amount plus moms (EN 16931)", async () => {
    const invoice = sampleInvoice();
    const broken = { ...invoice, totals: { ...invoice.totals, grossMinor: invoice.totals.grossMinor + 1 } };
    expect(await validateUbl(toUbl(broken))).toContainEqual(
      expect.objectContaining({ ruleSet: "EN16931", rule: "BR-CO-15", flag: "fatal" }),
    );
  });

  it("report a +71 payment id of the wrong length (Peppol's Danish rules)", async () => {
    const invoice = sampleInvoice();
    const broken: DocumentContent = {
      ...invoice,
      paymentReference: {
        kind: "fik71",
        paymentId: "4222",
        creditorNumber: "85412345",
        line: "+71<4222+85412345<",
      },
    };
    expect(await validateUbl(toUbl(broken))).toContainEqual(
      expect.objectContaining({ ruleSet: "Peppol BIS 3.0", rule: "DK-R-011", flag: "fatal" }),
    );
  });
});

const invoices = {
  standardFik: sampleInvoice({ vatStatus: "registered", ean: false, withCreditor: true }),
  standardEanBank: sampleInvoice({ vatStatus: "registered", ean: true, withCreditor: false }),
  exemptEanFik: sampleInvoice({ vatStatus: "exempt", ean: true, withCreditor: true }),
  exemptBank: sampleInvoice({ vatStatus: "exempt", ean: false, withCreditor: false, language: "en" }),
};

const documents: [string, DocumentContent][] = [
  ["invoice, 25 % moms, no EAN, +71", invoices.standardFik],
  ["invoice, 25 % moms, EAN, bank transfer", invoices.standardEanBank],
  ["invoice, exempt, EAN, +71", invoices.exemptEanFik],
  ["invoice, exempt, no EAN, bank transfer, in English", invoices.exemptBank],
  ["full credit note, 25 % moms, EAN", sampleCreditNote(invoices.standardEanBank)],
  ["partial credit note, 25 % moms, no EAN", sampleCreditNote(invoices.standardFik, { partial: true })],
  ["full credit note, exempt, no EAN", sampleCreditNote(invoices.exemptBank)],
  ["partial credit note, exempt, EAN", sampleCreditNote(invoices.exemptEanFik, { partial: true })],
];

describe("toUbl", () => {
  // No failure at all, warnings included: a Danish access point may act on a warning too.
  it.each(documents)("writes a %s that passes both rule sets", async (_name, content) => {
    expect(await validateUbl(toUbl(content))).toEqual([]);
  });

  it("covers, in the documents above, every case the rules treat differently", () => {
    const written = documents.map(([, content]) => toUbl(content));
    const values = (expression: string) => new Set(written.flatMap((xml) => ublValues(xml, expression)));
    expect(values("local-name(/*)")).toEqual(new Set(["Invoice", "CreditNote"]));
    expect(values("//cac:TaxSubtotal/cac:TaxCategory/cbc:ID")).toEqual(new Set(["S", "E"]));
    expect(values("//cac:AccountingCustomerParty/cac:Party/cbc:EndpointID/@schemeID")).toEqual(
      new Set(["0088", "0184"]),
    );
    expect(values("//cac:PaymentMeans/cbc:PaymentMeansCode")).toEqual(new Set(["93", "42"]));
    // Full and partial credit notes: the sample invoices have two lines, a partial credit one.
    expect(values("/cn:CreditNote ! count(cac:CreditNoteLine)")).toEqual(new Set(["1", "2"]));
  });

  it("writes amounts in øre exactly, from one øre to billions of kroner", async () => {
    const lines = [
      documentLine("Én øre", 1, 1, "registered"),
      documentLine("Meget stor post", 1, 123_456_789_012_345, "registered"),
      documentLine("Tre stk.", 3, 33_333, "registered"),
    ];
    const content: DocumentContent = { ...sampleInvoice(), lines, totals: totalsOf(lines) };
    const xml = toUbl(content);
    expect(ublValues(xml, "//cac:InvoiceLine/cbc:LineExtensionAmount")).toEqual([
      "0.01",
      "1234567890123.45",
      "999.99",
    ]);
    expect(ublValues(xml, "//cac:InvoiceLine/cac:Price/cbc:PriceAmount")).toEqual([
      "0.01",
      "1234567890123.45",
      "333.33",
    ]);
    // Moms per line, rounded half up to the øre: 0.0025 → 0.00, 308641972530.8625 → 308641972530.86
    // and 249.9975 → 250.00.
    expect(ublValues(xml, "/*/cac:TaxTotal/cbc:TaxAmount")).toEqual(["308641972780.86"]);
    expect(ublValues(xml, "//cac:LegalMonetaryTotal/cbc:PayableAmount")).toEqual(["1543209863904.31"]);
    expect(ublValues(xml, "//@currencyID").every((currency) => currency === "DKK")).toBe(true);
    expect(await validateUbl(xml)).toEqual([]);
  });

  it("addresses a buyer with an EAN by its GLN, and one without by its CVR number", () => {
    const buyerEndpoint = (content: DocumentContent) =>
      ublValues(
        toUbl(content),
        "//cac:AccountingCustomerParty/cac:Party/cbc:EndpointID ! (@schemeID || ':' || .)",
      );
    expect(buyerEndpoint(invoices.standardEanBank)).toEqual(["0088:5798005770008"]);
    expect(buyerEndpoint(invoices.standardFik)).toEqual(["0184:35954716"]);
    expect(
      ublValues(
        toUbl(invoices.standardEanBank),
        "//cac:AccountingCustomerParty//cac:PartyLegalEntity/cbc:CompanyID",
      ),
    ).toEqual(["55133018"]);
    const nowhere = { ...invoices.standardFik, buyer: sampleBuyer({ cvr: null }) };
    expect(() => toUbl(nowhere)).toThrow(/neither an EAN nor a CVR number/);
  });

  it("names the seller by its CVR number, with a VAT number only when registered for moms", () => {
    const seller = (content: DocumentContent, expression: string) =>
      ublValues(toUbl(content), `//cac:AccountingSupplierParty/cac:Party/${expression}`);
    for (const content of [invoices.standardFik, invoices.exemptBank]) {
      expect(seller(content, "cbc:EndpointID ! (@schemeID || ':' || .)")).toEqual(["0184:29403473"]);
      expect(seller(content, "cac:PartyLegalEntity/cbc:CompanyID ! (@schemeID || ':' || .)")).toEqual([
        "0184:29403473",
      ]);
    }
    const taxSchemes = "cac:PartyTaxScheme ! (cac:TaxScheme/cbc:ID || ':' || cbc:CompanyID)";
    expect(seller(invoices.standardFik, taxSchemes)).toEqual(["VAT:DK29403473"]);
    expect(seller(invoices.exemptBank, taxSchemes)).toEqual(["TAX:29403473"]);
  });

  it("asks for +71 payment with the FI creditor number, else a transfer to the seller's account", () => {
    const means = (content: DocumentContent) =>
      ublValues(
        toUbl(content),
        "//cac:PaymentMeans ! string-join((cbc:PaymentMeansCode, cbc:PaymentID, .//cbc:ID), ' ')",
      );
    expect(means(invoices.standardFik)).toEqual(["93 71#000000000000422 85412345"]);
    expect(means(invoices.exemptBank)).toEqual(["42 KR-42 0003456789 1551"]);
    expect(means(sampleCreditNote(invoices.standardFik))).toEqual([]);
  });

  it("gives the person reference as the buyer reference, else the booking", () => {
    expect(ublValues(toUbl(invoices.standardEanBank), "/*/cbc:BuyerReference")).toEqual(["Mette Holm"]);
    expect(ublValues(toUbl(invoices.standardEanBank), "/*/cac:OrderReference/cbc:ID")).toEqual([
      "PO-2027-118",
    ]);
    expect(ublValues(toUbl(invoices.standardFik), "/*/cbc:BuyerReference")).toEqual(["RCL-7K3Q9P"]);
    expect(ublValues(toUbl(invoices.standardFik), "/*/cac:OrderReference")).toEqual([]);
  });

  it("refers a credit note to the invoice it credits, with its reason in the note", () => {
    const xml = toUbl(sampleCreditNote(invoices.exemptBank));
    expect(ublValues(xml, "/cn:CreditNote/cbc:CreditNoteTypeCode")).toEqual(["381"]);
    expect(
      ublValues(
        xml,
        "//cac:BillingReference/cac:InvoiceDocumentReference ! (cbc:ID || ' ' || cbc:IssueDate)",
      ),
    ).toEqual(["KR-42 2027-05-03"]);
    expect(ublValues(xml, "/*/cbc:Note")).toEqual([
      "Booking cancelled\nIssued by Rethink Corporate Life on behalf of the seller.",
    ]);
  });

  it("escapes what the snapshot's text holds", async () => {
    const content = { ...invoices.standardFik, buyer: sampleBuyer({ name: 'Smith & Søn <"ApS">' }) };
    const xml = toUbl(content);
    expect(ublValues(xml, "//cac:AccountingCustomerParty//cbc:RegistrationName")).toEqual([
      'Smith & Søn <"ApS">',
    ]);
    expect(await validateUbl(xml)).toEqual([]);
  });
});
