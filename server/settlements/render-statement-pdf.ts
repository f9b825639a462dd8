/**
 * The PDF of a partner's monthly statement (afregning), in the partner's language, on A4:
 * every invoice and credit note of the month with its amounts (a credit note's negative),
 * the month's totals, RCL's commission with its moms and what the partner keeps, and in a
 * month with online payments what RCL collected, the commission kept as fees and the payout. Drawn
 * with pdfkit's built-in fonts as the documents' PDFs are (server/invoices/render-pdf.ts),
 * from rows that never change, with the statement's creation as the PDF's date, so a
 * statement rendered again is the one that was mailed.
 */
import PDFDocument from "pdfkit";
import { formatCalendarDay } from "~/lib/dates";
import { formatMoneyExact } from "~/lib/money";
import { m } from "~/paraglide/messages";
// The page, margins and colours of the documents' PDFs, so a statement looks like them.
import {
  CONTENT_WIDTH,
  FOOTER_TOP,
  INK,
  MARGIN,
  MUTED,
  printable,
  RIGHT,
  RULE,
} from "#server/invoices/render-pdf";
import { onlineSettlementLines, type StatementContents } from "./statement-contents";
import { formatStatementMonth } from "./statement-month";

const WIDTH = CONTENT_WIDTH;
const BOTTOM = FOOTER_TOP - 14;
const SIZE = 9;

/** Number, date, event and booking, then the three amounts, right-aligned. */
const COLUMNS = { number: 68, date: 62, event: 155, net: 70, vat: 65, gross: 75 };

type Cell = { text: string; width: number; align?: "left" | "right" };

