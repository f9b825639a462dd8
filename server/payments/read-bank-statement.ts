/**
 * A bank statement as Danish online banks export it (Danske Bank, Nordea, Jyske Bank,
 * Sydbank, Arbejdernes Landsbank …): a CSV file whose first row names the columns, cells
 * separated by semicolons or commas, dates as 31-12-2027, 31.12.2027 or 2027-12-31 and
 * amounts as 1.234,56 or -1234.56, in UTF-8 or the Windows code page the older exports use.
 * Only three columns are read: the date, the text and the amount. What cannot be read is
 * refused with a message for the upload field that says which line, so nothing of a
 * half-read file is stored.
 */
import { m } from "~/paraglide/messages";
import { CsvSyntaxError, readCsv, sniffDelimiter } from "#server/csv/read-csv";
import { AppError } from "#server/errors";

/** Several years of a busy club's account; a larger file is a mistake or an attack. */
export const MAX_STATEMENT_BYTES = 2 * 1024 * 1024;
export const MAX_STATEMENT_MEGABYTES = MAX_STATEMENT_BYTES / 1024 / 1024;
/** Lines read from one file, the header not counted. */
export const MAX_STATEMENT_LINES = 5000;

/** The column names banks use, most specific first: "Dato" before a value date ("Valør"). */
const COLUMNS = {
  date: [
    "dato",
    "bogføringsdato",
    "bogført",
    "bogføringsdag",
    "posteringsdato",
    "date",
    "booking date",
    "booked",
  ],
  text: ["tekst", "text", "posteringstekst", "beskrivelse", "description", "meddelelse", "navn"],
  amount: ["beløb", "amount", "beløb i kr.", "beløb i kr", "beløb dkk", "beløb (dkk)", "beløb i dkk"],
} as const;

type Column = keyof typeof COLUMNS;

export type StatementLine = {
  /** The file's line the entry is on, counted from 1 (the header is line 1). */
  line: number;
  /** YYYY-MM-DD. */
  bookedOn: string;
  text: string;
  /** Øre; a payment received is positive, money out negative. */
  amountMinor: number;
};

const fileProblem = (message: string) => new AppError("invalid", message, { fields: { file: message } });

