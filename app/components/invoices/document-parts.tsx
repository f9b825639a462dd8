import { Badge } from "~/components/ui/badge";
import { documentName, INVOICE_STATUS_LABELS, type InvoiceStatus } from "~/lib/invoice-status";
import { formatMoneyExact } from "~/lib/money";
import { m } from "~/paraglide/messages";
import { documentFilePath } from "./invoice-paths";

type DocumentKind = "invoice" | "credit_note";

const STATUS_VARIANTS = {
  open: "default",
  paid: "teal",
  overdue: "danger",
  credited: "neutral",
} as const satisfies Record<InvoiceStatus, "default" | "teal" | "danger" | "neutral">;

/**
 * An invoice's status as a badge; a credit note has none of its own, so it says which
 * invoice it credits instead.
 */
export function DocumentStatus({
  kind,
  status,
  creditedNumber,
}: {
  kind: DocumentKind;
  status: InvoiceStatus | null;
  creditedNumber: string | null;
}) {
  if (kind === "credit_note" || !status) {
    return <span className="text-slate-700">{m.invoices_credits({ number: creditedNumber ?? "" })}</span>;
  }
  return <Badge variant={STATUS_VARIANTS[status]}>{INVOICE_STATUS_LABELS[status]()}</Badge>;
}

/** A document's amount as the lists add it up: a credit note's with a minus. */
export function DocumentAmount({
  kind,
  grossMinor,
  currency,
}: {
  kind: DocumentKind;
  grossMinor: number;
  currency: string;
}) {
  return <>{formatMoneyExact(kind === "credit_note" ? -grossMinor : grossMinor, currency)}</>;
}

const fileLinkClass = "font-medium text-water-700 underline hover:text-navy-900";

/**
 * The document's PDF and its e-invoice (UBL XML), each a download whose name says which
 * document and which file it is ("Invoice KR-0001 (PDF)"), so a list of them reads
 * apart; on screen only "PDF" and "XML" show beside the number.
 */
export function DocumentFileLinks({
  document,
}: {
  document: { id: string; kind: DocumentKind; number: string };
}) {
  const name = documentName(document.kind, document.number);
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1">
      <a
        href={documentFilePath(document.id, "pdf")}
        download
        aria-label={m.invoices_file_pdf({ name })}
        className={fileLinkClass}
      >
        PDF
      </a>
      <a
        href={documentFilePath(document.id, "xml")}
        download
        aria-label={m.invoices_file_xml({ name })}
        className={fileLinkClass}
      >
        XML
      </a>
    </span>
  );
}
