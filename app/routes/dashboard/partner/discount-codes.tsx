import { href } from "react-router";
import { requireArea } from "#server/auth/viewer";
import { createDiscountCode } from "#server/discounts/create-discount-code";
import { disableDiscountCode } from "#server/discounts/disable-discount-code";
import { discountCodeChoices, discountCodeListPage } from "#server/discounts/queries";
import { orNotFound } from "#server/http/respond";
import { redirectAfter, runIntent } from "#server/http/run-intent";
import { AdminPage } from "~/components/admin/admin-page";
import { DiscountCodeForm } from "~/components/discount-codes/discount-code-form";
import { DiscountCodeList } from "~/components/discount-codes/discount-code-list";
import { DisableDiscountCode } from "~/components/discount-codes/disable-discount-code";
import { pageOf } from "~/components/ui/pagination";
import { readSubmission } from "~/lib/forms/read-form.server";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/discount-codes";

const PATH = href("/dashboard/partner/discount-codes");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const url = new URL(request.url);
  const [list, choices] = await Promise.all([
    orNotFound(discountCodeListPage(context.db, { actor, url, page: pageOf(url) })),
    discountCodeChoices(context.db, actor),
  ]);
  return { list, choices };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const { submission } = await readSubmission(request);
  // The list names no code; "disable" finds the one its form names.
  return runIntent(
    submission,
    {
      create: redirectAfter(PATH, "discount-code-created", (input) =>
        createDiscountCode(context, { actor, input }),
      ),
      disable: redirectAfter(PATH, "discount-code-disabled", (input) =>
        disableDiscountCode(context, { actor, codeId: input.codeId }),
      ),
    },
    { record: null },
  );
}

export const meta: Route.MetaFunction = workspacePageMeta(m.discount_codes_title, PATH);

/** The partner's discount codes with their use, a new code's form, and each code's "Disable…". */
export default function PartnerDiscountCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { list, choices } = loaderData;
  return (
    <AdminPage title={m.discount_codes_title()} intro={m.discount_codes_partner_intro()}>
      <DiscountCodeForm choices={choices} lastResult={actionData} />
      <DiscountCodeList data={list} listPath={PATH} action={(row) => <DisableDiscountCode code={row} />} />
    </AdminPage>
  );
}