/** The file as text: UTF-8 when it is valid UTF-8, else Windows-1252. Null for a binary file. */
function decode(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

const headerName = (cell: string) => cell.trim().toLowerCase().replace(/\s+/g, " ");

function findColumns(header: string[]): Record<Column, number> | string[] {
  const names = header.map(headerName);
  const found = {} as Record<Column, number>;
  const missing: string[] = [];
  for (const column of Object.keys(COLUMNS) as Column[]) {
    const index = COLUMNS[column].map((name) => names.indexOf(name)).find((position) => position >= 0);
    if (index === undefined) missing.push(column);
    else found[column] = index;
  }
  return missing.length > 0 ? missing : found;
}

const DAY_PATTERNS = [
  { pattern: /^(\d{1,2})[-.](\d{1,2})[-.](\d{4})$/, order: [3, 2, 1] },
  { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: [1, 2, 3] },
] as const;

/** A day as Danish banks write it, as YYYY-MM-DD; null when it is no day of the calendar. */
export function readStatementDate(value: string): string | null {
  const trimmed = value.trim();
  for (const { pattern, order } of DAY_PATTERNS) {
    const match = pattern.exec(trimmed);
    if (!match) continue;
    const [year, month, day] = order.map((group) => Number(match[group]));
    if (year === undefined || month === undefined || day === undefined) return null;
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
      return null;
    }
    return `${String(year)}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  }
  return null;
}

/** The largest amount a line may carry, in øre: what the database's integer holds, with room. */
const MAX_AMOUNT_MINOR = 2_000_000_000;

/**
 * An amount as a bank writes it, in øre: "1.234,56", "-1234,56", "1234.56", "1,234.56",
 * "+500", "1 234,56 kr." When a number holds both a point and a comma, the last is the
 * decimal mark; a lone comma is the Danish decimal mark; a lone point is one too unless it
 * groups thousands ("1.234"). Null when it is not such an amount.
 */
export function readStatementAmount(value: string): number | null {
  const compact = value
    .trim()
    .replace(/\s|\u00a0/g, "")
    .replace(/(dkk|kr\.?)$/i, "")
    .replace(/^[\u2212\u2013]/, "-");
  const match = /^([+-]?)([\d.,]+)$/.exec(compact);
  if (!match) return null;
  const [, sign, digits = ""] = match;
  const lastPoint = digits.lastIndexOf(".");
  const lastComma = digits.lastIndexOf(",");
  let decimalMark: "." | "," | null;
  if (lastPoint >= 0 && lastComma >= 0) decimalMark = lastPoint > lastComma ? "." : ",";
  else if (lastComma >= 0) decimalMark = digits.indexOf(",") === lastComma ? "," : null;
  else if (lastPoint >= 0) {
    decimalMark = digits.indexOf(".") === lastPoint && !/^\d{1,3}\.\d{3}$/.test(digits) ? "." : null;
  } else decimalMark = null;
  const [whole = "", fraction = ""] = decimalMark ? digits.split(decimalMark) : [digits];
  const separator = decimalMark === "," ? "." : decimalMark === "." || !digits.includes(".") ? "," : ".";
  const groups = whole.split(separator);
  const grouped = groups.length === 1 || groups.slice(1).every((group) => /^\d{3}$/.test(group));
  const wholeDigits = groups.join("");
  if (!grouped || !/^\d+$/.test(wholeDigits) || !/^\d{0,2}$/.test(fraction)) return null;
  if (groups[0] === "" || (decimalMark && fraction === "")) return null;
  const minor = Number(wholeDigits) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(minor) || minor > MAX_AMOUNT_MINOR) return null;
  return sign === "-" ? -minor : minor;
}

/** The lines of an uploaded statement, or a refusal for the upload field. */
export function readBankStatement(bytes: Uint8Array): StatementLine[] {
  if (bytes.length === 0) throw fileProblem(m.bank_file_empty());
  if (bytes.length > MAX_STATEMENT_BYTES) {
    throw new AppError("too_large", m.bank_file_too_large({ megabytes: MAX_STATEMENT_MEGABYTES }), {
      fields: { file: m.bank_file_too_large({ megabytes: MAX_STATEMENT_MEGABYTES }) },
    });
  }
  const text = decode(bytes);
  const delimiter = text === null ? null : sniffDelimiter(text);
  if (text === null || delimiter === null) throw fileProblem(m.bank_file_not_csv());
  let records;
  try {
    records = readCsv(text, delimiter);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw fileProblem(m.bank_file_unclosed_quote({ line: error.line }));
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw fileProblem(m.bank_file_empty());
  const columns = findColumns(header.cells);
  if (Array.isArray(columns)) throw fileProblem(m.bank_file_missing_columns({ columns: columns.join(", ") }));
  if (rows.length === 0) throw fileProblem(m.bank_file_empty());
  if (rows.length > MAX_STATEMENT_LINES) {
    throw fileProblem(m.bank_file_too_many_lines({ max: MAX_STATEMENT_LINES }));
  }
  return rows.map(({ line, cells }) => {
    const cell = (column: Column) => cells[columns[column]];
    const [date, description, amount] = [cell("date"), cell("text"), cell("amount")];
    if (date === undefined || description === undefined || amount === undefined) {
      throw fileProblem(m.bank_file_short_line({ line }));
    }
    const bookedOn = readStatementDate(date);
    if (!bookedOn) throw fileProblem(m.bank_file_bad_date({ line, value: date.trim() }));
    const amountMinor = readStatementAmount(amount);
    if (amountMinor === null) throw fileProblem(m.bank_file_bad_amount({ line, value: amount.trim() }));
    return { line, bookedOn, text: description.trim().replace(/\s+/g, " ").slice(0, 500), amountMinor };
  });
}
