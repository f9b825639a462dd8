import { requireArea } from "#server/auth/viewer";
import { orNotFound } from "#server/http/respond";
import { invoiceListPage } from "#server/invoices/queries";
import { InvoiceList } from "~/components/invoices/invoice-list";
import { PARTNER_INVOICES_PATH } from "~/components/invoices/invoice-paths";
import { pageOf } from "~/components/ui/pagination";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const url = new URL(request.url);
  return orNotFound(invoiceListPage(context.db, { actor, area: "partner", url, page: pageOf(url) }));
}

export const meta: Route.MetaFunction = workspacePageMeta(m.invoices_title, PARTNER_INVOICES_PATH);

/** The invoices and credit notes issued in the partner's name (every partner's for an admin). */
export default function PartnerInvoices({ loaderData }: Route.ComponentProps) {
  return <InvoiceList data={loaderData} intro={m.invoices_partner_intro()} />;
}
