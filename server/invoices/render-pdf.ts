/**
 * The PDF of an issued invoice (faktura) or credit note (kreditnota), drawn from its stored
 * snapshot (ADR 035) in the buyer's language, on A4, laid out as a Danish finance department
 * reads one: the parties with their CVR numbers, the lines net of moms, the moms per rate,
 * the totals, and how to pay.
 *
 * The same snapshot always gives the same bytes: the creation date is the issue date, not
 * the time of rendering, and pdfkit's file ID is a hash of the document's info, so a PDF
 * rendered again is the one that was mailed, as long as pdfkit and Node's ICU (which
 * writes the dates and amounts) are the same versions; a newer one may move a byte, never
 * a word or an amount.
 *
 * Only pdfkit's built-in fonts are used (Helvetica and Courier): nothing to embed or load,
 * and their WinAnsi encoding covers Danish (æ, ø, å), §, – and the other letters of
 * Western European names; anything else is replaced before drawing (`printable`).
 */
import PDFDocument from "pdfkit";
import { copenhagenTime, formatCalendarDay } from "~/lib/dates";
import { INTL_LOCALE } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import type { DocumentContent, DocumentLine, PostalAddress, VatBreakdown } from "./document";

type Language = DocumentContent["language"];
type Font = "Helvetica" | "Helvetica-Bold" | "Courier-Bold";

// A4 in PostScript points, as pdfkit's "A4" size.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
export const MARGIN = 50;
export const RIGHT = PAGE_WIDTH - MARGIN;
export const CONTENT_WIDTH = RIGHT - MARGIN;
/** The footer's rule; page content stops a little above it. */
export const FOOTER_TOP = PAGE_HEIGHT - 48;
const CONTENT_BOTTOM = FOOTER_TOP - 12;
/** A line's description takes this much height at most, so one row always fits a page. */
const MAX_DESCRIPTION_HEIGHT = 240;
/** A credit note's reason and the note are free text: they are cut off, with an ellipsis, here. */
const MAX_FREE_TEXT_HEIGHT = 120;

export const INK = "#111111";
export const MUTED = "#555555";
export const RULE = "#c8c8c8";
const SHADE = "#f0f0f0";

const BODY_SIZE = 9;
const SMALL_SIZE = 7.5;

/**
 * The lines table: description, quantity, unit price, moms rate, amount. The amount
 * columns are wide enough for "DKK 9,999,999.00" on one line.
 */
const COLUMN_GAP = 8;
const COLUMNS = (() => {
  let x = MARGIN;
  const next = (width: number) => {
    const column = { x, width };
    x += width;
    return column;
  };
  const description = next(225);
  const quantity = next(35);
  const unitPrice = next(92);
  const rate = next(48);
  return { description, quantity, unitPrice, rate, amount: next(RIGHT - x) };
})();
const ROW_PADDING = 3.5;

/** The totals sit under the amount columns; the moms breakdown to their left. */
const TOTALS_X = COLUMNS.unitPrice.x;
const TOTALS_LABEL_WIDTH = COLUMNS.amount.x - TOTALS_X;
const BREAKDOWN_WIDTH = TOTALS_X - MARGIN - 24;

type TextStyle = {
  font?: Font;
  size?: number;
  color?: string;
  align?: "left" | "right";
  /** Clip to this height, ending in an ellipsis: for text of unbounded length. */
  maxHeight?: number;
};
/** A style with the width its text wraps to. */
type Box = TextStyle & { width: number };

/**
 * Amounts and numbers in the document's language. Intl formatters cost far more to build
 * than to use, so each language's are built once.
 */
type Formats = { money: Intl.NumberFormat; number: Intl.NumberFormat; region: Intl.DisplayNames };

const formatsCache = new Map<Language, Formats>();

