import { randomBytes } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { returnedRow, type SqlRunner } from "#server/db/rows";
import { testProviderCheckouts } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { AppError, notFound } from "#server/errors";
import { localizedPath } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import type { PaymentProvider, ProviderPayment, ProviderRefund } from "./payment-provider";
import { noticeOf, verifiedEvent } from "./stripe-webhooks";
import type { TestEventType, TestWebhookEvent } from "./test-webhooks";

/**
 * The test provider (ADR 036): a payment provider that ships with RCL, runs in `npm start`
 * and in every test, and moves no money. Its checkout page is on the site itself
 * (`/test-payment/:checkoutId`), where the payer pays by card or MobilePay, fails or cancels;
 * each change is written with its webhook queued in the same transaction, and the webhook is
 * signed and checked exactly as Stripe's. Its state is rows of `test_provider_checkouts`,
 * so a payment made there survives a restart as one at a real provider does.
 *
 * One row per checkout (`tp_cs_…`), whose `payment_id` is our `payments` row's id. Its
 * payment (`tp_pi_…`) and charge (`tp_ch_…`) share the checkout's suffix, so each leads to
 * the other without a column of its own. Partners' connected accounts are rows too, with
 * ids `tp_acct_…`, `payment_id` the partner's id, and status `open` (onboarding not done)
 * or `paid` (ready to take charges); the table has no other place for them.
 */

type Deps = { db: Database; jobs: MailQueue };

export type TestCheckout = typeof testProviderCheckouts.$inferSelect;

const CHECKOUT = "tp_cs_";
const PAYMENT = "tp_pi_";
const CHARGE = "tp_ch_";
const REFUND = "tp_re_";
const ACCOUNT = "tp_acct_";
const EVENT = "evt_tp_";

const randomPart = () => randomBytes(12).toString("hex");
const suffixOf = (id: string, prefix: string) => (id.startsWith(prefix) ? id.slice(prefix.length) : null);

/** The payment of a checkout whose payer chose a way to pay; null while it is open or once expired unpaid. */
function paymentIdOf(row: TestCheckout): string | null {
  return row.method ? `${PAYMENT}${suffixOf(row.id, CHECKOUT)}` : null;
}

/** Our `payments` row's id, which the test provider keeps as Stripe keeps `metadata.payment_id`. */
const metadataOf = (row: TestCheckout) => ({ payment_id: row.paymentId ?? "" });

function sessionObject(row: TestCheckout) {
  return {
    id: row.id,
    object: "checkout.session" as const,
    status: row.status === "open" ? "open" : row.status === "expired" ? "expired" : "complete",
    payment_status: row.status === "paid" ? "paid" : "unpaid",
    payment_intent: paymentIdOf(row),
    amount_total: row.amountMinor,
    currency: row.currency.toLowerCase(),
    metadata: metadataOf(row),
  };
}

/** A payment's or a charge's event names its checkout, so the handler needs no look-up by payment. */
function eventObject(type: TestEventType, row: TestCheckout): TestWebhookEvent["data"]["object"] {
  const checkout = { ...metadataOf(row), checkout_session: row.id };
  if (type === "payment_intent.payment_failed") {
    return {
      id: paymentIdOf(row) ?? "",
      object: "payment_intent",
      status: "requires_payment_method",
      amount: row.amountMinor,
      currency: row.currency.toLowerCase(),
      last_payment_error: { code: "card_declined", message: failureReasonOf(row) },
      metadata: checkout,
    };
  }
  if (type === "charge.refunded") {
    const refunded = row.refunds.reduce((sum, refund) => sum + refund.amountMinor, 0);
    return {
      id: `${CHARGE}${suffixOf(row.id, CHECKOUT)}`,
      object: "charge",
      payment_intent: paymentIdOf(row),
      amount: row.amountMinor,
      amount_refunded: refunded,
      refunded: refunded === row.amountMinor,
      currency: row.currency.toLowerCase(),
      metadata: checkout,
    };
  }
  return sessionObject(row);
}

