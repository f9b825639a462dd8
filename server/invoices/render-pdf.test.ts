import { inflateSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { documentLine, totalsOf, type DocumentContent } from "#server/invoices/document";
import { sampleCreditNote, sampleInvoice } from "../../tests/support/invoice-documents";
import { renderDocumentPdf } from "./render-pdf";

/*
 * The PDFs are read back the way a viewer reads them, with nothing but node:zlib: the
 * cross-reference table locates every object, content streams are inflated, and each text
 * operator gives a run of text with its font and position. pdfkit draws the standard
 * fonts' text as hex strings of WinAnsi codes (`[<4661> 20 <6b74757261>] TJ`, the numbers
 * being kerning), so a plain search of the file's bytes finds no words; decoded from
 * WinAnsi they are the text again. Runs on one baseline are joined left to right into
 * a line, so a test can check that an amount stands beside its label. This reads what the
 * renderer really ships (compressed): no test-only switch in the code under test.
 */

const PAGE_HEIGHT = 841.89;

type Run = { font: string; size: number; x: number; top: number; text: string };
type ReadPdf = {
  /** Each page's text runs, in the order drawn. */
  pages: Run[][];
  /** Each page's text as lines, top to bottom, runs on a line joined with a space. */
  pageTexts: string[];
  /** All pages' text with every run of white space as one space. */
  flat: string;
  info: Record<string, string>;
  catalog: string;
};

/** A PDF literal string's bytes: its escapes undone, then UTF-16BE after a byte-order mark. */
function literalString(body: string): string {
  const bytes = body.replace(
    /\\([nrtbf()\\])/g,
    (_, char: string) => ({ n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" })[char as "n"] ?? char,
  );
  const buffer = Buffer.from(bytes, "latin1");
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return new TextDecoder("utf-16be").decode(buffer.subarray(2));
  return bytes;
}

/**
 * WinAnsiEncoding's bytes as text: Latin-1, except 0x80–0x9F, which hold the typographic
 * characters (– “ ” € Œ …). Node 20's TextDecoder("windows-1252") reads those as Latin-1's
 * control characters, so they are mapped here.
 */
const WIN_ANSI_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
const winAnsi = (bytes: Buffer) =>
  String.fromCharCode(...bytes).replace(
    /[\u0080-\u009f]/g,
    (char) => WIN_ANSI_HIGH[char.charCodeAt(0) - 0x80]!,
  );

function readPdf(pdf: Buffer): ReadPdf {
  const source = pdf.toString("latin1");
  const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n?$/.exec(source)?.[1]);
  const xref = /^xref\n0 (\d+)\n/.exec(source.slice(xrefAt));
  if (!xref) throw new Error("No cross-reference table where startxref points");
  const count = Number(xref[1]);
  const entries = source
    .slice(xrefAt + xref[0].length)
    .split("\n")
    .slice(0, count);

  // Object number → its dictionary (or value) and, for a stream, its decoded bytes.
  const objects = new Map<number, { body: string; stream?: Buffer }>();
  entries.forEach((entry, number) => {
    if (!entry.endsWith("n ")) return;
    const offset = Number(entry.slice(0, 10));
    const header = `${number} 0 obj\n`;
    if (source.slice(offset, offset + header.length) !== header) {
      throw new Error(`Object ${number} is not at its cross-reference offset ${offset}`);
    }
    const start = offset + header.length;
    const end = source.indexOf("\nendobj", start);
    const streamAt = source.indexOf("\nstream\n", start);
    if (streamAt === -1 || streamAt > end) {
      objects.set(number, { body: source.slice(start, end) });
      return;
    }
    const body = source.slice(start, streamAt);
    const length = Number(/\/Length (\d+)/.exec(body)?.[1]);
    const raw = pdf.subarray(streamAt + 8, streamAt + 8 + length);
    objects.set(number, { body, stream: body.includes("/FlateDecode") ? inflateSync(raw) : raw });
  });
  const object = (reference: string | undefined) => {
    const found = objects.get(Number(reference));
    if (!found) throw new Error(`No object ${reference}`);
    return found;
  };

  const trailer = source.slice(source.lastIndexOf("trailer"));
  const catalog = object(/\/Root (\d+) 0 R/.exec(trailer)?.[1]).body;
  const info: Record<string, string> = {};
  const infoBody = object(/\/Info (\d+) 0 R/.exec(trailer)?.[1]).body;
  for (const [, key, reference] of infoBody.matchAll(/\/(\w+) (\d+) 0 R/g)) {
    info[key!] = literalString(/^\(([\s\S]*)\)$/.exec(object(reference).body.trim())?.[1] ?? "");
  }

  const pagesBody = object(/\/Pages (\d+) 0 R/.exec(catalog)?.[1]).body;
  const kids = [.../\/Kids \[([^\]]*)\]/.exec(pagesBody)![1]!.matchAll(/(\d+) 0 R/g)].map(
    (match) => match[1],
  );
  const pages = kids.map((kid) => {
    const page = object(kid).body;
    const resources = object(/\/Resources (\d+) 0 R/.exec(page)?.[1]).body;
    const fonts = new Map(
      [...(/\/Font <<([^>]*)>>/.exec(resources)?.[1] ?? "").matchAll(/\/(\w+) (\d+) 0 R/g)].map(
        ([, name, ref]) => [name!, /\/BaseFont \/([\w-]+)/.exec(object(ref).body)?.[1] ?? "?"],
      ),
    );
    const content = object(/\/Contents (\d+) 0 R/.exec(page)?.[1]).stream!.toString("latin1");
    const runs: Run[] = [];
    let x = 0;
    let y = 0;
    let font = "?";
    let size = 0;
    const operators = /1 0 0 1 ([\d.-]+) ([\d.-]+) Tm|\/(\w+) ([\d.]+) Tf|\[([^\]]*)\] TJ/g;
    for (const match of content.matchAll(operators)) {
      if (match[1] !== undefined) [x, y] = [Number(match[1]), Number(match[2])];
      else if (match[3] !== undefined) [font, size] = [fonts.get(match[3]) ?? "?", Number(match[4])];
      else {
        const hex = [...match[5]!.matchAll(/<([0-9a-f]*)>/g)].map((part) => part[1]).join("");
        runs.push({ font, size, x, top: PAGE_HEIGHT - y, text: winAnsi(Buffer.from(hex, "hex")) });
      }
    }
    return runs;
  });

  const pageTexts = pages.map((runs) => {
    const lines = new Map<number, Run[]>();
    for (const run of runs) {
      const key = Math.round(run.top);
      lines.set(key, [...(lines.get(key) ?? []), run]);
    }
    return (
      [...lines.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, line]) =>
          line
            .sort((a, b) => a.x - b.x)
            .map((run) => run.text.trim())
            .join(" "),
        )
        .join("\n")
        // Amounts keep a no-break space before "kr." and after "DKK"; read as a plain one.
        .replace(/[ \u00a0]+/g, " ")
    );
  });
  return { pages, pageTexts, flat: pageTexts.join("\n").replace(/\s+/g, " "), info, catalog };
}