function formatsFor(language: Language): Formats {
  let formats = formatsCache.get(language);
  if (!formats) {
    const tag = INTL_LOCALE[language];
    formats = {
      // Always to the øre ("4.000,00 kr."): `formatMoney` (app/lib/money.ts) leaves the øre
      // off whole amounts, as running text does, but an invoice shows every amount in full.
      money: new Intl.NumberFormat(tag, {
        style: "currency",
        currency: "DKK",
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
      number: new Intl.NumberFormat(tag, { maximumFractionDigits: 3 }),
      region: new Intl.DisplayNames([tag], { type: "region" }),
    };
    formatsCache.set(language, formats);
  }
  return formats;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDate(value: string): { year: number; month: number; day: number } {
  const match = DATE_PATTERN.exec(value);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${value}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** Whole days from one calendar date to another, counted on UTC midnights (no day is longer). */
function daysBetween(from: string, to: string): number {
  const midnight = (value: string) => {
    const { year, month, day } = parseDate(value);
    return Date.UTC(year, month - 1, day);
  };
  return Math.round((midnight(to) - midnight(from)) / 86_400_000);
}

// Characters WinAnsiEncoding has besides Latin-1; pdfkit maps them to its codes 0x80–0x9F.
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const LATIN_1_PRINTABLE = /^[\n\x20-\x7e\xa0-\xff]*$/;
/** Stand-ins for characters Unicode does not decompose into a Latin-1 letter and a mark. */
const STAND_INS: Record<string, string> = {
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "–",
  "\u2212": "-",
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Ħ: "H",
  ħ: "h",
  ı: "i",
};

/**
 * Text as the standard fonts can draw it. pdfkit writes any other character as a code of
 * more than one byte, which shows as several wrong glyphs, so a character outside
 * WinAnsiEncoding becomes its letter without accents ("ő" → "o"), a space, or "?".
 */
export function printable(text: string): string {
  const normalized = text.normalize("NFC");
  if (LATIN_1_PRINTABLE.test(normalized)) return normalized;
  return normalized.replace(/[^\n\x20-\x7e\xa0-\xff]/gu, (char) => {
    if (WIN_ANSI_EXTRA.has(char)) return char;
    const standIn = STAND_INS[char];
    if (standIn) return standIn;
    if (/\s/u.test(char)) return " ";
    // Zero-width joiners, variation selectors and stray combining marks draw nothing.
    if (/^[\p{Cf}\p{M}]+$/u.test(char)) return "";
    const bare = char.normalize("NFD").replace(/\p{M}/gu, "");
    return bare && LATIN_1_PRINTABLE.test(bare) ? bare : "?";
  });
}

/**
 * One PDF being drawn: the page, the position on it, and the page breaks. pdfkit can flow
 * text onto new pages itself, but not repeat a table's header or keep a block together,
 * so every block is measured first and placed here; pdfkit's own break never comes.
 */
class Sheet {
  readonly doc: PDFKit.PDFDocument;
  readonly content: DocumentContent;
  readonly formats: Formats;
  /** The messages' options: every word in the document's language. */
  readonly locale: { locale: Language };
  y = MARGIN;
  /** Set while the lines table is drawn: its header is repeated on each new page. */
  private tableHeader: (() => void) | null = null;

  constructor(doc: PDFKit.PDFDocument, content: DocumentContent) {
    this.doc = doc;
    this.content = content;
    this.formats = formatsFor(content.language);
    this.locale = { locale: content.language };
  }

  private apply({ font = "Helvetica", size = BODY_SIZE, color = INK }: TextStyle): void {
    this.doc.font(font).fontSize(size).fillColor(color);
  }

  /** The height `value` takes wrapped to the box's width. */
  measure(value: string, box: Box): number {
    const text = printable(value);
    if (text.trim() === "") return 0;
    this.apply(box);
    const height = this.doc.heightOfString(text, { width: box.width, lineGap: 1 });
    return box.maxHeight === undefined ? height : Math.min(height, box.maxHeight);
  }

  /** Draws `value` with its top at `y`, wrapped to the box's width; returns its height. */
  text(value: string, x: number, y: number, box: Box): number {
    const text = printable(value);
    // Nothing to draw takes no room (pdfkit's cursor would say otherwise).
    if (text.trim() === "") return 0;
    this.apply(box);
    this.doc.text(text, x, y, {
      width: box.width,
      align: box.align ?? "left",
      lineGap: 1,
      ...(box.maxHeight === undefined ? {} : { height: box.maxHeight, ellipsis: true }),
    });
    // pdfkit leaves its cursor under the last line drawn: the height, without laying the
    // text out a second time to measure it.
    const height = this.doc.y - y;
    return box.maxHeight === undefined ? height : Math.min(height, box.maxHeight);
  }

  /** `text` when `paint`, else only `measure`: a block is measured before it is placed. */
  put(paint: boolean, value: string, x: number, y: number, box: Box): number {
    return paint ? this.text(value, x, y, box) : this.measure(value, box);
  }

  rule(y: number, from = MARGIN, to = RIGHT, color = RULE, width = 0.5): void {
    this.doc.save().moveTo(from, y).lineTo(to, y).lineWidth(width).strokeColor(color).stroke().restore();
  }

  shade(x: number, y: number, width: number, height: number): void {
    this.doc.save().rect(x, y, width, height).fill(SHADE).restore();
  }

  /** Starts a new page unless `height` still fits on this one. */
  ensure(height: number): void {
    if (this.y + height <= CONTENT_BOTTOM) return;
    this.doc.addPage();
    this.y = MARGIN;
    this.continuationHeader();
    this.tableHeader?.();
  }

  /** "Faktura KR-42 (fortsat)" at the top of every page after the first. */
  private continuationHeader(): void {
    const text = m.invoice_pdf_continued({ title: this.title(), number: this.content.number }, this.locale);
    this.y += this.text(text, MARGIN, this.y, { width: CONTENT_WIDTH, font: "Helvetica-Bold", size: 10 }) + 6;
    this.rule(this.y);
    this.y += 10;
  }

  /** Draws the header, then the rows, with the header repeated on every page they reach. */
  table(header: () => void, rows: () => void): void {
    this.tableHeader = header;
    header();
    try {
      rows();
    } finally {
      this.tableHeader = null;
    }
  }

  title(): string {
    return documentTitle(this.content);
  }

  money(amountMinor: number): string {
    return this.formats.money.format(amountMinor / 100);
  }

  date(value: string): string {
    // Refused here by name: a malformed date would otherwise fail deep inside Intl.
    parseDate(value);
    return formatCalendarDay(value, this.content.language);
  }

  /** "25 %" (Danish) or "25%"; "Momsfri" or "Exempt" for an exempt line. */
  rate(category: DocumentLine["vatCategory"], percent: number): string {
    return category === "E"
      ? m.invoice_pdf_rate_exempt({}, this.locale)
      : m.invoice_pdf_percent({ percent: this.formats.number.format(percent) }, this.locale);
  }

  /** Street, postcode and city; and the country when it is not Denmark. */
  address(address: PostalAddress): string[] {
    const lines = [address.addressLine, `${address.postalCode} ${address.city}`];
    if (address.countryCode !== "DK") {
      lines.push(this.formats.region.of(address.countryCode) ?? address.countryCode);
    }
    return lines;
  }
}

function documentTitle(content: DocumentContent): string {
  const locale = { locale: content.language };
  return content.kind === "invoice"
    ? m.invoice_pdf_title_invoice({}, locale)
    : m.invoice_pdf_title_credit_note({}, locale);
}

/** The title on the left; the number and the dates on the right. */
function drawHeading(sheet: Sheet): void {
  const { content, locale } = sheet;
  const invoice = content.kind === "invoice";
  const titleHeight = sheet.text(sheet.title(), MARGIN, sheet.y, {
    width: CONTENT_WIDTH / 2,
    font: "Helvetica-Bold",
    size: 22,
  });

  const numberLabel = invoice
    ? m.invoice_pdf_number_invoice({}, locale)
    : m.invoice_pdf_number_credit_note({}, locale);
  const dates: [string, string][] = [
    [
      invoice
        ? m.invoice_pdf_issue_date_invoice({}, locale)
        : m.invoice_pdf_issue_date_credit_note({}, locale),
      content.issueDate,
    ],
    [m.invoice_pdf_delivery_date({}, locale), content.deliveryDate],
    ...(invoice && content.dueDate
      ? [[m.invoice_pdf_due_date({}, locale), content.dueDate] as [string, string]]
      : []),
  ];
  const facts = [
    { label: numberLabel, value: content.number, bold: true },
    ...dates.map(([label, date]) => ({ label, value: sheet.date(date), bold: false })),
  ];

  const x = MARGIN + CONTENT_WIDTH / 2 + 20;
  const half = (RIGHT - x) / 2;
  let y = sheet.y + 2;
  for (const fact of facts) {
    const labelHeight = sheet.text(fact.label, x, y, { width: half, color: MUTED });
    const valueHeight = sheet.text(fact.value, x + half, y, {
      width: half,
      align: "right",
      font: fact.bold ? "Helvetica-Bold" : "Helvetica",
    });
    y += Math.max(labelHeight, valueHeight) + 2;
  }
  sheet.y = Math.max(sheet.y + titleHeight, y) + 18;
}

/** Seller and buyer side by side, each with what identifies them in the other's books. */
function drawParties(sheet: Sheet): void {
  const { content, locale } = sheet;
  const { seller, buyer } = content;
  const columnWidth = CONTENT_WIDTH / 2 - 15;

  const sellerLines = [
    ...sheet.address(seller),
    m.invoice_pdf_cvr({ cvr: seller.cvr }, locale),
    seller.vatStatus === "registered"
      ? m.invoice_pdf_vat_registered({}, locale)
      : m.invoice_pdf_vat_exempt({}, locale),
    seller.email,
  ];
  const buyerLines = [
    ...sheet.address(buyer),
    ...(buyer.cvr ? [m.invoice_pdf_cvr({ cvr: buyer.cvr }, locale)] : []),
    ...(buyer.ean ? [m.invoice_pdf_ean({ ean: buyer.ean }, locale)] : []),
    ...(buyer.personReference ? [m.invoice_pdf_attention({ person: buyer.personReference }, locale)] : []),
    ...(buyer.orderNumber ? [m.invoice_pdf_order_number({ orderNumber: buyer.orderNumber }, locale)] : []),
    m.invoice_pdf_reference({ reference: content.reference }, locale),
  ];

  const party = (x: number, label: string, name: string, lines: string[]) => {
    let y = sheet.y;
    y += sheet.text(label.toUpperCase(), x, y, { width: columnWidth, size: SMALL_SIZE, color: MUTED }) + 3;
    y += sheet.text(name, x, y, { width: columnWidth, font: "Helvetica-Bold", size: 10 }) + 2;
    for (const line of lines) if (line.trim()) y += sheet.text(line, x, y, { width: columnWidth }) + 1;
    return y;
  };
  const sellerBottom = party(MARGIN, m.invoice_pdf_seller({}, locale), seller.name, sellerLines);
  const buyerBottom = party(RIGHT - columnWidth, m.invoice_pdf_buyer({}, locale), buyer.name, buyerLines);
  sheet.y = Math.max(sellerBottom, buyerBottom) + 16;
}

/** A credit note names the invoice it reduces, and why. */
function drawCreditedInvoice(sheet: Sheet): void {
  const { content, locale } = sheet;
  if (content.kind !== "credit_note") return;
  if (content.creditedInvoice) {
    const { number, issueDate } = content.creditedInvoice;
    const text = m.invoice_pdf_credited_invoice({ number, date: sheet.date(issueDate) }, locale);
    sheet.y += sheet.text(text, MARGIN, sheet.y, { width: CONTENT_WIDTH, font: "Helvetica-Bold" }) + 3;
  }
  if (content.reason) {
    const text = m.invoice_pdf_reason({ reason: content.reason }, locale);
    sheet.y +=
      sheet.text(text, MARGIN, sheet.y, { width: CONTENT_WIDTH, maxHeight: MAX_FREE_TEXT_HEIGHT }) + 3;
  }
  sheet.y += 12;
}

type Cell = { text: string; column: { x: number; width: number }; align: "left" | "right" };

/** A cell's text keeps half a gap from each neighbour; the outer cells reach the margins. */
function cellBox(cell: Cell): { x: number; width: number } {
  const x = cell.column.x <= MARGIN ? MARGIN : cell.column.x + COLUMN_GAP / 2;
  const end =
    cell.column.x + cell.column.width >= RIGHT ? RIGHT : cell.column.x + cell.column.width - COLUMN_GAP / 2;
  return { x, width: end - x };
}

function drawRow(sheet: Sheet, cells: Cell[], style: TextStyle, shaded: boolean): void {
  const box = (cell: Cell): Box => ({
    ...style,
    width: cellBox(cell).width,
    align: cell.align,
    maxHeight: MAX_DESCRIPTION_HEIGHT,
  });
  const height = Math.max(...cells.map((cell) => sheet.measure(cell.text, box(cell)))) + 2 * ROW_PADDING;
  sheet.ensure(height);
  if (shaded) sheet.shade(MARGIN, sheet.y, CONTENT_WIDTH, height);
  for (const cell of cells) sheet.text(cell.text, cellBox(cell).x, sheet.y + ROW_PADDING, box(cell));
  sheet.y += height;
  sheet.rule(sheet.y);
}

function drawLines(sheet: Sheet): void {
  const { locale } = sheet;
  const header: Cell[] = [
    { text: m.invoice_pdf_col_description({}, locale), column: COLUMNS.description, align: "left" },
    { text: m.invoice_pdf_col_quantity({}, locale), column: COLUMNS.quantity, align: "right" },
    { text: m.invoice_pdf_col_unit_price({}, locale), column: COLUMNS.unitPrice, align: "right" },
    { text: m.invoice_pdf_col_vat_rate({}, locale), column: COLUMNS.rate, align: "right" },
    { text: m.invoice_pdf_col_amount({}, locale), column: COLUMNS.amount, align: "right" },
  ];
  const headerStyle: TextStyle = { font: "Helvetica-Bold", size: 8 };
  // The header and at least a row under it: a header alone at a page's foot is of no use.
  sheet.ensure(60);
  sheet.table(
    () => drawRow(sheet, header, headerStyle, true),
    () => {
      for (const line of sheet.content.lines) {
        const cells: Cell[] = [
          { text: line.description, column: COLUMNS.description, align: "left" },
          { text: sheet.formats.number.format(line.quantity), column: COLUMNS.quantity, align: "right" },
          { text: sheet.money(line.unitNetMinor), column: COLUMNS.unitPrice, align: "right" },
          { text: sheet.rate(line.vatCategory, line.vatPercent), column: COLUMNS.rate, align: "right" },
          { text: sheet.money(line.netMinor), column: COLUMNS.amount, align: "right" },
        ];
        drawRow(sheet, cells, {}, false);
      }
    },
  );
  sheet.y += 14;
}

type TotalsEntry = { label: string; amount: string; total?: boolean };

/** Net, moms per rate, and what the buyer pays; worded as momsfri when nothing carries moms. */
function totalsEntries(sheet: Sheet): TotalsEntry[] {
  const { totals } = sheet.content;
  const { locale } = sheet;
  const standard = totals.breakdown.filter((entry) => entry.category === "S");
  if (standard.length === 0) {
    return [
      { label: m.invoice_pdf_exempt_amount({}, locale), amount: sheet.money(totals.netMinor) },
      { label: m.invoice_pdf_total_exempt({}, locale), amount: sheet.money(totals.grossMinor), total: true },
    ];
  }
  return [
    { label: m.invoice_pdf_subtotal({}, locale), amount: sheet.money(totals.netMinor) },
    ...standard.map((entry) => ({
      label: m.invoice_pdf_vat_at_rate({ rate: sheet.rate("S", entry.percent) }, locale),
      amount: sheet.money(entry.vatMinor),
    })),
    { label: m.invoice_pdf_total({}, locale), amount: sheet.money(totals.grossMinor), total: true },
  ];
}

/** The moms breakdown: per rate its base and moms, and under an exempt rate its legal ground. */
function drawBreakdown(sheet: Sheet, top: number, paint: boolean): number {
  const { locale } = sheet;
  const rateWidth = BREAKDOWN_WIDTH * 0.4;
  const amountWidth = (BREAKDOWN_WIDTH - rateWidth) / 2;
  const row = (cells: [string, string, string], style: TextStyle, y: number) =>
    Math.max(
      sheet.put(paint, cells[0], MARGIN, y, { ...style, width: rateWidth }),
      sheet.put(paint, cells[1], MARGIN + rateWidth, y, { ...style, width: amountWidth, align: "right" }),
      sheet.put(paint, cells[2], MARGIN + rateWidth + amountWidth, y, {
        ...style,
        width: amountWidth,
        align: "right",
      }),
    );
  const rateLabel = (entry: VatBreakdown) =>
    entry.category === "E" ? m.invoice_pdf_breakdown_exempt({}, locale) : sheet.rate("S", entry.percent);

  let y = top;
  const heading = m.invoice_pdf_breakdown_heading({}, locale);
  y += sheet.put(paint, heading, MARGIN, y, { width: BREAKDOWN_WIDTH, font: "Helvetica-Bold" }) + 4;
  const header: [string, string, string] = [
    m.invoice_pdf_breakdown_rate({}, locale),
    m.invoice_pdf_breakdown_base({}, locale),
    m.invoice_pdf_breakdown_vat({}, locale),
  ];
  y += row(header, { size: 8, color: MUTED }, y) + 2;
  if (paint) sheet.rule(y, MARGIN, MARGIN + BREAKDOWN_WIDTH);
  y += 3;
  for (const entry of sheet.content.totals.breakdown) {
    y +=
      row([rateLabel(entry), sheet.money(entry.baseMinor), sheet.money(entry.vatMinor)], { size: 8 }, y) + 2;
    if (entry.exemptionReason) {
      const box: Box = { width: BREAKDOWN_WIDTH, size: SMALL_SIZE, color: MUTED };
      y += sheet.put(paint, entry.exemptionReason, MARGIN, y, box) + 3;
    }
  }
  return y - top;
}

/** The totals under the amount columns, the total itself closed by a double rule. */
function drawTotalsEntries(sheet: Sheet, top: number, paint: boolean): number {
  let y = top;
  for (const entry of totalsEntries(sheet)) {
    const style: TextStyle = entry.total ? { font: "Helvetica-Bold", size: 10 } : {};
    if (entry.total) {
      if (paint) sheet.rule(y, TOTALS_X, RIGHT, INK, 0.8);
      y += 4;
    }
    y +=
      Math.max(
        sheet.put(paint, entry.label, TOTALS_X, y, { ...style, width: TOTALS_LABEL_WIDTH }),
        sheet.put(paint, entry.amount, COLUMNS.amount.x, y, {
          ...style,
          width: COLUMNS.amount.width,
          align: "right",
        }),
      ) + 4;
    if (entry.total && paint) {
      sheet.rule(y - 1, TOTALS_X, RIGHT, INK, 0.8);
      sheet.rule(y + 1, TOTALS_X, RIGHT, INK, 0.8);
    }
  }
  return y - top;
}

/** The breakdown beside the totals, kept together on one page. */
function drawTotals(sheet: Sheet): void {
  const height = Math.max(drawBreakdown(sheet, sheet.y, false), drawTotalsEntries(sheet, sheet.y, false));
  sheet.ensure(height);
  drawBreakdown(sheet, sheet.y, true);
  drawTotalsEntries(sheet, sheet.y, true);
  sheet.y += height + 20;
}

/** Invoices only: terms, due date, amount, account, and the +71 line or the number to quote. */
function drawPayment(sheet: Sheet): void {
  const { content, locale } = sheet;
  if (content.kind !== "invoice") return;
  const { seller } = content;
  const padding = 10;
  const innerX = MARGIN + padding;
  const innerWidth = CONTENT_WIDTH - 2 * padding;
  const labelWidth = 150;

  const facts: [string, string][] = [];
  if (content.dueDate) {
    const days = daysBetween(content.issueDate, content.dueDate);
    const terms =
      days > 0
        ? m.invoice_pdf_payment_terms_net({ days }, locale)
        : m.invoice_pdf_payment_terms_cash({}, locale);
    facts.push([m.invoice_pdf_payment_terms({}, locale), terms]);
    facts.push([m.invoice_pdf_due_date({}, locale), sheet.date(content.dueDate)]);
  }
  facts.push([m.invoice_pdf_amount_due({}, locale), sheet.money(content.totals.grossMinor)]);
  facts.push([
    m.invoice_pdf_bank_account({}, locale),
    m.invoice_pdf_bank_account_number(
      { registration: seller.bankRegistration, account: seller.bankAccount },
      locale,
    ),
  ]);
  const reference = content.paymentReference;

  const block = (top: number, paint: boolean) => {
    let y = top + padding;
    const heading = m.invoice_pdf_payment_heading({}, locale);
    y += sheet.put(paint, heading, innerX, y, { width: innerWidth, font: "Helvetica-Bold", size: 10 }) + 5;
    for (const [label, value] of facts) {
      const labelHeight = sheet.put(paint, label, innerX, y, { width: labelWidth, color: MUTED });
      const valueHeight = sheet.put(paint, value, innerX + labelWidth, y, { width: innerWidth - labelWidth });
      y += Math.max(labelHeight, valueHeight) + 2;
    }
    y += 6;
    if (reference?.kind === "fik71") {
      const intro = m.invoice_pdf_pay_fik({}, locale);
      y += sheet.put(paint, intro, innerX, y, { width: innerWidth, font: "Helvetica-Bold" }) + 5;
      // The line a bank's "pay an FI card" form reads: large, monospaced and boxed, so every
      // character can be told apart and copied as it stands.
      const lineBox: Box = { width: innerWidth - 16, font: "Courier-Bold", size: 14 };
      const boxHeight = sheet.measure(reference.line, lineBox) + 12;
      if (paint) {
        sheet.doc
          .save()
          .rect(innerX, y, innerWidth, boxHeight)
          .lineWidth(0.8)
          .fillAndStroke(SHADE, INK)
          .restore();
        sheet.text(reference.line, innerX + 8, y + 6, lineBox);
      }
      y += boxHeight + 4;
      const parts = m.invoice_pdf_fik_parts(
        { paymentId: reference.paymentId, creditorNumber: reference.creditorNumber },
        locale,
      );
      y += sheet.put(paint, parts, innerX, y, { width: innerWidth, size: SMALL_SIZE, color: MUTED }) + 2;
    } else {
      const number = reference?.kind === "invoice_number" ? reference.text : content.number;
      const text = m.invoice_pdf_pay_quote_number({ number }, locale);
      y += sheet.put(paint, text, innerX, y, { width: innerWidth, font: "Helvetica-Bold" }) + 2;
    }
    return y + padding - top;
  };

  const height = block(sheet.y, false);
  sheet.ensure(height);
  sheet.doc.save().rect(MARGIN, sheet.y, CONTENT_WIDTH, height).lineWidth(0.5).stroke(RULE).restore();
  block(sheet.y, true);
  sheet.y += height + 16;
}

/** Who issued the document on whose behalf, in small print. */
function drawNote(sheet: Sheet): void {
  const { note } = sheet.content;
  if (!note) return;
  const box: Box = { width: CONTENT_WIDTH, size: SMALL_SIZE, color: MUTED, maxHeight: MAX_FREE_TEXT_HEIGHT };
  const height = sheet.measure(note, box);
  sheet.ensure(height);
  sheet.text(note, MARGIN, sheet.y, box);
  sheet.y += height + 8;
}

/** Drawn once every page exists, so that each can say "Side 1 af 2". */
function drawFooters(sheet: Sheet): void {
  const { doc, content, locale } = sheet;
  const { seller } = content;
  const identity = [seller.name, m.invoice_pdf_cvr({ cvr: seller.cvr }, locale), seller.email]
    .filter((part) => part.trim())
    .join(" · ");
  const style: TextStyle = { size: SMALL_SIZE, color: MUTED };
  const pageWidth = 90;
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    sheet.rule(FOOTER_TOP);
    // Two lines at most: a third would pass pdfkit's bottom margin, and pdfkit would add a page.
    const width = CONTENT_WIDTH - pageWidth - 10;
    sheet.text(identity, MARGIN, FOOTER_TOP + 6, { ...style, width, maxHeight: 20 });
    const page = m.invoice_pdf_page({ page: index + 1, pages: range.count }, locale);
    sheet.text(page, RIGHT - pageWidth, FOOTER_TOP + 6, { ...style, width: pageWidth, align: "right" });
  }
}

/**
 * Renders an issued invoice or credit note as an A4 PDF in the buyer's language. The same
 * content always renders to the same bytes.
 */
export async function renderDocumentPdf(content: DocumentContent): Promise<Buffer> {
  const { year, month, day } = parseDate(content.issueDate);
  const locale = { locale: content.language };
  const title = documentTitle(content);

  const doc = new PDFDocument({
    size: "A4",
    // `Sheet.ensure` breaks pages above the footer; pdfkit's own break, at its bottom
    // margin, must never come first, so that margin lies below the footer.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 20 },
    // The footers are drawn last, on every page, once the number of pages is known.
    bufferPages: true,
    compress: true,
    lang: content.language === "da" ? "da-DK" : "en-GB",
    displayTitle: true,
    // pdfkit writes these as UTF-16 text strings, so any character may stand in them.
    info: {
      Title: `${title} ${content.number}`,
      Author: content.seller.name,
      Subject: m.invoice_pdf_subject(
        { title, number: content.number, seller: content.seller.name, buyer: content.buyer.name },
        locale,
      ),
      Creator: "Rethink Corporate Life",
      Producer: "PDFKit",
      // Noon in Copenhagen on the issue date, never the time of rendering: the file ID
      // pdfkit derives from the info is then fixed too, and the bytes with it. Noon, as the
      // date is written in UTC and read in the viewer's zone: every zone shows the same day.
      CreationDate: copenhagenTime(year, month, day, 12),
    },
  });

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const sheet = new Sheet(doc, content);
  drawHeading(sheet);
  drawParties(sheet);
  drawCreditedInvoice(sheet);
  drawLines(sheet);
  drawTotals(sheet);
  drawPayment(sheet);
  drawNote(sheet);
  drawFooters(sheet);
  doc.end();
  return done;
}
