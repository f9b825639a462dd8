// `npm run bench:invoice-pdf`: how long one invoice or credit note PDF takes to render.
//
// It renders --count documents (default 200) one after another in this process, after
// --warmup renders that are not counted (pdfkit's code and the Intl formatters warm up on
// the first few), and prints the time per PDF: min, median, p95 and max, and the sizes.
// The documents vary as real ones do: Danish and English, a registered and an exempt
// seller, with and without the buyer's EAN and a +71 line, invoices and full or partial
// credit notes, and from 1 to 60 lines (so one to three pages). The target is a p95 of
// 100 ms or less; it exits with code 1 above that, so a run can gate a change.
//
// Usage: tsx scripts/bench-invoice-pdf.ts [--count 200] [--warmup 20] [--target 100]
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { documentLine, totalsOf, type DocumentContent } from "#server/invoices/document";
import { renderDocumentPdf } from "#server/invoices/render-pdf";
import { sampleCreditNote, sampleInvoice } from "../tests/support/invoice-documents";

type Options = { count: number; warmup: number; targetMs: number };

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      count: { type: "string", default: "200" },
      warmup: { type: "string", default: "20" },
      target: { type: "string", default: "100" },
    },
  });
  const whole = (name: string, value: string, min: number) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < min)
      throw new Error(`--${name} must be a whole number ≥ ${min}.`);
    return number;
  };
  return {
    count: whole("count", values.count, 1),
    warmup: whole("warmup", values.warmup, 0),
    targetMs: whole("target", values.target, 1),
  };
}

// Line counts in the mix: most documents are short, a few run over pages.
const LINE_COUNTS = [1, 2, 2, 3, 5, 8, 12, 20, 35, 60];

/** The `index`th document of the mix: each property cycles at its own pace. */
function documentNumber(index: number): DocumentContent {
  const invoice = sampleInvoice({
    language: index % 2 === 0 ? "da" : "en",
    vatStatus: index % 3 === 0 ? "exempt" : "registered",
    ean: index % 4 === 1,
    withCreditor: index % 5 !== 2,
  });
  const count = LINE_COUNTS[index % LINE_COUNTS.length]!;
  const lines = Array.from({ length: count }, (_, line) =>
    documentLine(
      invoice.language === "da"
        ? `Holdplads ${line + 1} af ${count} – Havnekaproning 2027, 15. juni 2027 (RCL-7K3Q${index % 10}P)`
        : `Team place ${line + 1} of ${count} – Harbour Regatta 2027, 15 June 2027 (RCL-7K3Q${index % 10}P)`,
      1 + (line % 3),
      250_000 + 12_345 * (line % 7),
      invoice.seller.vatStatus,
    ),
  );
  const withLines = { ...invoice, number: `KR-${1000 + index}`, lines, totals: totalsOf(lines) };
  // Every seventh document a credit note, every other one of those for one line only.
  if (index % 7 !== 6) return withLines;
  return sampleCreditNote(withLines, { partial: index % 14 === 13 });
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<number> {
  const options = readOptions();
  // Built before the clock starts: the benchmark measures rendering, not the samples.
  const warmup = Array.from({ length: options.warmup }, (_, index) => documentNumber(index));
  const documents = Array.from({ length: options.count }, (_, index) => documentNumber(index));

  for (const document of warmup) await renderDocumentPdf(document);

  const times: number[] = [];
  const sizes: number[] = [];
  let pages = 0;
  for (const document of documents) {
    const started = performance.now();
    const pdf = await renderDocumentPdf(document);
    times.push(performance.now() - started);
    sizes.push(pdf.length);
    pages += (pdf.toString("latin1").match(/\/Type \/Page\n/g) ?? []).length;
  }

  const sorted = [...times].sort((a, b) => a - b);
  const p95 = percentile(sorted, 0.95);
  console.log(
    `Invoice PDFs: ${options.count} documents (${pages} pages) after ${options.warmup} warm-up renders, ` +
      `Node ${process.version}.`,
  );
  console.log(
    `Time per PDF: min ${ms(sorted[0]!)}, median ${ms(percentile(sorted, 0.5))}, p95 ${ms(p95)}, ` +
      `max ${ms(sorted.at(-1)!)}`,
  );
  console.log(
    `Size per PDF: ${Math.min(...sizes)}–${Math.max(...sizes)} bytes, ` +
      `${Math.round(sizes.reduce((sum, size) => sum + size, 0) / sizes.length)} on average`,
  );
  const ok = p95 <= options.targetMs;
  console.log(`p95 ≤ ${options.targetMs} ms: ${ok ? "OK" : "MISSED"}`);
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
