import { seesAllPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { notFoundResponse, orNotFound } from "#server/http/respond";
import { chosenPartner } from "#server/partners/chosen-partner";
import { loadBankStatementPage, runBankStatementIntent } from "#server/payments/bank-statement-page";
import { BankStatementPage } from "~/components/invoices/bank-statement-page";
import { PARTNER_BANK_STATEMENT_PATH, partnerBankStatementPath } from "~/components/invoices/invoice-paths";
import { PartnerChooser } from "~/components/partners/partner-chooser";
import { pageOf } from "~/components/ui/pagination";
import { readSubmission } from "~/lib/forms/read-form.server";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/bank-statement";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const { choices, partnerId } = await chosenPartner(request, context.db, actor);
  // Links between partners only for a member of several; admins choose from the whole list.
  const shownChoices = seesAllPartners(actor) || choices.length > 1 ? choices : [];
  if (partnerId === null) return { partnerId: null, choices: shownChoices, statement: null };
  const statement = await orNotFound(
    loadBankStatementPage(context, { actor, owner: { partnerId }, page: pageOf(new URL(request.url)) }),
  );
  return { partnerId, choices: shownChoices, statement };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const { partnerId } = await chosenPartner(request, context.db, actor);
  if (partnerId === null) throw notFoundResponse(m.bank_account_not_found());
  const submission = await readSubmission(request);
  return runBankStatementIntent(context, submission, {
    actor,
    owner: { partnerId },
    path: partnerBankStatementPath(partnerId),
  });
}

export const meta: Route.MetaFunction = workspacePageMeta(m.bank_title, PARTNER_BANK_STATEMENT_PATH);

/** A partner's bank statement: uploaded, matched to the invoices issued in its name. */
export default function PartnerBankStatement({ loaderData, actionData }: Route.ComponentProps) {
  const { partnerId, choices, statement } = loaderData;
  const chooser =
    choices.length > 0 ? (
      <PartnerChooser
        partners={choices}
        currentId={partnerId ?? undefined}
        pathFor={partnerBankStatementPath}
      />
    ) : undefined;
  if (!statement || !partnerId) {
    return (
      <main id="main" className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
        <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">{m.bank_title()}</h1>
        <p className="text-slate-600">{m.bank_choose_partner()}</p>
        {chooser}
      </main>
    );
  }
  return (
    <BankStatementPage
      area="partner"
      data={statement}
      intro={m.bank_intro_partner()}
      path={partnerBankStatementPath(partnerId)}
      chooser={chooser}
      actionData={actionData}
    />
  );
}
