import { requireArea } from "#server/auth/viewer";
import { orNotFound } from "#server/http/respond";
import { loadInvoicePage, runInvoicePageIntent } from "#server/invoices/invoice-page";
import { InvoiceDetailPage } from "~/components/invoices/invoice-detail";
import { invoiceDetailPath } from "~/components/invoices/invoice-paths";
import { readSubmission } from "~/lib/forms/read-form.server";
import { documentName } from "~/lib/invoice-status";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/$id";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  return orNotFound(loadInvoicePage(context, { actor, area: "partner", id: params.id }));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const { submission } = await readSubmission(request);
  return runInvoicePageIntent(context, submission, { actor, area: "partner", id: params.id });
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: loaderData
      ? documentName(loaderData.detail.document.kind, loaderData.detail.document.number)
      : m.invoices_title(),
    path: invoiceDetailPath("partner", params.id),
    noindex: true,
  });

/** One invoice or credit note issued in the partner's name, with its payments and credit notes. */
export default function PartnerInvoice({ loaderData, actionData }: Route.ComponentProps) {
  return <InvoiceDetailPage {...loaderData} actionData={actionData} />;
}
