import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { isAppError } from "#server/errors";
import { notFoundResponse } from "#server/http/respond";
import { chooseOnTestCheckout, readTestCheckout } from "#server/online-payments/providers/test-provider";
import { TestPaymentNotice } from "~/components/payments/test-payment-notice";
import { Button } from "~/components/ui/button";
import { formatMoneyExact } from "~/lib/money";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/test-payment.$checkoutId";

/**
 * The test provider's hosted checkout (ADR 036): where Stripe's Checkout would be, a page
 * on the site itself to pay by card or MobilePay, fail or cancel, moving no money. It is
 * public as a provider's checkout is: its id, in the link the booker was sent to, is the key.
 */

const choiceSchema = z.object({
  choice: z.enum(["card", "mobilepay", "approve", "decline", "fail", "cancel"]),
});

async function openCheckout(context: Route.LoaderArgs["context"], checkoutId: string) {
  // Only the test provider has these pages: with Stripe they do not exist.
  if (!context.payments.isTest) throw notFoundResponse();
  const checkout = await readTestCheckout(context.db, checkoutId);
  if (!checkout) throw notFoundResponse();
  return checkout;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const checkout = await openCheckout(context, params.checkoutId);
  return {
    amountMinor: checkout.amountMinor,
    currency: checkout.currency,
    description: checkout.description,
    status: checkout.status,
    successUrl: checkout.successUrl,
    cancelUrl: checkout.cancelUrl,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const checkout = await openCheckout(context, params.checkoutId);
  const parsed = choiceSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ closed: false }, { status: 400 });
  const { choice } = parsed.data;
  // As at Stripe, cancelling leaves the checkout open until it expires: the booker may come back.
  if (choice === "cancel") return redirect(checkout.cancelUrl);
  try {
    const settled = await chooseOnTestCheckout(context, { checkoutId: checkout.id, choice });
    if (settled.status === "paid") return redirect(settled.successUrl);
    return null;
  } catch (error) {
    if (isAppError(error) && error.code === "invalid_transition")
      return data({ closed: true }, { status: 409 });
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [
  { title: `${m.test_payment_title()} | RCL` },
  { name: "robots", content: "noindex" },
];

/** A checkout's link is its key: never cached or passed on. */
export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

function ChoiceButton({
  choice,
  variant = "default",
  children,
}: {
  choice: string;
  variant?: "default" | "outline" | "outline-destructive";
  children: string;
}) {
  return (
    <Button type="submit" name="choice" value={choice} variant={variant} size="lg">
      {children}
    </Button>
  );
}

function Choices({ status }: { status: Route.ComponentProps["loaderData"]["status"] }) {
  if (status === "open") {
    return (
      <Form method="post" className="flex flex-wrap gap-3">
        <ChoiceButton choice="card">{m.test_payment_pay_card()}</ChoiceButton>
        <ChoiceButton choice="mobilepay">{m.test_payment_pay_mobilepay()}</ChoiceButton>
        <ChoiceButton choice="fail" variant="outline-destructive">
          {m.test_payment_fail()}
        </ChoiceButton>
        <ChoiceButton choice="cancel" variant="outline">
          {m.test_payment_cancel()}
        </ChoiceButton>
      </Form>
    );
  }
  if (status === "pending") {
    return (
      <Form method="post" className="space-y-4">
        <p role="status">{m.test_payment_mobilepay_waiting()}</p>
        <div className="flex flex-wrap gap-3">
          <ChoiceButton choice="approve">{m.test_payment_approve()}</ChoiceButton>
          <ChoiceButton choice="decline" variant="outline-destructive">
            {m.test_payment_decline()}
          </ChoiceButton>
        </div>
      </Form>
    );
  }
  return null;
}

function Outcome({ status, successUrl, cancelUrl }: Route.ComponentProps["loaderData"]) {
  if (status === "open" || status === "pending") return null;
  const text =
    status === "paid"
      ? m.test_payment_paid()
      : status === "failed"
        ? m.test_payment_failed()
        : m.test_payment_expired();
  return (
    <div className="space-y-4">
      <p role="status" className="font-medium">
        {text}
      </p>
      <Button asChild variant="outline">
        <a href={status === "paid" ? successUrl : cancelUrl}>
          {status === "paid" ? m.test_payment_continue() : m.test_payment_back()}
        </a>
      </Button>
    </div>
  );
}

export default function TestPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { amountMinor, currency, description } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-xl space-y-8 px-4 py-12">
      <TestPaymentNotice />
      <h1 className="text-3xl font-bold text-navy-900">{m.test_payment_title()}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="text-slate-600">{m.test_payment_description()}</dt>
        <dd>{description}</dd>
        <dt className="text-slate-600">{m.test_payment_amount()}</dt>
        <dd className="text-xl font-semibold">{formatMoneyExact(amountMinor, currency)}</dd>
      </dl>
      {actionData?.closed ? (
        <p role="alert" className="font-medium text-red-800">
          {m.test_payment_closed()}
        </p>
      ) : null}
      <Choices status={loaderData.status} />
      <Outcome {...loaderData} />
    </main>
  );
}
