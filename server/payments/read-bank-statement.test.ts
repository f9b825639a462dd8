import { describe, expect, it } from "vitest";
import { isAppError } from "#server/errors";
import { findPaidInvoice, namesInvoiceNumber } from "./find-paid-invoice";
import {
  MAX_STATEMENT_BYTES,
  MAX_STATEMENT_LINES,
  readBankStatement,
  readStatementAmount,
  readStatementDate,
} from "./read-bank-statement";

const bytes = (text: string) => new TextEncoder().encode(text);

/** The message a refused file gets next to its field, and the refusal's status. */
function refusal(file: Uint8Array): { status: number; message: string } {
  try {
    readBankStatement(file);
  } catch (error) {
    if (isAppError(error)) return { status: error.status, message: error.fields.file ?? "" };
    throw error;
  }
  throw new Error("The file was read.");
}

describe("amounts as Danish banks write them", () => {
  it.each([
    ["1.234,56", 123_456],
    ["-1.234,56", -123_456],
    ["1234,56", 123_456],
    ["-1234.56", -123_456],
    ["1,234.56", 123_456],
    ["1.234", 123_400],
    ["1.234.567,8", 123_456_780],
    ["500", 50_000],
    ["+500,00", 50_000],
    ["0,5", 50],
    ["1 234,56 kr.", 123_456],
    ["\u22121.234,56", -123_456],
  ])("%s is %i øre", (text, minor) => {
    expect(readStatementAmount(text)).toBe(minor);
  });

  it.each([
    "",
    "abc",
    "1,234",
    "1.2.3",
    "12,345,6",
    "1,2345",
    "1.234,567",
    ",5",
    "5,",
    "--5",
    "1e5",
    "99999999999",
  ])("%s is no amount", (text) => {
    expect(readStatementAmount(text)).toBeNull();
  });
});

describe("dates as Danish banks write them", () => {
  it.each([
    ["31-12-2027", "2027-12-31"],
    ["31.12.2027", "2027-12-31"],
    ["2027-12-31", "2027-12-31"],
    ["1.2.2028", "2028-02-01"],
    ["29-02-2028", "2028-02-29"],
  ])("%s is %s", (text, day) => {
    expect(readStatementDate(text)).toBe(day);
  });

  it.each(["", "31/12/2027", "29-02-2027", "32.01.2027", "2027-13-01", "12-31-2027", "yesterday"])(
    "%s is no date",
    (text) => {
      expect(readStatementDate(text)).toBeNull();
    },
  );
});

