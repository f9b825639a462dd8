import { randomBytes } from "node:crypto";
import Stripe from "stripe";

/**
 * Stripe's API as the contract tests need it, offline: the SDK's own HTTP layer
 * (`Stripe.createFetchHttpClient`) is given this `fetch`, which answers with the objects of
 * Stripe's API reference (Checkout Session, PaymentIntent, Charge, Refund, Account,
 * AccountLink, list and error bodies) and records every request the SDK sent. It keeps the
 * little state a payment has, and replays a POST with an Idempotency-Key it has seen, as
 * Stripe does. What only the real API checks is in ADR 036.
 */

type RecordedRequest = {
  method: string;
  path: string;
  /** The form body of a POST, or the query of a GET. */
  params: URLSearchParams;
  idempotencyKey: string | null;
  apiVersion: string | null;
};

type Json = Record<string, unknown>;

/** A list parameter as the SDK writes one: `name[0]=…&name[1]=…`. */
function listParam(params: URLSearchParams, name: string): string[] {
  const values: string[] = [];
  for (let index = 0; params.has(`${name}[${index}]`); index++) values.push(params.get(`${name}[${index}]`)!);
  return values;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

function error(status: number, body: Json): Response {
  return Response.json({ error: { type: "invalid_request_error", ...body } }, { status });
}

const missing = (kind: string, resourceId: string, param: string) =>
  error(404, { code: "resource_missing", message: `No such ${kind}: '${resourceId}'`, param });

export function fakeStripeApi() {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Json>();
  const intents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const accounts = new Map<string, Json>();
  /** Answers already given to a POST with an Idempotency-Key: Stripe replays them for 24 hours. */
  const replies = new Map<string, { status: number; body: Json }>();

  function createSession(params: URLSearchParams): Json {
    const sessionId = id("cs");
    const session: Json = {
      id: sessionId,
      object: "checkout.session",
      allowed_payment_method_types: listParam(params, "allowed_payment_method_types"),
      amount_subtotal: Number(params.get("line_items[0][price_data][unit_amount]")),
      amount_total: Number(params.get("line_items[0][price_data][unit_amount]")),
      cancel_url: params.get("cancel_url"),
      client_reference_id: params.get("client_reference_id"),
      created: now(),
      currency: params.get("line_items[0][price_data][currency]"),
      customer: null,
      customer_email: params.get("customer_email"),
      expires_at: Number(params.get("expires_at")),
      livemode: false,
      locale: params.get("locale"),
      metadata: { payment_id: params.get("metadata[payment_id]") },
      mode: "payment",
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      success_url: params.get("success_url"),
      ui_mode: "hosted",
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
    };
    sessions.set(sessionId, session);
    return session;
  }

  function expanded(session: Json, expand: string[]): Json {
    const intentId = session.payment_intent as string | null;
    if (!intentId || !expand.includes("payment_intent")) return session;
    const intent = intents.get(intentId)!;
    const withCharge = expand.includes("payment_intent.latest_charge")
      ? { ...intent, latest_charge: charges.get(intent.latest_charge as string) ?? null }
      : intent;
    return { ...session, payment_intent: withCharge };
  }

  function createRefund(params: URLSearchParams): { status: number; body: Json } {
    const intentId = params.get("payment_intent") ?? "";
    const intent = intents.get(intentId);
    if (!intent)
      return { status: 404, body: { error: { code: "resource_missing", param: "payment_intent" } } };
    const charge = charges.get(intent.latest_charge as string)!;
    const amount = Number(params.get("amount"));
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    if (amount > left) {
      return {
        status: 400,
        body: {
          error: {
            type: "invalid_request_error",
            code: "amount_too_large",
            param: "amount",
            message: `Refund amount (DKK ${amount / 100}) is greater than unrefunded amount on charge (DKK ${left / 100})`,
          },
        },
      };
    }
    const refund: Json = {
      id: id("re"),
      object: "refund",
      amount,
      balance_transaction: id("txn"),
      charge: charge.id,
      created: now(),
      currency: "dkk",
      metadata: { idempotency_key: params.get("metadata[idempotency_key]") },
      payment_intent: intentId,
      reason: null,
      status: "succeeded",
      transfer_reversal: params.get("reverse_transfer") === "true" ? id("trr") : null,
    };
    refunds.set(refund.id as string, refund);
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return { status: 200, body: refund };
  }

  function post(path: string, params: URLSearchParams): { status: number; body: Json } {
    if (path === "/v1/checkout/sessions") return { status: 200, body: createSession(params) };
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (expire) {
      const session = sessions.get(expire[1]!);
      if (!session) return { status: 404, body: { error: { code: "resource_missing", param: "session" } } };
      if (session.status !== "open") {
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
            },
          },
        };
      }
      Object.assign(session, { status: "expired", url: null });
      return { status: 200, body: session };
    }
    if (path === "/v1/refunds") return createRefund(params);
    if (path === "/v1/accounts") {
      const account: Json = {
        id: `acct_${randomBytes(8).toString("hex")}`,
        object: "account",
        business_type: null,
        capabilities: {},
        charges_enabled: false,
        country: params.get("country"),
        created: now(),
        default_currency: "dkk",
        details_submitted: false,
        email: params.get("email"),
        metadata: { partner_id: params.get("metadata[partner_id]") },
        payouts_enabled: false,
        type: params.get("type"),
      };
      accounts.set(account.id as string, account);
      return { status: 200, body: account };
    }
    if (path === "/v1/account_links") {
      const account = params.get("account") ?? "";
      if (!accounts.has(account)) return { status: 404, body: { error: { code: "resource_missing" } } };
      return {
        status: 200,
        body: {
          object: "account_link",
          created: now(),
          expires_at: now() + 300,
          url: `https://connect.stripe.com/setup/e/${account}/${randomBytes(8).toString("hex")}`,
        },
      };
    }
    return { status: 404, body: { error: { message: `Unrecognized request URL (POST: ${path}).` } } };
  }

  function get(path: string, params: URLSearchParams): Response {
    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (session) {
      const found = sessions.get(session[1]!);
      if (!found) return missing("checkout.session", session[1]!, "session");
      return Response.json(expanded(found, listParam(params, "expand")));
    }
    if (path === "/v1/refunds") {
      const intent = params.get("payment_intent");
      const data = [...refunds.values()].filter((refund) => refund.payment_intent === intent).reverse();
      return Response.json({ object: "list", data, has_more: false, url: "/v1/refunds" });
    }
    const account = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (account) {
      const found = accounts.get(account[1]!);
      return found ? Response.json(found) : missing("account", account[1]!, "account");
    }
    return error(404, { message: `Unrecognized request URL (GET: ${path}).` });
  }

  async function fakeFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const url = new URL(input instanceof Request ? input.url : input);
    const method = init?.method ?? "GET";
    const headers = new Headers(init?.headers);
    const params = method === "GET" ? url.searchParams : new URLSearchParams(String(init?.body ?? ""));
    const idempotencyKey = headers.get("Idempotency-Key");
    requests.push({
      method,
      path: url.pathname,
      params,
      idempotencyKey,
      apiVersion: headers.get("Stripe-Version"),
    });
    if (method !== "POST") return get(url.pathname, params);
    const replayed = idempotencyKey ? replies.get(idempotencyKey) : undefined;
    if (replayed) {
      return Response.json(replayed.body, {
        status: replayed.status,
        headers: { "Idempotent-Replayed": "true" },
      });
    }
    const reply = post(url.pathname, params);
    // Stripe keeps the answer to a key only when the request was carried out.
    if (idempotencyKey && reply.status < 500) replies.set(idempotencyKey, reply);
    return Response.json(reply.body, { status: reply.status });
  }

  return {
    httpClient: Stripe.createFetchHttpClient(fakeFetch),
    requests,
    /**
     * The payer pays a session at Stripe's hosted page, by card or MobilePay. MobilePay may
     * leave the payment `processing` (the session complete but unpaid) or be `declined`.
     */
    pay(
      sessionId: string,
      type: "card" | "mobilepay" = "card",
      outcome: "succeeded" | "processing" | "declined" = "succeeded",
    ) {
      const session = sessions.get(sessionId)!;
      const intentId = id("pi");
      const chargeId = id("ch");
      const amount = session.amount_total as number;
      const succeeded = outcome === "succeeded";
      charges.set(chargeId, {
        id: chargeId,
        object: "charge",
        amount,
        amount_captured: succeeded ? amount : 0,
        amount_refunded: 0,
        currency: "dkk",
        paid: succeeded,
        payment_intent: intentId,
        payment_method_details: {
          type,
          ...(type === "card" ? { card: { brand: "visa", last4: "4242" } } : { mobilepay: {} }),
        },
        refunded: false,
        status: outcome === "declined" ? "failed" : outcome === "processing" ? "pending" : "succeeded",
      });
      intents.set(intentId, {
        id: intentId,
        object: "payment_intent",
        amount,
        amount_received: succeeded ? amount : 0,
        currency: "dkk",
        last_payment_error:
          outcome === "declined"
            ? {
                type: "card_error",
                code: "payment_intent_payment_attempt_failed",
                message: "The payment was declined.",
              }
            : null,
        latest_charge: chargeId,
        metadata: session.metadata,
        status: outcome === "declined" ? "requires_payment_method" : outcome,
      });
      Object.assign(session, {
        status: "complete",
        payment_status: succeeded ? "paid" : "unpaid",
        payment_intent: intentId,
        url: null,
      });
    },
    /** Finishes a connected account's onboarding at Stripe. */
    completeOnboarding(accountId: string) {
      Object.assign(accounts.get(accountId)!, {
        charges_enabled: true,
        details_submitted: true,
        payouts_enabled: true,
      });
    },
  };
}
