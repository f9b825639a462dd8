import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { momsOf } from "~/lib/billing/moms";
import { type DocumentContent, discountLine, documentLine, totalsOf } from "#server/invoices/document";
import { toUbl } from "#server/invoices/ubl";
import { sampleCreditNote, sampleInvoice } from "../../tests/support/invoice-documents";
import { loadPeppolRules, ublValues, validateUbl } from "../../tests/support/peppol";

beforeAll(async () => {
  await loadPeppolRules();
});

/** A booking's invoice for one place at `priceMinor` net with a discount line of `discountMinor`. */
function discountedInvoice(
  priceMinor: number,
  discountMinor: number,
  options: Parameters<typeof sampleInvoice>[0] = {},
): DocumentContent {
  const invoice = sampleInvoice(options);
  const place = documentLine(
    "Holdplads – Havnekaproning 2027 (RCL-7K3Q9P)",
    1,
    priceMinor,
    invoice.seller.vatStatus,
  );
  const lines = [place, discountLine("Rabat SOMMER-25 (10 %)", place, discountMinor)];
  return { ...invoice, lines, totals: totalsOf(lines) };
}

describe("discountLine", () => {
  it("takes the discount off as −1 × a positive price, in the reduced line's category", () => {
    const place = documentLine("Place", 1, 400_000, "registered");
    expect(discountLine("Rabat X (10 %)", place, 40_000)).toEqual({
      description: "Rabat X (10 %)",
      quantity: -1,
      unitNetMinor: 40_000,
      netMinor: -40_000,
      vatCategory: "S",
      vatPercent: 25,
      vatMinor: -10_000,
    });
    expect(discountLine("Rabat X", documentLine("Place", 1, 400_000, "exempt"), 1).vatMinor).toBe(0);
  });

  it("makes the document's moms the moms of the reduced net, whatever the rounding", () => {
    // 400,002 øre carries 100,000.5 → 100,001 øre moms; 400,001 øre carries 100,000.25 → 100,000.
    // The discount's own moms (0.25 → 0) would leave 100,001: one øre too much.
    const place = documentLine("Place", 1, 400_002, "registered");
    expect(totalsOf([place, discountLine("Rabat", place, 1)]).vatMinor).toBe(100_000);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        (price, wanted) => {
          const line = documentLine("Place", 1, price, "registered");
          const discount = Math.min(wanted, price);
          const totals = totalsOf([line, discountLine("Rabat", line, discount)]);
          expect(totals.netMinor).toBe(price - discount);
          expect(totals.vatMinor).toBe(momsOf(price - discount, 25));
          expect(totals.breakdown).toEqual([
            expect.objectContaining({ baseMinor: price - discount, vatMinor: momsOf(price - discount, 25) }),
          ]);
        },
      ),
    );
  });

  it("refuses a discount of nothing, or of more than the line", () => {
    const place = documentLine("Place", 1, 1_000, "registered");
    expect(() => discountLine("Rabat", place, 0)).toThrow(RangeError);
    expect(() => discountLine("Rabat", place, 1_001)).toThrow(RangeError);
    expect(discountLine("Rabat", place, 1_000).netMinor).toBe(-1_000);
  });
});

describe("a discounted invoice as an e-invoice", () => {
  const documents: [string, DocumentContent][] = [
    ["invoice, 25 % moms, rounding that differs per line", discountedInvoice(400_002, 1, { ean: true })],
    ["invoice, 25 % moms, 10 %", discountedInvoice(39_999, 4_000, { withCreditor: false })],
    ["invoice, exempt", discountedInvoice(400_000, 100_000, { vatStatus: "exempt", ean: true })],
    ["invoice, 100 % off", discountedInvoice(400_000, 400_000)],
    ["full credit note, 25 % moms", sampleCreditNote(discountedInvoice(400_002, 1, { ean: true }))],
    [
      "full credit note, exempt",
      sampleCreditNote(discountedInvoice(400_000, 100_000, { vatStatus: "exempt" })),
    ],
  ];

  it.each(documents)("writes a %s that passes both rule sets", async (_name, content) => {
    expect(await validateUbl(toUbl(content))).toEqual([]);
  });

  it("writes the discount as a negative quantity of a positive price (BR-27)", () => {
    const xml = toUbl(discountedInvoice(400_002, 1));
    expect(ublValues(xml, "//cac:InvoiceLine/cbc:InvoicedQuantity")).toEqual(["1", "-1"]);
    expect(ublValues(xml, "//cac:InvoiceLine/cac:Price/cbc:PriceAmount")).toEqual(["4000.02", "0.01"]);
    expect(ublValues(xml, "//cac:InvoiceLine/cbc:LineExtensionAmount")).toEqual(["4000.02", "-0.01"]);
    expect(ublValues(xml, "/*/cac:TaxTotal/cbc:TaxAmount")).toEqual(["1000.00"]);
    expect(ublValues(xml, "//cac:LegalMonetaryTotal/cbc:PayableAmount")).toEqual(["5000.01"]);
  });
});