export async function renderStatementPdf(contents: StatementContents): Promise<Buffer> {
  const { statement, language, partner, documents, commissionInvoice } = contents;
  const locale = { locale: language };
  const month = formatStatementMonth(statement.month, language);
  const money = (minor: number) => formatMoneyExact(minor, "DKK", language);
  const title = m.statement_pdf_title({ month }, locale);

  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 20 },
    bufferPages: true,
    compress: true,
    lang: language === "da" ? "da-DK" : "en-GB",
    displayTitle: true,
    info: {
      Title: `${title} – ${partner.name}`,
      Author: "Rethink Corporate Life",
      Creator: "Rethink Corporate Life",
      Producer: "PDFKit",
      CreationDate: statement.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  let y = MARGIN;
  const text = (
    value: string,
    x: number,
    top: number,
    {
      width,
      align = "left",
      bold = false,
      size = SIZE,
      color = INK,
    }: { width: number; align?: "left" | "right"; bold?: boolean; size?: number; color?: string },
  ) => {
    const shown = printable(value);
    if (shown.trim() === "") return 0;
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(size)
      .fillColor(color);
    doc.text(shown, x, top, { width, align, lineGap: 1 });
    return doc.y - top;
  };
  const measure = (value: string, width: number, bold = false) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(SIZE);
    return doc.heightOfString(printable(value) || " ", { width, lineGap: 1 });
  };
  const rule = (at: number) =>
    doc.save().moveTo(MARGIN, at).lineTo(RIGHT, at).lineWidth(0.5).strokeColor(RULE).stroke().restore();
  const row = (cells: Cell[], bold = false) => {
    const height = Math.max(...cells.map((cell) => measure(cell.text, cell.width - 6, bold))) + 7;
    if (y + height > BOTTOM) {
      doc.addPage();
      y = MARGIN;
      y +=
        text(m.statement_pdf_continued({ title, partner: partner.name }, locale), MARGIN, y, {
          width: WIDTH,
          bold: true,
          size: 10,
        }) + 8;
      header();
    }
    let x = MARGIN;
    for (const cell of cells) {
      text(cell.text, x + 3, y + 3.5, { width: cell.width - 6, align: cell.align, bold });
      x += cell.width;
    }
    y += height;
    rule(y);
  };
  const header = () =>
    row(
      [
        { text: m.statement_csv_number({}, locale), width: COLUMNS.number },
        { text: m.statement_csv_issue_date({}, locale), width: COLUMNS.date },
        { text: m.statement_csv_event({}, locale), width: COLUMNS.event },
        { text: m.statement_csv_net({}, locale), width: COLUMNS.net, align: "right" },
        { text: m.statement_csv_vat({}, locale), width: COLUMNS.vat, align: "right" },
        { text: m.statement_csv_gross({}, locale), width: COLUMNS.gross, align: "right" },
      ],
      true,
    );

  // The heading: what, for whom, by whom.
  y += text(title, MARGIN, y, { width: WIDTH, bold: true, size: 20 }) + 8;
  const identity = [
    partner.name,
    partner.addressLine,
    `${partner.postalCode} ${partner.city}`,
    m.invoice_pdf_cvr({ cvr: partner.cvr }, locale),
  ];
  for (const line of identity) y += text(line, MARGIN, y, { width: WIDTH / 2 });
  y += 6;
  y += text(m.statement_pdf_lead({ month }, locale), MARGIN, y, { width: WIDTH, color: MUTED }) + 14;

  header();
  for (const document of documents) {
    const kind =
      document.kind === "invoice"
        ? m.statement_kind_invoice({}, locale)
        : m.statement_kind_credit_note({}, locale);
    row([
      { text: `${document.number}\n${kind}`, width: COLUMNS.number },
      { text: formatCalendarDay(document.issueDate, language), width: COLUMNS.date },
      { text: `${document.event}\n${document.reference}`, width: COLUMNS.event },
      { text: money(document.netMinor), width: COLUMNS.net, align: "right" },
      { text: money(document.vatMinor), width: COLUMNS.vat, align: "right" },
      { text: money(document.grossMinor), width: COLUMNS.gross, align: "right" },
    ]);
  }
  const labelWidth = COLUMNS.number + COLUMNS.date + COLUMNS.event;
  row(
    [
      { text: m.statement_total({ month }, locale), width: labelWidth },
      { text: money(statement.netMinor), width: COLUMNS.net, align: "right" },
      { text: money(statement.vatMinor), width: COLUMNS.vat, align: "right" },
      { text: money(statement.grossMinor), width: COLUMNS.gross, align: "right" },
    ],
    true,
  );
  y += 16;

  // The settlement: the commission on the net sales, its moms, and what the partner keeps.
  const figures: [string, string][] = [];
  if (statement.revenueSharePercent !== null) {
    figures.push(
      [
        m.statement_commission({ percent: statement.revenueSharePercent }, locale),
        money(statement.commissionNetMinor),
      ],
      [m.statement_commission_vat({}, locale), money(statement.commissionVatMinor)],
      [
        m.statement_commission_gross({}, locale),
        money(statement.commissionNetMinor + statement.commissionVatMinor),
      ],
    );
  } else {
    figures.push([m.statement_no_commission({}, locale), money(0)]);
  }
  figures.push([m.statement_partner_keeps({}, locale), money(statement.partnerKeepsMinor)]);
  const valueWidth = COLUMNS.gross + COLUMNS.vat;
  const figureLines = (lines: [string, string][]) => {
    for (const [index, [label, value]] of lines.entries()) {
      const last = index === lines.length - 1;
      if (y + 20 > BOTTOM) {
        doc.addPage();
        y = MARGIN;
      }
      const height = text(label, MARGIN, y, { width: WIDTH - valueWidth, bold: last });
      text(value, RIGHT - valueWidth, y, { width: valueWidth, align: "right", bold: last });
      y += height + 4;
    }
  };
  const paragraph = (value: string) => {
    if (y + measure(value, WIDTH) > BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
    y += text(value, MARGIN, y, { width: WIDTH, color: MUTED });
  };
  figureLines(figures);
  y += 10;

  const note = commissionInvoice
    ? m.statement_pdf_commission_invoice(
        {
          number: commissionInvoice.number,
          dueDate: commissionInvoice.dueDate ? formatCalendarDay(commissionInvoice.dueDate, language) : "",
        },
        locale,
      )
    : statement.revenueSharePercent !== null
      ? m.statement_pdf_no_commission_invoice({}, locale)
      : "";
  if (note) {
    paragraph(note);
    y += 14;
  }

  // The month's online money: collected by RCL, kept as fees, and what is paid out or owed.
  const online = onlineSettlementLines(statement, language);
  if (online.length > 0) {
    if (y + 60 > BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
    y += text(m.statement_online_heading({}, locale), MARGIN, y, { width: WIDTH, bold: true, size: 11 }) + 6;
    figureLines(online.map((line) => [line.label, money(line.amountMinor)]));
    y += 4;
    paragraph(m.statement_online_note({}, locale));
  }

  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    rule(FOOTER_TOP);
    text(`Rethink Corporate Life · ${title} · ${partner.name}`, MARGIN, FOOTER_TOP + 6, {
      width: WIDTH - 100,
      size: 7.5,
      color: MUTED,
    });
    text(m.invoice_pdf_page({ page: index + 1, pages: range.count }, locale), RIGHT - 90, FOOTER_TOP + 6, {
      width: 90,
      align: "right",
      size: 7.5,
      color: MUTED,
    });
  }
  doc.end();
  return done;
}

/** "Afregning 2027-05 Københavns Roklub.pdf" style names, in the partner's language. */
export function statementFileName(
  contents: Pick<StatementContents, "statement" | "language">,
  extension: "pdf" | "csv",
): string {
  const word = contents.language === "da" ? "Afregning" : "Statement";
  return `${word} ${contents.statement.month.slice(0, 7)}.${extension}`;
}
