import { ListTable } from "~/components/ui/list-table";
import { formatCalendarDay } from "~/lib/dates";
import { documentName } from "~/lib/invoice-status";
import { m } from "~/paraglide/messages";
import type { BookingDocument } from "#server/invoices/queries";
import { DocumentAmount, DocumentFileLinks, DocumentStatus } from "./document-parts";

/**
 * A booking's invoices and credit notes, oldest first: each one's name, date, amount
 * including moms and status, with its PDF and e-invoice to download. `none` is said when
 * there are none yet; without it, nothing is shown then.
 */
export function BookingDocuments({
  reference,
  documents,
  none,
}: {
  /** The booking's reference (RCL-7K3Q9P), which the table's caption names. */
  reference: string;
  documents: readonly BookingDocument[];
  none?: string;
}) {
  if (documents.length === 0) {
    return none ? <p className="text-sm text-slate-600">{none}</p> : null;
  }
  return (
    <ListTable
      caption={m.invoices_documents_caption({ reference })}
      rows={documents}
      rowKey={(document) => document.id}
      empty={null}
      columns={[
        {
          label: m.invoices_col_document(),
          nowrap: true,
          cell: (document) => documentName(document.kind, document.number),
        },
        {
          label: m.invoices_col_date(),
          nowrap: true,
          cell: (document) => (
            <time dateTime={document.issueDate}>{formatCalendarDay(document.issueDate)}</time>
          ),
        },
        {
          label: m.invoices_col_gross(),
          nowrap: true,
          cell: (document) => <DocumentAmount {...document} />,
        },
        {
          label: m.invoices_col_status(),
          cell: (document) => <DocumentStatus {...document} />,
        },
        {
          label: m.invoices_col_files(),
          cell: (document) => <DocumentFileLinks document={document} />,
        },
      ]}
    />
  );
}
