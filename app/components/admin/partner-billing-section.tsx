import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { VAT_STATUS_LABELS } from "~/components/billing/vat-status-field";
import { RefusalMessage } from "~/components/forms/refusal-message";
import { buttonVariants } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatPostalAddress } from "~/lib/address";
import { formatDate } from "~/lib/dates";
import type { VatStatus } from "~/lib/billing/moms";
import type { FormReply } from "~/lib/forms/use-app-form";
import { partnerBillingPath } from "~/lib/paths";
import { m } from "~/paraglide/messages";

const CONFIRM_INTENT = "confirm-vat";

/** What the admin's partner page shows of a billing profile. */
export type AdminBillingProfile = {
  legalName: string;
  addressLine: string;
  postalCode: string;
  city: string;
  cvr: string;
  vatStatus: VatStatus;
  vatConfirmedAt: Date | null;
  confirmedByName: string | null;
  bankRegistration: string;
  bankAccount: string;
  fiCreditorNumber: string | null;
  invoicePrefix: string;
  paymentTermsDays: number;
  invoiceEmail: string;
  payoutAccountId: string | null;
  payoutAccountReady: boolean;
};

/**
 * A partner's billing details on the admin's partner page, and while its moms status
 * waits, the button that confirms it. The button sends back what is shown, so a profile
 * the partner changed meanwhile is not confirmed unseen.
 */
export function PartnerBillingSection({
  partner,
  billing,
  lastResult,
}: {
  partner: { id: string; name: string };
  billing: AdminBillingProfile | null;
  lastResult: FormReply | undefined;
}) {
  return (
    <section aria-labelledby="partner-billing" className="max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="partner-billing" className="text-lg font-semibold text-navy-900">
          {m.billing_admin_heading()}
        </h2>
        <Link
          to={partnerBillingPath(partner.id)}
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          {m.billing_admin_edit()}
        </Link>
      </div>
      {/* A refused confirmation, whatever the profile shows now (confirmed by another admin meanwhile). */}
      <RefusalMessage lastResult={lastResult} />
      {billing ? (
        <>
          <ConfirmationState billing={billing} />
          <BillingDetails billing={billing} />
          {billing.vatConfirmedAt === null && <ConfirmForm billing={billing} />}
        </>
      ) : (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {m.billing_admin_none({ name: partner.name })}
        </p>
      )}
    </section>
  );
}

function ConfirmationState({ billing }: { billing: AdminBillingProfile }) {
  const { vatConfirmedAt, confirmedByName } = billing;
  if (vatConfirmedAt === null) {
    return (
      <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{m.billing_admin_waiting()}</p>
    );
  }
  const date = formatDate(vatConfirmedAt);
  return (
    <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
      {confirmedByName
        ? m.billing_admin_confirmed_by({ date, name: confirmedByName })
        : m.billing_admin_confirmed({ date })}
    </p>
  );
}

function BillingDetails({ billing }: { billing: AdminBillingProfile }) {
  const none = <span className="text-slate-500">{m.billing_none()}</span>;
  const rows: [string, ReactNode][] = [
    [m.billing_legal_name(), billing.legalName],
    [m.billing_address(), formatPostalAddress(billing.addressLine, billing.postalCode, billing.city)],
    [m.billing_cvr(), billing.cvr],
    [m.billing_vat_status(), VAT_STATUS_LABELS[billing.vatStatus]()],
    [m.billing_bank_registration(), billing.bankRegistration],
    [m.billing_bank_account(), billing.bankAccount],
    [m.billing_fi_creditor(), billing.fiCreditorNumber ?? none],
    [m.billing_invoice_prefix(), billing.invoicePrefix || none],
    [m.billing_payment_terms(), m.billing_terms_days({ days: billing.paymentTermsDays })],
    [m.billing_invoice_email(), billing.invoiceEmail],
    [m.billing_payout_account(), payoutAccountState(billing)],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-slate-200 p-5 sm:grid-cols-[14rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm font-medium text-slate-600">{term}</dt>
          <dd className="text-sm break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Where the partner's online payments go: read-only, as the partner connects the account itself. */
function payoutAccountState({ payoutAccountId, payoutAccountReady }: AdminBillingProfile): string {
  if (payoutAccountId === null) return m.billing_payout_admin_none();
  return payoutAccountReady
    ? m.billing_payout_admin_ready({ accountId: payoutAccountId })
    : m.billing_payout_admin_unfinished({ accountId: payoutAccountId });
}

function ConfirmForm({ billing }: { billing: AdminBillingProfile }) {
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value={CONFIRM_INTENT} />
      <input type="hidden" name="legalName" value={billing.legalName} />
      <input type="hidden" name="cvr" value={billing.cvr} />
      <input type="hidden" name="vatStatus" value={billing.vatStatus} />
      <p className="text-sm text-slate-600">{m.billing_admin_confirm_hint()}</p>
      <SubmitButton pending={{ intent: CONFIRM_INTENT }}>{m.billing_admin_confirm()}</SubmitButton>
    </Form>
  );
}
