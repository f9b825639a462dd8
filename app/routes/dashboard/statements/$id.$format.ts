import { requireUser } from "#server/auth/viewer";
import { contentDisposition, notFoundResponse, orNotFound } from "#server/http/respond";
import { renderStatementPdf, statementFileName } from "#server/settlements/render-statement-pdf";
import { getReadableStatement } from "#server/settlements/queries";
import { readStatementContents } from "#server/settlements/statement-contents";
import { statementCsv } from "#server/settlements/statement-csv";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/$id.$format";

const CONTENT_TYPES = { pdf: "application/pdf", csv: "text/csv; charset=utf-8" } as const;
type Format = keyof typeof CONTENT_TYPES;

const isFormat = (value: string): value is Format => Object.hasOwn(CONTENT_TYPES, value);

/**
 * GET /dashboard/statements/{id}/{pdf|csv}: a partner's monthly statement as its PDF or
 * CSV, in the partner's language, for the partner's members and admins. Anyone else, and
 * an unknown format, is told "not found".
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireUser(request, context);
  if (!isFormat(params.format)) throw notFoundResponse(m.statements_not_found());
  const { id } = await orNotFound(getReadableStatement(context.db, actor, params.id));
  const contents = await readStatementContents(context.db, id);
  const body =
    params.format === "pdf" ? new Uint8Array(await renderStatementPdf(contents)) : statementCsv(contents);
  return new Response(body, {
    headers: {
      "Content-Type": CONTENT_TYPES[params.format],
      "Content-Disposition": contentDisposition(statementFileName(contents, params.format)),
      "Cache-Control": "private, no-store",
    },
  });
}
