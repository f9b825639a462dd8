import { requireUser } from "#server/auth/viewer";
import { documentFileName } from "#server/invoices/attach-documents";
import { getReadableDocument } from "#server/invoices/queries";
import { renderDocumentPdf } from "#server/invoices/render-pdf";
import { toUbl } from "#server/invoices/ubl";
import { contentDisposition, notFoundResponse, orNotFound } from "#server/http/respond";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/$id.$format";

const CONTENT_TYPES = { pdf: "application/pdf", xml: "application/xml; charset=utf-8" } as const;
type Format = keyof typeof CONTENT_TYPES;

const isFormat = (value: string): value is Format => Object.hasOwn(CONTENT_TYPES, value);

/**
 * GET /dashboard/documents/{id}/{pdf|xml}: an issued invoice or credit note as its PDF or
 * its UBL e-invoice, rendered from the snapshot kept when it was issued, for those who
 * may read it: its booker, its seller's members, admins. Anyone else, and an unknown
 * format, is told "not found".
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireUser(request, context);
  if (!isFormat(params.format)) throw notFoundResponse(m.invoices_not_found());
  const document = await orNotFound(getReadableDocument(context.db, actor, params.id));
  const body =
    params.format === "pdf"
      ? new Uint8Array(await renderDocumentPdf(document.content))
      : toUbl(document.content);
  return new Response(body, {
    headers: {
      "Content-Type": CONTENT_TYPES[params.format],
      "Content-Disposition": contentDisposition(documentFileName(document, params.format)),
      "Cache-Control": "private, no-store",
    },
  });
}
