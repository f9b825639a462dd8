import { Form, redirect } from "react-router";
import { notFoundResponse } from "#server/http/respond";
import { completeTestOnboarding, readTestAccount } from "#server/online-payments/providers/test-provider";
import { TestPaymentNotice } from "~/components/payments/test-payment-notice";
import { Button } from "~/components/ui/button";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/test-payment.onboarding.$accountId";

/**
 * The test provider's stand-in for Stripe's hosted onboarding of a connected account
 * (ADR 036). One button finishes it; the partner goes back where the site asked when it
 * made the link, kept with the account, never taken from this page's URL.
 */

async function testAccount(context: Route.LoaderArgs["context"], accountId: string) {
  if (!context.payments.isTest) throw notFoundResponse();
  const account = await readTestAccount(context.db, accountId);
  if (!account) throw notFoundResponse();
  return account;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const account = await testAccount(context, params.accountId);
  return { ready: account.status === "paid", returnUrl: account.successUrl };
}

export async function action({ context, params }: Route.ActionArgs) {
  await testAccount(context, params.accountId);
  return redirect((await completeTestOnboarding(context.db, params.accountId)) || "/");
}

export const meta: Route.MetaFunction = () => [
  { title: `${m.test_onboarding_title()} | RCL` },
  { name: "robots", content: "noindex" },
];

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export default function TestOnboarding({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-xl space-y-8 px-4 py-12">
      <TestPaymentNotice />
      <h1 className="text-3xl font-bold text-navy-900">{m.test_onboarding_title()}</h1>
      <p>{m.test_onboarding_intro()}</p>
      {loaderData.ready ? (
        <div className="space-y-4">
          <p role="status" className="font-medium">
            {m.test_onboarding_ready()}
          </p>
          {loaderData.returnUrl ? (
            <Button asChild variant="outline">
              <a href={loaderData.returnUrl}>{m.test_payment_continue()}</a>
            </Button>
          ) : null}
        </div>
      ) : (
        <Form method="post">
          <Button type="submit" size="lg">
            {m.test_onboarding_complete()}
          </Button>
        </Form>
      )}
    </main>
  );
}
