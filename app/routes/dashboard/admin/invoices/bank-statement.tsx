import { requireArea } from "#server/auth/viewer";
import { orNotFound } from "#server/http/respond";
import { loadBankStatementPage, runBankStatementIntent } from "#server/payments/bank-statement-page";
import { BankStatementPage } from "~/components/invoices/bank-statement-page";
import { ADMIN_BANK_STATEMENT_PATH } from "~/components/invoices/invoice-paths";
import { pageOf } from "~/components/ui/pagination";
import { readSubmission } from "~/lib/forms/read-form.server";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/bank-statement";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  return orNotFound(
    loadBankStatementPage(context, { actor, owner: "rcl", page: pageOf(new URL(request.url)) }),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const submission = await readSubmission(request);
  return runBankStatementIntent(context, submission, {
    actor,
    owner: "rcl",
    path: ADMIN_BANK_STATEMENT_PATH,
  });
}

export const meta: Route.MetaFunction = workspacePageMeta(m.bank_title, ADMIN_BANK_STATEMENT_PATH);

/** RCL's own bank statement, matched to its commission invoices. */
export default function AdminBankStatement({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <BankStatementPage
      area="admin"
      data={loaderData}
      intro={m.bank_intro_rcl()}
      path={ADMIN_BANK_STATEMENT_PATH}
      actionData={actionData}
    />
  );
}
