import { Form } from "react-router";
import { RefusalMessage } from "~/components/forms/refusal-message";
import { TestPaymentNotice } from "~/components/payments/test-payment-notice";
import { SubmitButton } from "~/components/ui/submit-button";
import type { FormReply } from "~/lib/forms/use-app-form";
import { m } from "~/paraglide/messages";

/** The intent of the button that starts or continues onboarding with the payment provider. */
export const CONNECT_PAYOUT_INTENT = "connect-payout";

/** A partner's payout account as the billing page shows it; null before the billing details are saved. */
export type PayoutAccountState = { accountId: string | null; ready: boolean } | null;

/**
 * "Online payments" on the partner's billing page: what connecting a payout account does
 * and its button; once connected, whether onboarding at the provider is finished (with the
 * button that goes back to it) or where payouts go. With the test provider it says that no
 * money moves.
 */
export function PayoutAccountSection({
  action,
  payout,
  testProvider,
  linkExpired,
  lastResult,
}: {
  /** The page's address, with the partner it is for. */
  action: string;
  payout: PayoutAccountState;
  testProvider: boolean;
  /** The provider sent the partner back because the onboarding link was stale. */
  linkExpired: boolean;
  lastResult: FormReply | undefined;
}) {
  return (
    <section
      aria-labelledby="online-payments"
      className="space-y-4 rounded-lg border border-slate-200 p-4 sm:p-6"
    >
      <h2 id="online-payments" className="text-lg font-semibold text-navy-900">
        {m.billing_payout_heading()}
      </h2>
      {testProvider && <TestPaymentNotice />}
      <RefusalMessage lastResult={lastResult} />
      <PayoutState action={action} payout={payout} linkExpired={linkExpired} />
    </section>
  );
}

function PayoutState({
  action,
  payout,
  linkExpired,
}: {
  action: string;
  payout: PayoutAccountState;
  linkExpired: boolean;
}) {
  if (payout?.accountId && payout.ready) {
    return (
      <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
        {m.billing_payout_ready({ accountId: payout.accountId })}
      </p>
    );
  }
  if (payout?.accountId) {
    return (
      <>
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <strong className="font-semibold">{m.billing_payout_unfinished()}</strong>{" "}
          {m.billing_payout_unfinished_detail()}
        </p>
        {linkExpired && <p className="text-sm text-slate-700">{m.billing_payout_link_expired()}</p>}
        <ConnectButton action={action}>{m.billing_payout_continue()}</ConnectButton>
      </>
    );
  }
  return (
    <>
      <p className="text-sm text-slate-700">{m.billing_payout_intro()}</p>
      {payout ? (
        <ConnectButton action={action}>{m.billing_payout_connect()}</ConnectButton>
      ) : (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {m.billing_payout_needs_profile()}
        </p>
      )}
    </>
  );
}

function ConnectButton({ action, children }: { action: string; children: string }) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={CONNECT_PAYOUT_INTENT} />
      <SubmitButton pending={{ intent: CONNECT_PAYOUT_INTENT }}>{children}</SubmitButton>
    </Form>
  );
}
