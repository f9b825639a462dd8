import { requireArea } from "#server/auth/viewer";
import { orNotFound } from "#server/http/respond";
import { paymentListPage } from "#server/online-payments/queries";
import { PaymentList } from "~/components/payments/payment-list";
import { ADMIN_PAYMENTS_PATH } from "~/components/payments/payment-paths";
import { pageOf } from "~/components/ui/pagination";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const url = new URL(request.url);
  return orNotFound(paymentListPage(context.db, { actor, url, page: pageOf(url) }));
}

export const meta: Route.MetaFunction = workspacePageMeta(m.payments_title, ADMIN_PAYMENTS_PATH);

/** Every online payment on the platform: its status, refunds, fees and the provider's references. */
export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  return <PaymentList data={loaderData} />;
}
