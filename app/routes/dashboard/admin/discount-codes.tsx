import { href } from "react-router";
import { requireArea } from "#server/auth/viewer";
import { disableDiscountCode } from "#server/discounts/disable-discount-code";
import { discountCodeListPage } from "#server/discounts/queries";
import { orNotFound } from "#server/http/respond";
import { redirectAfter, runIntent } from "#server/http/run-intent";
import { AdminPage } from "~/components/admin/admin-page";
import { DiscountCodeList } from "~/components/discount-codes/discount-code-list";
import { DisableDiscountCode } from "~/components/discount-codes/disable-discount-code";
import { pageOf } from "~/components/ui/pagination";
import { readSubmission } from "~/lib/forms/read-form.server";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/discount-codes";

const PATH = href("/dashboard/admin/discount-codes");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const url = new URL(request.url);
  return orNotFound(discountCodeListPage(context.db, { actor, url, page: pageOf(url) }));
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const { submission } = await readSubmission(request);
  // The list names no code; "disable" finds the one its form names.
  return runIntent(
    submission,
    {
      disable: redirectAfter(PATH, "discount-code-disabled", (input) =>
        disableDiscountCode(context, { actor, codeId: input.codeId }),
      ),
    },
    { record: null },
  );
}

export const meta: Route.MetaFunction = workspacePageMeta(m.discount_codes_title, PATH);

/** Every partner's discount codes, filtered by partner and status, each with its "Disable…". */
export default function AdminDiscountCodes({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title={m.discount_codes_title()} intro={m.discount_codes_admin_intro()}>
      <DiscountCodeList
        data={loaderData}
        listPath={PATH}
        action={(row) => <DisableDiscountCode code={row} />}
      />
    </AdminPage>
  );
}