/** The page's largest text: the document's title. */
const title = (runs: Run[]) => runs.reduce((largest, run) => (run.size > largest.size ? run : largest)).text;

async function read(content: DocumentContent) {
  const pdf = await renderDocumentPdf(content);
  return { pdf, ...readPdf(pdf) };
}

/** An invoice of `count` lines, each for one team place at 4.000,00 kr. net. */
function invoiceWithLines(count: number, options: Parameters<typeof sampleInvoice>[0] = {}): DocumentContent {
  const invoice = sampleInvoice(options);
  const lines = Array.from({ length: count }, (_, index) =>
    documentLine(
      `Holdplads ${index + 1} – Havnekaproning 2027`,
      1,
      400_000,
      options.vatStatus ?? "registered",
    ),
  );
  return { ...invoice, lines, totals: totalsOf(lines) };
}

describe("renderDocumentPdf", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("renders a Danish invoice with its parties, lines, moms and totals", async () => {
    const { pdf, pageTexts, flat, pages } = await read(sampleInvoice());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-6).toString("latin1")).toMatch(/%%EOF\n?$/);
    expect(pages).toHaveLength(1);
    const text = pageTexts[0]!;

    expect(title(pages[0]!)).toBe("Faktura");
    expect(text).toContain("Fakturanr. KR-42");
    expect(text).toContain("Fakturadato 3. maj 2027");
    expect(text).toContain("Leveringsdato 15. juni 2027");
    expect(text).toContain("Forfaldsdato 17. maj 2027");
    // Seller and buyer side by side.
    expect(text).toContain("Københavns Roklub Nordlys ApS");
    expect(text).toContain("Strandvænget 46 Vesterbrogade 12, 3. sal");
    expect(text).toContain("2100 København Ø 1620 København V");
    expect(text).toContain("CVR-nr. 29403473 CVR-nr. 35954716");
    expect(text).toContain("Momsregistreret");
    expect(text).toContain("Reference: RCL-7K3Q9P");
    expect(text).not.toContain("EAN-nr.");

    expect(text).toContain("Beskrivelse Antal Stykpris ekskl. moms Moms % Beløb ekskl. moms");
    expect(text).toContain(
      "Holdplads 1 af 2 – Havnekaproning 2027, 15. juni 1 4.000,00 kr. 25 % 4.000,00 kr.",
    );
    expect(flat).toContain("Momsspecifikation");
    expect(text).toContain("25 % 8.000,00 kr. 2.000,00 kr.");
    expect(text).toContain("Subtotal ekskl. moms 8.000,00 kr.");
    expect(text).toContain("Moms 25 % 2.000,00 kr.");
    expect(text).toContain("Total inkl. moms 10.000,00 kr.");

    expect(text).toContain("Betalingsbetingelser netto 14 dage");
    expect(text).toContain("Beløb til betaling 10.000,00 kr.");
    expect(text).toContain("Bankkonto reg.nr. 1551, kontonr. 0003456789");
    expect(text).toContain("Betales via netbank med FI-kort:");
    expect(text).toContain("Udstedt af Rethink Corporate Life på vegne af sælger.");
    expect(text).toContain("Københavns Roklub · CVR-nr. 29403473 · kasserer@kbhroklub.dk Side 1 af 1");
  });

  it("prints the +71 payment line large, in a monospace font", async () => {
    const invoice = sampleInvoice();
    const { pages } = await read(invoice);
    const line = pages[0]!.find((run) => run.text.startsWith("+71<"));
    expect(line).toMatchObject({ text: "+71<000000000000422+85412345<", font: "Courier-Bold" });
    expect(line!.size).toBeGreaterThanOrEqual(12);
    expect(pages[0]!.map((run) => run.text)).toContain(
      "Kortart 71, betalings-id 000000000000422, kreditornr. 85412345",
    );
  });

  it("asks for the invoice number with the payment when the seller takes no +71 payments", async () => {
    const { flat } = await read(sampleInvoice({ withCreditor: false }));
    expect(flat).toContain("Anfør fakturanummer KR-42 ved betaling");
    expect(flat).not.toContain("+71<");
    expect(flat).not.toContain("FI-kort");
    expect(flat).toContain("Bankkonto reg.nr. 1551, kontonr. 0003456789");
  });

  it("words an exempt seller's invoice as momsfri, with the exemption's legal ground", async () => {
    const { pageTexts, flat } = await read(sampleInvoice({ vatStatus: "exempt" }));
    const text = pageTexts[0]!;
    expect(text).toContain("Momsfritaget");
    expect(text).toContain("4.000,00 kr. Momsfri 4.000,00 kr.");
    expect(text).toContain("Momsfritaget (0 %) 8.000,00 kr. 0,00 kr.");
    expect(flat).toContain("Momsfritaget, jf. momslovens § 13, stk. 1, nr. 5");
    expect(text).toContain("Momsfrit beløb 8.000,00 kr.");
    expect(text).toContain("Total, momsfri 8.000,00 kr.");
    expect(text).toContain("Beløb til betaling 8.000,00 kr.");
    expect(flat).not.toContain("Moms 25 %");
    expect(flat).not.toContain("inkl. moms");
  });

  it("names a public buyer's EAN, person reference and order number", async () => {
    const { flat } = await read(sampleInvoice({ ean: true }));
    expect(flat).toContain("Aarhus Kommune, Borgmesterens Afdeling");
    expect(flat).toContain("CVR-nr. 55133018");
    expect(flat).toContain("EAN-nr. 5798005770008");
    expect(flat).toContain("Att. Mette Holm");
    expect(flat).toContain("Ordrenr. PO-2027-118");
  });

  it("renders an English invoice in English words and formats", async () => {
    const { pages, pageTexts, flat, catalog, info } = await read(
      sampleInvoice({ language: "en", ean: true }),
    );
    const text = pageTexts[0]!;
    expect(title(pages[0]!)).toBe("Invoice");
    expect(text).toContain("Invoice no. KR-42");
    // The site's calendar dates (app/lib/dates.ts, formatCalendarDay), as in the invoice mail.
    expect(text).toContain("Invoice date May 3, 2027");
    expect(text).toContain("Due date May 17, 2027");
    expect(text).toContain("CVR no. 29403473 CVR no. 55133018");
    expect(flat).toContain("EAN no. 5798005770008");
    expect(flat).toContain("Attn. Mette Holm");
    expect(flat).toContain("Order no. PO-2027-118");
    expect(text).toContain("Description Qty Unit price excl. VAT VAT % Amount excl. VAT");
    expect(text).toContain("DKK 4,000.00 25% DKK 4,000.00");
    expect(text).toContain("Subtotal excl. VAT DKK 8,000.00");
    expect(text).toContain("VAT 25% DKK 2,000.00");
    expect(text).toContain("Total incl. VAT DKK 10,000.00");
    expect(text).toContain("Payment terms net 14 days");
    expect(text).toContain("Bank account reg. no. 1551, account no. 0003456789");
    expect(text).toContain("Pay in your online bank with FI card:");
    expect(text).toContain("Page 1 of 1");
    expect(flat).not.toMatch(/Faktura|moms|Side \d/);
    expect(catalog).toContain("/Lang (en-GB)");
    expect(info).toMatchObject({ Title: "Invoice KR-42", Author: "Københavns Roklub" });
  });

  it("renders a credit note with the invoice it reduces and why, and no payment block", async () => {
    const { pages, pageTexts, flat, info } = await read(sampleCreditNote(sampleInvoice({ ean: true })));
    const text = pageTexts[0]!;
    expect(title(pages[0]!)).toBe("Kreditnota");
    expect(text).toContain("Kreditnotanr. KR-43");
    expect(text).toContain("Kreditnotadato 20. maj 2027");
    expect(text).toContain("Vedrører faktura KR-42 af 3. maj 2027");
    expect(text).toContain("Årsag: Booking afbestilt");
    expect(text).toContain("Total inkl. moms 10.000,00 kr.");
    expect(flat).not.toMatch(/Forfaldsdato|Betaling|\+71<|Anfør fakturanummer/);
    expect(info.Title).toBe("Kreditnota KR-43");
  });

  it("renders a partial English credit note for the line credited", async () => {
    const { flat } = await read(sampleCreditNote(sampleInvoice({ language: "en" }), { partial: true }));
    expect(flat).toContain("Credit note no. KR-43");
    expect(flat).toContain("Relates to invoice KR-42 of May 3, 2027");
    expect(flat).toContain("Reason: Booking cancelled");
    expect(flat).toContain("Team place 1 of 2");
    expect(flat).not.toContain("Team place 2 of 2");
    expect(flat).toContain("Total incl. VAT DKK 5,000.00");
  });

  it("sets the document's metadata and language", async () => {
    const { catalog, info } = await read(sampleInvoice());
    expect(catalog).toContain("/Lang (da-DK)");
    expect(info).toMatchObject({
      Title: "Faktura KR-42",
      Author: "Københavns Roklub",
      Subject: "Faktura KR-42 fra Københavns Roklub til Nordlys ApS",
      // Noon in Copenhagen (summer time) on the issue date.
      CreationDate: "D:20270503100000Z",
    });
  });

  it("renders the same bytes for the same document, whenever it is rendered", async () => {
    const invoice = sampleInvoice({ ean: true });
    const first = await renderDocumentPdf(invoice);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2032-01-15T08:30:00Z"));
    const later = await renderDocumentPdf(structuredClone(invoice));
    expect(later.equals(first)).toBe(true);
    // The file ID comes from the document, so another document has another.
    const other = await renderDocumentPdf({ ...invoice, number: "KR-44" });
    const id = (pdf: Buffer) => /\/ID \[<(\w+)>/.exec(pdf.toString("latin1"))?.[1];
    expect(id(other)).toMatch(/^[0-9a-f]{32}$/);
    expect(id(other)).not.toBe(id(first));
  });

  it("spreads many lines over pages, repeating the table's header and numbering the pages", async () => {
    const { pageTexts, pages, flat } = await read(invoiceWithLines(60, { ean: true }));
    expect(pages).toHaveLength(3);
    pageTexts.forEach((text, index) => {
      expect(text).toContain(`Side ${index + 1} af 3`);
      if (index > 0) expect(text).toMatch(/^Faktura KR-42 \(fortsat\)/);
    });
    // Every page the rows reach starts them under the header.
    for (const text of pageTexts.filter((page) => page.includes("Holdplads"))) {
      expect(text).toContain("Beskrivelse Antal Stykpris ekskl. moms Moms % Beløb ekskl. moms");
    }
    // Each line exactly once, in order.
    const numbers = [...flat.matchAll(/Holdplads (\d+) – /g)].map((match) => Number(match[1]));
    expect(numbers).toEqual(Array.from({ length: 60 }, (_, index) => index + 1));
    expect(flat).toContain("Total inkl. moms 300.000,00 kr.");
    // Nothing runs into the footer: below its rule stand only the footer's own two runs.
    for (const runs of pages) {
      const low = runs.filter((run) => run.top > PAGE_HEIGHT - 48);
      expect(low.map((run) => run.text)).toEqual([
        "Københavns Roklub · CVR-nr. 29403473 · kasserer@kbhroklub.dk",
        expect.stringMatching(/^Side \d af 3$/),
      ]);
    }
  });

  it("numbers a two-page invoice 'Side 1 af 2' and 'Side 2 af 2'", async () => {
    const { pageTexts } = await read(invoiceWithLines(40));
    expect(pageTexts).toHaveLength(2);
    expect(pageTexts[0]).toContain("Side 1 af 2");
    expect(pageTexts[1]).toContain("Side 2 af 2");
    expect(pageTexts[1]).toContain("Beskrivelse Antal Stykpris ekskl. moms Moms % Beløb ekskl. moms");
    expect(pageTexts[1]).toContain("Total inkl. moms 200.000,00 kr.");
  });

  it("draws characters the standard fonts lack as near letters or '?', never as stray glyphs", async () => {
    const invoice = sampleInvoice();
    const lines = [documentLine("Łódź café ☕ – “Ærø” Œuvre", 2, 12_345, "registered")];
    const { flat, pages } = await read({ ...invoice, lines, totals: totalsOf(lines) });
    expect(flat).toContain("Lódz café ? – “Ærø” Œuvre 2 123,45 kr. 25 % 246,90 kr.");
    expect(pages[0]!.every((run) => !/[\u0080-\u009f]/.test(run.text))).toBe(true);
  });

  it("keeps a long seller name and empty fields from adding pages or moving the footer", async () => {
    const invoice = sampleInvoice();
    const name = `Foreningen til Fremme af Kaproning og Teambuilding i Storkøbenhavn ${"og Omegn ".repeat(30)}`;
    const { pages, pageTexts } = await read({
      ...invoice,
      seller: { ...invoice.seller, name, email: "" },
      buyer: { ...invoice.buyer, addressLine: "" },
    });
    expect(pages).toHaveLength(1);
    expect(pageTexts[0]).toContain("Side 1 af 1");
    expect(pageTexts[0]).toContain("1620 København V");
    expect(Math.max(...pages[0]!.map((run) => run.top))).toBeLessThan(PAGE_HEIGHT - 20);
  });

  it("refuses a document whose dates are not calendar dates", async () => {
    await expect(renderDocumentPdf({ ...sampleInvoice(), dueDate: "17/05/2027" })).rejects.toThrow(
      RangeError,
    );
  });
});
