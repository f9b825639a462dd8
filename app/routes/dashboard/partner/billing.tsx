import { redirect } from "react-router";
import type { Actor } from "#server/auth/actor";
import { seesAllPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { connectPayoutAccount } from "#server/billing/connect-payout-account";
import { getBillingProfileForEditing } from "#server/billing/queries";
import { refreshPayoutAccount } from "#server/billing/refresh-payout-account";
import { updateBillingProfile } from "#server/billing/update-billing-profile";
import { notFoundResponse, orNotFound, replyWithRefusal } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { isAppError } from "#server/errors";
import { reportError } from "#server/error-reporting";
import { chosenPartner } from "#server/partners/chosen-partner";
import { BillingProfileForm, billingProfileFormValues } from "~/components/billing/billing-profile-form";
import { CONNECT_PAYOUT_INTENT, PayoutAccountSection } from "~/components/billing/payout-account-section";
import { VatConfirmationNotice } from "~/components/billing/vat-confirmation-notice";
import { replyTo } from "~/components/dashboard/record-page";
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
  if (partnerId === null) return { editing: null, choices, testProvider: false, linkExpired: false };
  const payout = new URL(request.url).searchParams.get("payout");
  if (payout === "return") await mirrorPayoutAccount(context, actor, partnerId);
  const { partner, profile } = await orNotFound(getBillingProfileForEditing(context.db, actor, partnerId));
  return {
    editing: {
      id: partner.id,
      name: partner.name,
      saved: billingProfileFormValues(profile),
      hasProfile: profile !== null,
      confirmedAt: profile?.vatConfirmedAt ?? null,
      payout: profile ? { accountId: profile.payoutAccountId, ready: profile.payoutAccountReady } : null,
    },
    // Links between partners only for a member of several; admins go back to the list.
    choices: seesAllPartners(actor) ? [] : choices,
    testProvider: context.payments.isTest,
    linkExpired: payout === "refresh",
  };
}

/**
 * Back from the provider's onboarding (`?payout=return`): its state of the partner's
 * account is stored before the page shows it. A loader writing is acceptable here, as it
 * writes nothing the person chose, only mirrors the provider (the same GET stores the same
 * state again), and the provider sends the browser back with a GET the page must answer
 * with the state it has now. The page still opens while the provider cannot be reached,
 * with the state stored before; another partner's id stays "not found" (the query below).
 */
async function mirrorPayoutAccount(context: Route.LoaderArgs["context"], actor: Actor, partnerId: string) {
  try {
    await refreshPayoutAccount(context, { actor, partnerId });
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") return;
    reportError(error, "Could not read a partner's payout account at the payment provider", { partnerId });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const { partnerId } = await chosenPartner(request, context.db, actor);
  if (partnerId === null) throw notFoundResponse(m.partner_not_found());
  const { submission } = await readSubmission(request);
  if (submission.payload.intent === CONNECT_PAYOUT_INTENT) {
    try {
      return redirect(await connectPayoutAccount(context, { actor, partnerId }));
    } catch (error) {
      return replyWithRefusal(submission, error);
    }
  }
  try {
    await updateBillingProfile(context, { actor, partnerId, input: submission.payload });
  } catch (error) {
    return replyWithRefusal(submission, error);
  }
  return redirectWithToast(partnerBillingPath(partnerId), "billing-profile-saved");
}

export const meta: Route.MetaFunction = workspacePageMeta(m.billing_title, PARTNER_BILLING_PATH);

export default function PartnerBilling({ loaderData, actionData }: Route.ComponentProps) {
  const { editing, choices, testProvider, linkExpired } = loaderData;
  // Each form shows its own refusal: the button's, or the billing details'.
  const payoutReply = replyTo(actionData, CONNECT_PAYOUT_INTENT);
  const profileReply = payoutReply ? undefined : (actionData as FormReply | undefined);
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
        <>
          <PayoutAccountSection
            action={partnerBillingPath(editing.id)}
            payout={editing.payout}
            testProvider={testProvider}
            linkExpired={linkExpired}
            lastResult={payoutReply}
          />
          <BillingProfileForm
            key={editing.id}
            action={partnerBillingPath(editing.id)}
            saved={editing.saved}
            lastResult={profileReply}
          />
        </>
      )}
    </main>
  );
}
