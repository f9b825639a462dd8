import { requireArea } from "#server/auth/viewer";
import { orNotFound } from "#server/http/respond";
import { invoiceListPage } from "#server/invoices/queries";
import { InvoiceList } from "~/components/invoices/invoice-list";
import { ADMIN_INVOICES_PATH } from "~/components/invoices/invoice-paths";
import { pageOf } from "~/components/ui/pagination";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const url = new URL(request.url);
  return orNotFound(invoiceListPage(context.db, { actor, area: "admin", url, page: pageOf(url) }));
}

export const meta: Route.MetaFunction = workspacePageMeta(m.invoices_title, ADMIN_INVOICES_PATH);

/** Every invoice and credit note on the platform, every seller's and RCL's own. */
export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  return <InvoiceList data={loaderData} intro={m.invoices_admin_intro()} />;
}
