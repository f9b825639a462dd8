import { describe, expect, it } from "vitest";
import { CsvSyntaxError, readCsv, sniffDelimiter } from "./read-csv";

describe("readCsv", () => {
  it("reads quoted cells with separators, doubled quotes and line breaks, numbering records by their first line", () => {
    const text =
      '\uFEFFDato;Tekst;Beløb\r\n03-05-2027;"Faktura; ""KR-1""\r\nfra Nordlys";100,00\r\n\r\n04-05-2027;Gebyr;-5,00\r\n';
    expect(readCsv(text, ";")).toEqual([
      { line: 1, cells: ["Dato", "Tekst", "Beløb"] },
      { line: 2, cells: ["03-05-2027", 'Faktura; "KR-1"\nfra Nordlys', "100,00"] },
      { line: 5, cells: ["04-05-2027", "Gebyr", "-5,00"] },
    ]);
  });

  it("keeps a quote inside an unquoted cell as text", () => {
    expect(readCsv('date,text,amount\n2027-05-03,Payment "KR-2",1.00', ",")[1]?.cells).toEqual([
      "2027-05-03",
      'Payment "KR-2"',
      "1.00",
    ]);
  });

  it("names the line where a quote that is never closed begins", () => {
    const lines = [
      "date;text;amount",
      "2027-05-03;a;1",
      "2027-05-04;b;2",
      '2027-05-05;"never closed;3',
      "2027-05-06;d;4",
    ];
    const read = () => readCsv(lines.join("\n"), ";");
    expect(read).toThrow(CsvSyntaxError);
    try {
      read();
    } catch (error) {
      expect((error as CsvSyntaxError).line).toBe(4);
    }
  });
});

describe("sniffDelimiter", () => {
  it("takes the separator the header holds most of outside quotes, and none for one column", () => {
    expect(sniffDelimiter('Dato;Tekst;"Beløb, DKK"\n1;2;3')).toBe(";");
    expect(sniffDelimiter("date,text,amount")).toBe(",");
    expect(sniffDelimiter("date\ttext\tamount")).toBe("\t");
    expect(sniffDelimiter("amount\n1")).toBeNull();
  });
});