describe("a statement file", () => {
  it("reads a Danske Bank style export: semicolons, quotes, Danish amounts, Windows code page", () => {
    const latin1 = Uint8Array.from(
      Buffer.from(
        '"Dato";"Tekst";"Beløb";"Saldo"\r\n"03.05.2027";"Indbetaling; KR-0001";"5.000,00";"12.000,00"\r\n',
        "latin1",
      ),
    );
    expect(readBankStatement(latin1)).toEqual([
      { line: 2, bookedOn: "2027-05-03", text: "Indbetaling; KR-0001", amountMinor: 500_000 },
    ]);
  });

  it("reads a comma-separated English export with ISO dates, a byte-order mark and blank lines", () => {
    const file = bytes(
      '\uFEFFDate,Description,Amount\n2027-05-03,"Payment ""KR-0002""",-1234.56\n\n2027-05-04,Fee,12\n',
    );
    expect(readBankStatement(file)).toEqual([
      { line: 2, bookedOn: "2027-05-03", text: 'Payment "KR-0002"', amountMinor: -123_456 },
      { line: 4, bookedOn: "2027-05-04", text: "Fee", amountMinor: 1_200 },
    ]);
  });

  it("reads a quoted text over two lines, tab-separated, counting lines as the file has them", () => {
    const file = bytes(
      'Dato\tTekst\tBeløb\n03-05-2027\t"Faktura KR-0001\nNordlys"\t100\n04-05-2027\tNext\t1,5\n',
    );
    expect(readBankStatement(file)).toEqual([
      { line: 2, bookedOn: "2027-05-03", text: "Faktura KR-0001 Nordlys", amountMinor: 10_000 },
      { line: 4, bookedOn: "2027-05-04", text: "Next", amountMinor: 150 },
    ]);
  });

  it("finds the columns by name, in any order, beside others", () => {
    const file = bytes(
      "Bogføringsdato;Beløb;Afsender;Beskrivelse;Saldo\n03-05-2027;250,00;Nordlys;Faktura 7;1000,00\n",
    );
    expect(readBankStatement(file)).toEqual([
      { line: 2, bookedOn: "2027-05-03", text: "Faktura 7", amountMinor: 25_000 },
    ]);
  });

  it("refuses an empty file, and a header without lines", () => {
    expect(refusal(bytes(""))).toEqual({
      status: 400,
      message: expect.stringContaining("no statement lines"),
    });
    expect(refusal(bytes("Dato;Tekst;Beløb\n"))).toEqual({
      status: 400,
      message: expect.stringContaining("no statement lines"),
    });
  });

  it("refuses what is not a CSV: a binary file, or one column", () => {
    expect(refusal(Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01]))).toEqual({
      status: 400,
      message: expect.stringContaining("not a CSV file"),
    });
    expect(refusal(bytes("Just some text\nwithout columns\n")).message).toContain("not a CSV file");
  });

  it("names the columns it misses", () => {
    expect(refusal(bytes("Dato;Tekst;Saldo\n03-05-2027;x;1\n")).message).toContain("Missing: amount");
  });

  it("says which line's date or amount it cannot read", () => {
    const header = "Dato;Tekst;Beløb\n03-05-2027;ok;1,00\n";
    expect(refusal(bytes(`${header}31-02-2027;bad;1,00\n`)).message).toBe(
      'Line 3: the date "31-02-2027" cannot be read. Use 31-12-2027, 31.12.2027 or 2027-12-31.',
    );
    expect(refusal(bytes(`${header}03-05-2027;bad;12,3,4\n`)).message).toContain(
      'Line 3: the amount "12,3,4"',
    );
    expect(refusal(bytes(`${header}03-05-2027;short\n`)).message).toBe(
      "Line 3 has fewer columns than the first row.",
    );
    expect(refusal(bytes(`${header}03-05-2027;"open;1,00\n`)).message).toContain("Line 3: a quotation mark");
  });

  it("refuses a file over the size limit with 413, and one of too many lines", () => {
    expect(refusal(new Uint8Array(MAX_STATEMENT_BYTES + 1).fill(0x41))).toEqual({
      status: 413,
      message: expect.stringContaining("larger than 2 MB"),
    });
    const many = `Dato;Tekst;Beløb\n${"03-05-2027;x;1,00\n".repeat(MAX_STATEMENT_LINES + 1)}`;
    expect(refusal(bytes(many)).message).toContain(`more than ${MAX_STATEMENT_LINES} lines`);
  });
});

describe("which invoice a line pays", () => {
  const open = [
    { id: "a", number: "KR-0001", paymentId: "000000000000018" },
    { id: "b", number: "KR-0012", paymentId: null },
    { id: "c", number: "0042", paymentId: null },
  ];

  it("finds the +71 payment id in the text first", () => {
    expect(findPaidInvoice("+71<000000000000018+85412345< KR-0012", open)?.id).toBe("a");
  });

  it("finds a number as a whole word only", () => {
    expect(findPaidInvoice("Betaling kr-0012 Nordlys", open)?.id).toBe("b");
    expect(findPaidInvoice("Betaling KR-00123", open)).toBeNull();
    expect(namesInvoiceNumber("KR-0001", "KR-0001")).toBe(true);
  });

  it("takes a number of digits alone only after a word for invoice", () => {
    expect(findPaidInvoice("Faktura nr. 0042", open)?.id).toBe("c");
    expect(findPaidInvoice("Overførsel 0042", open)).toBeNull();
  });

  it("leaves a text naming two invoices, or none, unmatched", () => {
    expect(findPaidInvoice("KR-0001 og KR-0012", open)).toBeNull();
    expect(findPaidInvoice("Husleje maj", open)).toBeNull();
  });
});