/** Queues the webhook of a change, in the transaction that makes it. */
async function queueEvent(jobs: MailQueue, tx: SqlRunner, type: TestEventType, row: TestCheckout) {
  const event: TestWebhookEvent = {
    id: `${EVENT}${randomPart()}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: eventObject(type, row) },
  };
  await jobs.enqueue(tx, "deliver-test-webhook", { event });
}

function failureReasonOf(row: TestCheckout): string | null {
  if (row.status !== "failed") return null;
  return row.method === "mobilepay"
    ? "The payment was declined in MobilePay (test)."
    : "Your card was declined (test).";
}

/** Ids that start with the prefix: `_` is a wildcard of LIKE, so it is escaped. */
const startsWith = (prefix: string) => like(testProviderCheckouts.id, `${prefix.replaceAll("_", "\\_")}%`);
const isCheckout = startsWith(CHECKOUT);
const isAccount = startsWith(ACCOUNT);

/** A checkout as its page shows it; null for an unknown id. */
export async function readTestCheckout(
  db: Pick<Database, "select">,
  checkoutId: string,
): Promise<TestCheckout | null> {
  const [row] = await db
    .select()
    .from(testProviderCheckouts)
    .where(and(eq(testProviderCheckouts.id, checkoutId), isCheckout));
  return row ?? null;
}

/** What the payer does on the test checkout page. */
export type TestCheckoutChoice = "card" | "mobilepay" | "approve" | "decline" | "fail";

/** Each choice: the status it is made from, the status and way of paying it leads to, and the event it sends. */
const CHOICES: Record<
  TestCheckoutChoice,
  { from: TestCheckout["status"]; to: TestCheckout["status"]; method?: string; event: TestEventType }
> = {
  card: { from: "open", to: "paid", method: "card", event: "checkout.session.completed" },
  // Checkout completes while MobilePay waits for the payer's approval in the app (Stripe's
  // asynchronous payments): paid or failed comes as an event of its own.
  mobilepay: { from: "open", to: "pending", method: "mobilepay", event: "checkout.session.completed" },
  approve: { from: "pending", to: "paid", event: "checkout.session.async_payment_succeeded" },
  decline: { from: "pending", to: "failed", event: "checkout.session.async_payment_failed" },
  fail: { from: "open", to: "failed", method: "card", event: "payment_intent.payment_failed" },
};

/**
 * The payer's choice on the test checkout page, with its webhook queued in the same
 * transaction. Only from the status the choice is made in: an expired or finished checkout
 * takes no payment, however the page was reached or resubmitted.
 */
export async function chooseOnTestCheckout(
  { db, jobs }: Deps,
  { checkoutId, choice }: { checkoutId: string; choice: TestCheckoutChoice },
): Promise<TestCheckout> {
  const { from, to, method, event } = CHOICES[choice];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(testProviderCheckouts)
      .set({ status: to, ...(method ? { method } : {}), updatedAt: new Date() })
      .where(
        and(eq(testProviderCheckouts.id, checkoutId), isCheckout, eq(testProviderCheckouts.status, from)),
      )
      .returning();
    if (!row) {
      const current = await readTestCheckout(tx, checkoutId);
      if (!current) throw notFound();
      throw new AppError("invalid_transition", m.test_payment_closed());
    }
    await queueEvent(jobs, tx, event, row);
    return row;
  });
}

/** Expires an open checkout with its webhook; one already paid, pending, failed or expired is left as it is. */
export async function expireTestCheckout({ db, jobs }: Deps, checkoutId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(testProviderCheckouts)
      .set({ status: "expired", updatedAt: new Date() })
      .where(
        and(eq(testProviderCheckouts.id, checkoutId), isCheckout, eq(testProviderCheckouts.status, "open")),
      )
      .returning();
    if (row) await queueEvent(jobs, tx, "checkout.session.expired", row);
  });
}

/** A test connected account as its onboarding page shows it; null for an unknown id. */
export async function readTestAccount(db: Database, accountId: string): Promise<TestCheckout | null> {
  const [row] = await db
    .select()
    .from(testProviderCheckouts)
    .where(and(eq(testProviderCheckouts.id, accountId), isAccount));
  return row ?? null;
}

/** Finishes a test account's onboarding: it takes charges from now on. Returns where to send the partner back. */
export async function completeTestOnboarding(db: Database, accountId: string): Promise<string> {
  const [row] = await db
    .update(testProviderCheckouts)
    .set({ status: "paid", updatedAt: new Date() })
    .where(and(eq(testProviderCheckouts.id, accountId), isAccount))
    .returning();
  if (!row) throw notFound();
  return row.successUrl;
}

function refundOf(refund: TestCheckout["refunds"][number]): ProviderRefund {
  return {
    providerRefundId: refund.id,
    amountMinor: refund.amountMinor,
    status: "succeeded",
    idempotencyKey: refund.idempotencyKey,
  };
}

function paymentOf(row: TestCheckout): ProviderPayment {
  return {
    checkoutId: row.id,
    status: row.status,
    providerPaymentId: paymentIdOf(row),
    method: row.method === "card" || row.method === "mobilepay" ? row.method : null,
    amountMinor: row.amountMinor,
    currency: row.currency,
    refunds: row.refunds.map(refundOf),
    failureReason: failureReasonOf(row),
  };
}

export function createTestProvider({
  db,
  jobs,
  baseUrl,
  webhookSecret,
}: Deps & { baseUrl: string; webhookSecret: string }): PaymentProvider {
  const deps = { db, jobs };
  return {
    name: "test",
    isTest: true,

    async createCheckout(request) {
      return db.transaction(async (tx) => {
        // The payment's id is the idempotency key, as at Stripe: asking again gives the same checkout.
        const [existing] = await tx
          .select({ id: testProviderCheckouts.id })
          .from(testProviderCheckouts)
          .where(and(eq(testProviderCheckouts.paymentId, request.paymentId), isCheckout));
        const checkoutId = existing?.id ?? `${CHECKOUT}${randomPart()}`;
        if (!existing) {
          await tx.insert(testProviderCheckouts).values({
            id: checkoutId,
            paymentId: request.paymentId,
            amountMinor: request.amountMinor,
            currency: request.currency,
            description: request.description,
            destinationAccountId: request.destination?.accountId ?? null,
            applicationFeeMinor: request.destination?.applicationFeeMinor ?? 0,
            successUrl: request.successUrl,
            cancelUrl: request.cancelUrl,
          });
          // Stripe expires a session at its `expires_at` and sends checkout.session.expired.
          await jobs.enqueue(tx, "expire-test-checkout", { checkoutId }, { startAfter: request.expiresAt });
        }
        return {
          checkoutId,
          url: `${baseUrl}${localizedPath(`/test-payment/${checkoutId}`, request.locale)}`,
        };
      });
    },

    expireCheckout: (checkoutId) => expireTestCheckout(deps, checkoutId),

    async readPayment(checkoutId) {
      const row = await readTestCheckout(db, checkoutId);
      if (!row) throw notFound();
      return paymentOf(row);
    },

    async refund({ providerPaymentId, amountMinor, idempotencyKey }) {
      const suffix = suffixOf(providerPaymentId, PAYMENT);
      if (!suffix) throw notFound();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(testProviderCheckouts)
          .where(eq(testProviderCheckouts.id, `${CHECKOUT}${suffix}`))
          .for("update");
        if (!row || !row.method) throw notFound();
        const earlier = row.refunds.find((refund) => refund.idempotencyKey === idempotencyKey);
        if (earlier) {
          // Stripe refuses a key reused with other parameters; the same request gets the same refund.
          if (earlier.amountMinor !== amountMinor)
            throw new AppError("conflict", m.payment_refund_key_reused());
          return refundOf(earlier);
        }
        if (row.status !== "paid") throw new AppError("invalid_transition", m.payment_refund_not_paid());
        const left = row.amountMinor - row.refunds.reduce((sum, refund) => sum + refund.amountMinor, 0);
        if (!Number.isInteger(amountMinor) || amountMinor <= 0) {
          throw new AppError("invalid", m.payment_refund_amount_invalid());
        }
        if (amountMinor > left) throw new AppError("conflict", m.payment_refund_too_large());
        const refund = { id: `${REFUND}${randomPart()}`, amountMinor, idempotencyKey };
        const updated = await tx
          .update(testProviderCheckouts)
          .set({ refunds: [...row.refunds, refund], updatedAt: new Date() })
          .where(eq(testProviderCheckouts.id, row.id))
          .returning()
          .then(returnedRow);
        await queueEvent(jobs, tx, "charge.refunded", updated);
        return refundOf(refund);
      });
    },

    parseWebhook(rawBody, signature) {
      const event = verifiedEvent(rawBody, signature, webhookSecret);
      const notice = noticeOf(event);
      const { metadata } = event.data.object as { metadata?: { checkout_session?: string } };
      return { ...notice, checkoutId: notice.checkoutId ?? metadata?.checkout_session ?? null };
    },

    async createConnectedAccount({ partnerId, email }) {
      const accountId = `${ACCOUNT}${randomPart()}`;
      await db.insert(testProviderCheckouts).values({
        id: accountId,
        paymentId: partnerId,
        amountMinor: 0,
        currency: "DKK",
        description: email,
        successUrl: "",
        cancelUrl: "",
      });
      return { accountId, chargesEnabled: false };
    },

    async readConnectedAccount(accountId) {
      const row = await readTestAccount(db, accountId);
      if (!row) throw notFound();
      return { accountId, chargesEnabled: row.status === "paid" };
    },

    async onboardingLink({ accountId, returnUrl, refreshUrl }) {
      // Kept with the account, not in the link, so the page sends the partner back only
      // where the site asked: the link cannot be made to redirect elsewhere.
      const [row] = await db
        .update(testProviderCheckouts)
        .set({ successUrl: returnUrl, cancelUrl: refreshUrl, updatedAt: new Date() })
        .where(and(eq(testProviderCheckouts.id, accountId), isAccount))
        .returning({ id: testProviderCheckouts.id });
      if (!row) throw notFound();
      return `${baseUrl}/test-payment/onboarding/${accountId}`;
    },
  };
}
