import { seesAllPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { getBillingProfileForEditing } from "#server/billing/queries";
import { updateBillingProfile } from "#server/billing/update-billing-profile";
import { notFoundResponse, orNotFound, replyWithRefusal } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { chosenPartner } from "#server/partners/chosen-partner";
import { BillingProfileForm, billingProfileFormValues } from "~/components/billing/billing-profile-form";
import { VatConfirmationNotice } from "~/components/billing/vat-confirmation-notice";
import { PartnerChooser } from "~/components/partners/partner-chooser";
import { readSubmission } from "~/lib/forms/read-form.server";
import type { FormReply } from "~/lib/forms/use-app-form";
import { workspacePageMeta } from "~/lib/meta";
import { PARTNER_BILLING_PATH, partnerBillingPath } from "~/lib/paths";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/billing";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const { choices, partnerId } = await chosenPartner(request, context.db, actor);
  if (partnerId === null) return { editing: null, choices };
  const { partner, profile } = await orNotFound(getBillingProfileForEditing(context.db, actor, partnerId));
  return {
    editing: {
      id: partner.id,
      name: partner.name,
      saved: billingProfileFormValues(profile),
      hasProfile: profile !== null,
      confirmedAt: profile?.vatConfirmedAt ?? null,
    },
    // Links between partners only for a member of several; admins go back to the list.
    choices: seesAllPartners(actor) ? [] : choices,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const { partnerId } = await chosenPartner(request, context.db, actor);
  if (partnerId === null) throw notFoundResponse(m.partner_not_found());
  const { submission } = await readSubmission(request);
  try {
    await updateBillingProfile(context, { actor, partnerId, input: submission.payload });
  } catch (error) {
    return replyWithRefusal(submission, error);
  }
  return redirectWithToast(partnerBillingPath(partnerId), "billing-profile-saved");
}

export const meta: Route.MetaFunction = workspacePageMeta(m.billing_title, PARTNER_BILLING_PATH);

export default function PartnerBilling({ loaderData, actionData }: Route.ComponentProps) {
  const { editing, choices } = loaderData;
  return (
    <main id="main" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <div className="space-y-3">
        <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">
          {editing ? m.billing_heading({ name: editing.name }) : m.billing_title()}
        </h1>
        {editing ? (
          <>
            <p className="text-slate-600">{m.billing_intro()}</p>
            <VatConfirmationNotice hasProfile={editing.hasProfile} confirmedAt={editing.confirmedAt} />
          </>
        ) : (
          <p className="text-slate-600">{m.billing_choose()}</p>
        )}
        {choices.length > 1 || !editing ? (
          <PartnerChooser partners={choices} currentId={editing?.id} pathFor={partnerBillingPath} />
        ) : null}
      </div>
      {editing && (
        <BillingProfileForm
          key={editing.id}
          action={partnerBillingPath(editing.id)}
          saved={editing.saved}
          lastResult={actionData as FormReply | undefined}
        />
      )}
    </main>
  );
}
