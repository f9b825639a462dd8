/**
 * Reading a CSV file someone uploads (a bank statement): the counterpart of `toCsv`. The
 * project writes CSV with csv-stringify but has no parser installed, and a statement
 * needs only RFC 4180 records with quoted cells, so they are read here.
 */

/** Where a record could not be read: its line in the file, counted from 1. */
export class CsvSyntaxError extends Error {
  constructor(readonly line: number) {
    super(`Unclosed quote in the record starting on line ${line}.`);
  }
}

/**
 * The separator of a file whose first record is a header: a semicolon (Danish banks,
 * Excel in a Danish locale), a comma or a tab, whichever the header holds most of outside
 * quotes. Null when it holds none of them: one column is not a statement.
 */
export function sniffDelimiter(text: string): string | null {
  const end = text.search(/\r?\n/);
  const header = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, "");
  const counts = [";", ",", "\t"].map(
    (delimiter) => [delimiter, header.split(delimiter).length - 1] as const,
  );
  const [best] = counts.toSorted((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : null;
}

/** One record: its cells and the line of the file it starts on. */
export type CsvRecord = { line: number; cells: string[] };

/**
 * The records of `text`, split on `delimiter`: a quoted cell may hold the delimiter, line
 * breaks and doubled quotes; blank lines are skipped; a byte-order mark is dropped.
 */
export function readCsv(text: string, delimiter: string): CsvRecord[] {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== "") records.push({ line: recordLine, cells });
    cells = [];
    cell = "";
  };
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === "\n") line += 1;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (char === delimiter) {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[index + 1] === "\n") index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += char;
    }
  }
  if (quoted) throw new CsvSyntaxError(recordLine);
  if (cell !== "" || cells.length > 0) endRecord();
  return records;
}
