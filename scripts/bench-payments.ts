// `npm run bench:payments`: the figures of online payment (issue 27), on PostgreSQL.
//
// It creates a throw-away database beside DATABASE_URL's (or TEST_DATABASE_URL's; default:
// the local server's `postgres` database), migrates it, and drives the real commands with
// the test payment provider, whose webhooks are signed and verified as Stripe's:
//
// 1. a race for the last places: --actors (200) bookers at once against an event with few
//    places left, mixing holds, card and MobilePay payments, holds that end, late payments
//    and cancellations, while a sampler reads the places taken; then everything settles;
// 2. webhooks twice and out of order: --sequences (1,000) random bookings whose every
//    webhook is posted twice in a shuffled order, with cancellations, partial credits and
//    holds ending between; counts duplicate confirmations, invoices and refunds;
// 3. a discount code with a limit of 10 under --discount-bookings (100) concurrent bookings;
// 4. the time of one online booking (hold and checkout) and of one webhook.
//
// It prints a table and exits 1 if a figure that must be 0 is not. The database is dropped
// at the end, also on Ctrl-C.
//
// Usage: tsx scripts/bench-payments.ts [--actors 200] [--places-left 5] [--sequences 1000]
//                                      [--discount-bookings 100] [--timed 200] [--pool 40]
import { randomBytes, randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { and, count, eq, inArray } from "drizzle-orm";
import pg from "pg";
import { rosterFieldName } from "~/lib/forms/registration-schema";
import type { Actor } from "#server/auth/actor";
import { openDatabase, type DatabaseHandle } from "#server/db/client";
import { runMigrations } from "#server/db/migrate";
import {
  discountCodes,
  events,
  invoicePayments,
  invoices,
  partnerBillingProfiles,
  partnerMembers,
  partners,
  paymentRefunds,
  payments,
  paymentWebhookEvents,
  teamRegistrations,
  testProviderCheckouts,
  users,
} from "#server/db/schema";
import { isAppError } from "#server/errors";
import { issueCreditNote } from "#server/invoices/issue-credit-note";
import { createJobQueue, type JobHandlers } from "#server/jobs/job-queue";
import { QUEUE_NAMES } from "#server/jobs/queues";
import { handlePaymentWebhook } from "#server/online-payments/handle-payment-webhook";
import type { PaymentServices } from "#server/online-payments/payment-services";
import {
  chooseOnTestCheckout,
  createTestProvider,
  expireTestCheckout,
  readTestCheckout,
} from "#server/online-payments/providers/test-provider";
import { deliverTestWebhook, type TestWebhookEvent } from "#server/online-payments/providers/test-webhooks";
import { releaseEndedHolds, releaseHold } from "#server/online-payments/release-hold";
import { sendRefund } from "#server/online-payments/send-refund";
import { startCheckout } from "#server/online-payments/start-checkout";
import { cancelRegistration } from "#server/registrations/cancel-registration";
import { registerTeam } from "#server/registrations/register-team";
import { placesTakenCount } from "#server/registrations/rules";

const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);
const BASE_URL = "https://rcl.bench";
const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString("hex")}`;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type Options = {
  actors: number;
  placesLeft: number;
  sequences: number;
  discountBookings: number;
  timed: number;
  pool: number;
};

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      actors: { type: "string", default: "200" },
      "places-left": { type: "string", default: "5" },
      sequences: { type: "string", default: "1000" },
      "discount-bookings": { type: "string", default: "100" },
      timed: { type: "string", default: "200" },
      pool: { type: "string", default: "40" },
    },
  });
  const positive = (name: string, value: string) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1)
      throw new Error(`--${name} must be a positive whole number.`);
    return number;
  };
  return {
    actors: positive("actors", values.actors),
    placesLeft: positive("places-left", values["places-left"]),
    sequences: positive("sequences", values.sequences),
    discountBookings: positive("discount-bookings", values["discount-bookings"]),
    timed: positive("timed", values.timed),
    pool: positive("pool", values.pool),
  };
}

/** The benchmark creates and drops databases, so it refuses any server but this machine's. */
function loopbackAdminUrl(): URL {
  const url = new URL(process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_URL);
  if (!LOOPBACK_HOSTS.has(url.hostname)) {
    throw new Error(
      `DATABASE_URL points at ${url.hostname}; the benchmark only runs against a loopback server.`,
    );
  }
  return url;
}

async function adminQuery(adminUrl: URL, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A small random generator with a seed, so a run can be repeated (BENCH_SEED). */
function randomSource(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4_294_967_296;
  };
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    shuffle<T>(items: T[]): T[] {
      const copy = [...items];
      for (let index = copy.length - 1; index > 0; index -= 1) {
        const other = Math.floor(next() * (index + 1));
        [copy[index], copy[other]] = [copy[other]!, copy[index]!];
      }
      return copy;
    },
  };
}

const form = (teamName: string, discountCode?: string) => ({
  teamName,
  company: "Nordlys ApS",
  billingCompany: "Nordlys ApS",
  billingAddressLine: "Vesterbrogade 12",
  billingPostalCode: "1620",
  billingCity: "København V",
  cvr: "12345674",
  billingEmail: "bogholderi@nordlys.example",
  captainName: "Captain",
  captainEmail: "captain@nordlys.example",
  captainPhone: "+45 11 22 33 44",
  [rosterFieldName(0, "name")]: "Captain",
  acceptTerms: "on",
  ...(discountCode ? { discountCode } : {}),
});

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

/** Whether an error is a command's answer (full, hold over, code used up…) rather than a fault. */
const isRefusal = (error: unknown) => isAppError(error) && error.status < 500;

/** A fault's message, with the database's own reason when a query failed (a deadlock, say). */
function faultOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message.split("\n")[0]!.slice(0, 120)}${cause}`;
}

type Bench = {
  handle: DatabaseHandle;
  services: PaymentServices;
  /** Webhooks the provider queued and the queue handed over, not yet posted. */
  inbox: TestWebhookEvent[];
  drain(): Promise<void>;
  post(event: TestWebhookEvent): Promise<void>;
  partnerId: string;
  organiser: Actor;
  newUsers(total: number): Promise<string[]>;
  newEvent(values: { priceMinor: number; maxTeams: number; startsInDays?: number }): Promise<string>;
  faults: string[];
};

async function setUp(url: string, pool: number): Promise<Bench> {
  const handle = await openDatabase({ kind: "postgres", url, poolMax: pool, poolTimeoutMs: 120_000 });
  await runMigrations(handle);
  const jobs = createJobQueue(handle);
  const inbox: TestWebhookEvent[] = [];
  const provider = createTestProvider({
    db: handle.db,
    jobs,
    baseUrl: BASE_URL,
    webhookSecret: WEBHOOK_SECRET,
  });
  const services: PaymentServices = { db: handle.db, jobs, baseUrl: BASE_URL, payments: provider };
  // Mails, documents and the rest have their own tests and benches; only payments' queues run here.
  const ignore: (data: never) => Promise<void> = async () => {};
  const handlers = {
    ...(Object.fromEntries(QUEUE_NAMES.map((name) => [name, ignore])) as JobHandlers),
    "deliver-test-webhook": async ({ event }) => {
      inbox.push(event);
    },
    "send-refund": (refund) => sendRefund(services, refund),
    "expire-test-checkout": ({ checkoutId }) => expireTestCheckout({ db: handle.db, jobs }, checkoutId),
  } satisfies JobHandlers;
  const post = (event: TestWebhookEvent) =>
    deliverTestWebhook(
      {
        baseUrl: BASE_URL,
        webhookSecret: WEBHOOK_SECRET,
        fetch: async (request) => {
          await handlePaymentWebhook(services, {
            rawBody: await request.text(),
            signature: request.headers.get("stripe-signature"),
          });
          return new Response(null, { status: 200 });
        },
      },
      { event },
    );

  const [partner] = await handle.db
    .insert(partners)
    .values({
      slug: `bench-payments-${randomUUID().slice(0, 8)}`,
      name: "Bench Payments Club",
      location: "Copenhagen",
      description: "Hosts the payments benchmark",
      status: "approved",
      tier: "premium",
      revenueSharePercent: 9,
    })
    .returning({ id: partners.id });
  await handle.db.insert(partnerBillingProfiles).values({
    partnerId: partner!.id,
    legalName: "Bench Payments Club",
    addressLine: "Strandvænget 46",
    postalCode: "2100",
    city: "København Ø",
    cvr: "29403473",
    vatStatus: "registered",
    vatConfirmedAt: new Date(),
    bankRegistration: "1551",
    bankAccount: "3456789",
    fiCreditorNumber: "85412345",
    invoicePrefix: "PAY-",
    invoiceEmail: "kasserer@bench.example",
  });
  let userCount = 0;
  const newUsers = async (total: number) => {
    const rows = Array.from({ length: total }, () => {
      userCount += 1;
      return {
        id: `bench-pay-${userCount}`,
        name: `Booker ${userCount}`,
        email: `booker${userCount}@bench.example`,
      };
    });
    for (let start = 0; start < rows.length; start += 1000) {
      await handle.db.insert(users).values(rows.slice(start, start + 1000));
    }
    return rows.map((row) => row.id);
  };
  const [organiserId] = await newUsers(1);
  await handle.db.insert(partnerMembers).values({ partnerId: partner!.id, userId: organiserId! });
  let eventCount = 0;
  const newEvent = async ({
    priceMinor,
    maxTeams,
    startsInDays = 45,
  }: {
    priceMinor: number;
    maxTeams: number;
    startsInDays?: number;
  }) => {
    eventCount += 1;
    const startsAt = new Date(Date.now() + startsInDays * DAY);
    const [event] = await handle.db
      .insert(events)
      .values({
        slug: `bench-payments-${eventCount}-${randomUUID().slice(0, 8)}`,
        title: `Bench Payments Regatta ${eventCount}`,
        description: "A regatta paid online",
        type: "traditional_rowing",
        status: "published",
        partnerId: partner!.id,
        location: "Copenhagen",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 8 * 60 * MINUTE),
        registrationDeadline: new Date(startsAt.getTime() - DAY),
        priceMinor,
        maxTeams,
        paymentMethods: "both",
        publishedAt: new Date(),
      })
      .returning({ id: events.id });
    return event!.id;
  };
  return {
    handle,
    services,
    inbox,
    drain: async () => {
      await jobs.drain(handlers);
    },
    post,
    partnerId: partner!.id,
    organiser: { userId: organiserId!, role: "partner", partnerIds: [partner!.id] },
    newUsers,
    newEvent,
    faults: [],
  };
}

/** Posts every webhook waiting, `times` each, shuffled; runs the jobs they cause; until none is left. */
async function flushWebhooks(bench: Bench, random: ReturnType<typeof randomSource>, times = 1) {
  for (let round = 0; round < 50; round += 1) {
    await bench.drain();
    if (bench.inbox.length === 0) return;
    const waiting = bench.inbox.splice(0);
    const copies = waiting.flatMap((event) => Array.from({ length: times }, () => event));
    for (const event of random.shuffle(copies)) {
      try {
        await bench.post(event);
      } catch (error) {
        bench.faults.push(`webhook ${event.type}: ${faultOf(error)}`);
      }
    }
  }
}

async function book(
  bench: Bench,
  {
    userId,
    eventId,
    online,
    waitlist = false,
    code,
    now = new Date(),
  }: { userId: string; eventId: string; online: boolean; waitlist?: boolean; code?: string; now?: Date },
) {
  const { registration } = await registerTeam(bench.services, {
    actor: { userId, role: "user", partnerIds: [] },
    eventId,
    input: form(`Crew ${userId}`, code),
    idempotencyKey: randomUUID(),
    joinWaitlist: waitlist,
    paymentMethod: online ? "online" : "invoice",
    now,
  });
  if (registration.status !== "held") return { registration, checkoutId: null };
  const { paymentId } = await startCheckout(bench.services, {
    actor: { userId, role: "user", partnerIds: [] },
    registrationId: registration.id,
    now,
  });
  const [payment] = await bench.handle.db
    .select({ checkoutId: payments.checkoutId })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return { registration, checkoutId: payment!.checkoutId };
}

// 1. The race for the last places.
async function raceForLastPlaces(bench: Bench, options: Options, random: ReturnType<typeof randomSource>) {
  const maxTeams = 20;
  const eventId = await bench.newEvent({ priceMinor: 123_457, maxTeams });
  // The event is all but full: booked by invoice, with a few online bookings still held.
  const early = await bench.newUsers(maxTeams - options.placesLeft);
  for (const [index, userId] of early.entries()) {
    await book(bench, { userId, eventId, online: index % 4 === 0 });
  }
  const bookers = await bench.newUsers(options.actors);
  const db = bench.handle.db;
  const takenNow = async () => {
    const [row] = await db.select({ taken: placesTakenCount }).from(events).where(eq(events.id, eventId));
    return row?.taken ?? 0;
  };

  let sampling = true;
  let samples = 0;
  let mostTaken = 0;
  const sampler = (async () => {
    while (sampling) {
      mostTaken = Math.max(mostTaken, await takenNow());
      samples += 1;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  // Webhooks are delivered as the provider would, while the race runs, some twice.
  let pumping = true;
  const pump = (async () => {
    while (pumping) {
      await bench.drain();
      const waiting = bench.inbox.splice(0);
      for (const event of random.shuffle([...waiting, ...waiting.filter(() => random.next() < 0.3)])) {
        await bench
          .post(event)
          .catch((error: unknown) => bench.faults.push(`race webhook: ${String(error)}`));
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();

  const outcomes = {
    booked: 0,
    held: 0,
    waitlisted: 0,
    refused: 0,
    paid: 0,
    expired: 0,
    cancelled: 0,
    faults: 0,
  };
  const started = performance.now();
  await Promise.all(
    bookers.map(async (userId) => {
      const scenario = random.int(6);
      const online = scenario !== 4;
      const actor = { userId, role: "user" as const, partnerIds: [] };
      try {
        const { registration, checkoutId } = await book(bench, {
          userId,
          eventId,
          online,
          waitlist: random.next() < 0.5,
        });
        if (registration.status === "held") outcomes.held += 1;
        else if (registration.status === "waitlisted") outcomes.waitlisted += 1;
        else outcomes.booked += 1;
        const later = new Date(Date.now() + 16 * MINUTE);
        if (checkoutId && scenario <= 1) {
          // Pays by card at once: the webhook confirms it.
          await chooseOnTestCheckout(bench.services, { checkoutId, choice: "card" });
          outcomes.paid += 1;
        } else if (checkoutId && scenario === 2) {
          // Walks away: the hold ends and the place goes back (or to the waitlist).
          await releaseHold(bench.services, registration.id, later);
          outcomes.expired += 1;
        } else if (checkoutId && scenario === 3) {
          // MobilePay waits for the app past the hold's end, then is approved: confirmed if a place is free, else refunded.
          await chooseOnTestCheckout(bench.services, { checkoutId, choice: "mobilepay" });
          await releaseHold(bench.services, registration.id, later);
          await chooseOnTestCheckout(bench.services, { checkoutId, choice: "approve" });
          outcomes.expired += 1;
        } else if (scenario === 5 || scenario === 4) {
          // Cancels (held, waitlisted or paid), giving the place to the next in line.
          if (checkoutId && random.next() < 0.5) {
            await chooseOnTestCheckout(bench.services, { checkoutId, choice: "card" });
            await bench.drain();
          }
          await cancelRegistration(bench.services, { actor, registrationId: registration.id });
          outcomes.cancelled += 1;
        }
      } catch (error) {
        if (isRefusal(error)) outcomes.refused += 1;
        else {
          outcomes.faults += 1;
          bench.faults.push(`race: ${faultOf(error)}`);
        }
      }
    }),
  );
  const raceSeconds = (performance.now() - started) / 1000;
  pumping = false;
  await pump;
  // Everything settles: webhooks posted, refunds made, every hold ended.
  await flushWebhooks(bench, random);
  while ((await releaseEndedHolds(bench.services, new Date(Date.now() + 2 * DAY))) > 0);
  await flushWebhooks(bench, random);
  sampling = false;
  await sampler;
  const after = await takenNow();
  mostTaken = Math.max(mostTaken, after);
  const [refunds] = await db
    .select({ total: count() })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(payments.eventId, eventId));
  return {
    overbooked: Math.max(0, mostTaken - maxTeams),
    mostTaken,
    after,
    maxTeams,
    samples,
    raceSeconds,
    outcomes,
    lateRefunds: refunds?.total ?? 0,
  };
}

// 2. Every webhook twice and out of order.
async function webhooksTwice(bench: Bench, options: Options, random: ReturnType<typeof randomSource>) {
  const db = bench.handle.db;
  const eventIds = [
    await bench.newEvent({ priceMinor: 99_999, maxTeams: 10_000, startsInDays: 45 }),
    await bench.newEvent({ priceMinor: 250_051, maxTeams: 10_000, startsInDays: 20 }),
    await bench.newEvent({ priceMinor: 87_503, maxTeams: 10_000, startsInDays: 5 }),
  ];
  const bookers = await bench.newUsers(options.sequences);
  const registrationIds: string[] = [];
  const BATCH = 10;
  const started = performance.now();
  for (let start = 0; start < bookers.length; start += BATCH) {
    await Promise.all(
      bookers.slice(start, start + BATCH).map(async (userId) => {
        const actor = { userId, role: "user" as const, partnerIds: [] };
        const now = new Date();
        try {
          const { registration, checkoutId } = await book(bench, {
            userId,
            eventId: random.pick(eventIds),
            online: true,
            now,
          });
          registrationIds.push(registration.id);
          if (!checkoutId) return;
          const steps = random
            .shuffle(["pay", "pay", "release", "cancel", "credit", "jobs"])
            .slice(0, 2 + random.int(4));
          for (const step of steps) {
            try {
              if (step === "pay") {
                const checkout = await readTestCheckout(db, checkoutId);
                const choice =
                  checkout?.status === "pending"
                    ? random.pick(["approve", "approve", "decline"] as const)
                    : random.pick(["card", "card", "mobilepay", "fail"] as const);
                await chooseOnTestCheckout(bench.services, { checkoutId, choice });
              } else if (step === "release") {
                // The hold ends (or not yet): the release reads the provider first.
                await releaseHold(
                  bench.services,
                  registration.id,
                  new Date(now.getTime() + random.int(30) * MINUTE),
                );
              } else if (step === "cancel") {
                await cancelRegistration(bench.services, { actor, registrationId: registration.id, now });
              } else if (step === "credit") {
                const [invoice] = await db
                  .select({ id: invoices.id, netMinor: invoices.netMinor })
                  .from(invoices)
                  .where(and(eq(invoices.registrationId, registration.id), eq(invoices.kind, "invoice")));
                if (invoice) {
                  const amount = Math.max(1, Math.floor((invoice.netMinor * (1 + random.int(400))) / 1000));
                  await issueCreditNote(bench.services, {
                    actor: bench.organiser,
                    invoiceId: invoice.id,
                    input: {
                      amount: `${Math.floor(amount / 100)},${String(amount % 100).padStart(2, "0")}`,
                      reason: "Bench credit",
                    },
                  });
                }
              } else {
                // Some webhooks arrive between the steps, twice and shuffled.
                await bench.drain();
                const waiting = bench.inbox.splice(0, random.int(bench.inbox.length + 1));
                for (const event of random.shuffle([...waiting, ...waiting])) await bench.post(event);
              }
            } catch (error) {
              if (!isRefusal(error)) throw error;
            }
          }
        } catch (error) {
          if (!isRefusal(error)) bench.faults.push(`sequence: ${faultOf(error)}`);
        }
      }),
    );
    // The rest of this batch's webhooks: every one twice, in a shuffled order.
    await flushWebhooks(bench, random, 2);
  }
  await flushWebhooks(bench, random, 2);
  const seconds = (performance.now() - started) / 1000;

  const paid = await db
    .select()
    .from(payments)
    .where(and(inArray(payments.eventId, eventIds), eq(payments.status, "paid")));
  const paymentIds = paid.map((payment) => payment.id);
  const refunds = paymentIds.length
    ? await db.select().from(paymentRefunds).where(inArray(paymentRefunds.paymentId, paymentIds))
    : [];
  const documents = await db.select().from(invoices).where(inArray(invoices.eventId, eventIds));
  const receipts = paymentIds.length
    ? await db.select().from(invoicePayments).where(inArray(invoicePayments.onlinePaymentId, paymentIds))
    : [];
  const checkouts = paid.length
    ? await db
        .select()
        .from(testProviderCheckouts)
        .where(
          inArray(
            testProviderCheckouts.id,
            paid.map((payment) => payment.checkoutId),
          ),
        )
    : [];
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

  const invoicesByRegistration = new Map<string, number>();
  for (const document of documents) {
    if (document.kind === "invoice" && document.registrationId) {
      invoicesByRegistration.set(
        document.registrationId,
        (invoicesByRegistration.get(document.registrationId) ?? 0) + 1,
      );
    }
  }
  const receiptsByPayment = new Map<string, number>();
  for (const receipt of receipts) {
    receiptsByPayment.set(
      receipt.onlinePaymentId!,
      (receiptsByPayment.get(receipt.onlinePaymentId!) ?? 0) + 1,
    );
  }
  const duplicateConfirmations =
    [...invoicesByRegistration.values()].filter((total) => total > 1).length +
    [...receiptsByPayment.values()].filter((total) => total > 1).length;
  const overRefunded = paid.filter(
    (payment) =>
      sum(
        refunds
          .filter((refund) => refund.paymentId === payment.id && refund.status !== "failed")
          .map((refund) => refund.amountMinor),
      ) > payment.amountMinor,
  ).length;
  // One provider refund per refund row: by its idempotency key, and each row's refund exists once.
  const providerRefunds = checkouts.flatMap((checkout) => checkout.refunds);
  const perKey = new Map<string, number>();
  for (const refund of providerRefunds)
    perKey.set(refund.idempotencyKey, (perKey.get(refund.idempotencyKey) ?? 0) + 1);
  const providerIds = new Set(providerRefunds.map((refund) => refund.id));
  const duplicateRefunds =
    [...perKey.values()].filter((total) => total > 1).length +
    Math.max(0, providerRefunds.length - refunds.filter((refund) => refund.status === "succeeded").length);
  const missingAtProvider = refunds.filter(
    (refund) =>
      refund.status === "succeeded" &&
      (!refund.providerRefundId || !providerIds.has(refund.providerRefundId)),
  ).length;
  const pendingRefunds = refunds.filter((refund) => refund.status === "pending").length;
  // Money in less money out is what stands invoiced, payment by payment.
  const documentById = new Map(documents.map((document) => [document.id, document]));
  const unbalanced = paid.filter((payment) => {
    const back = sum(
      refunds
        .filter((refund) => refund.paymentId === payment.id && refund.status === "succeeded")
        .map((refund) => refund.amountMinor),
    );
    const invoice = payment.invoiceId ? documentById.get(payment.invoiceId) : undefined;
    const credited = invoice
      ? sum(
          documents
            .filter((document) => document.creditsInvoiceId === invoice.id)
            .map((document) => document.grossMinor),
        )
      : 0;
    return payment.amountMinor - back !== (invoice ? invoice.grossMinor - credited : 0);
  }).length;
  const [webhooks] = await db.select({ total: count() }).from(paymentWebhookEvents);
  return {
    sequences: registrationIds.length,
    seconds,
    paid: paid.length,
    refunds: refunds.length,
    webhookEvents: webhooks?.total ?? 0,
    duplicateConfirmations,
    overRefunded,
    duplicateRefunds,
    missingAtProvider,
    pendingRefunds,
    unbalanced,
  };
}

// 3. A code with a limit of 10, under concurrent bookings.
async function discountRace(bench: Bench, options: Options) {
  const eventId = await bench.newEvent({ priceMinor: 400_000, maxTeams: 10_000 });
  const [code] = await bench.handle.db
    .insert(discountCodes)
    .values({ partnerId: bench.partnerId, code: "RACE-10", kind: "percent", percent: 10, maxUses: 10 })
    .returning({ id: discountCodes.id });
  const bookers = await bench.newUsers(options.discountBookings);
  let withCode = 0;
  let refused = 0;
  const faults: string[] = [];
  await Promise.all(
    bookers.map(async (userId, index) => {
      try {
        const { registration } = await registerTeam(bench.services, {
          actor: { userId, role: "user", partnerIds: [] },
          eventId,
          input: form(`Code crew ${index}`, "race-10"),
          idempotencyKey: randomUUID(),
          paymentMethod: index % 2 === 0 ? "online" : "invoice",
        });
        if (registration.discountCodeId) withCode += 1;
      } catch (error) {
        if (isRefusal(error)) refused += 1;
        else faults.push(faultOf(error));
      }
    }),
  );
  bench.faults.push(...faults.map((fault) => `discount: ${fault}`));
  const [stored] = await bench.handle.db
    .select({ uses: discountCodes.uses })
    .from(discountCodes)
    .where(eq(discountCodes.id, code!.id));
  const [used] = await bench.handle.db
    .select({ total: count() })
    .from(teamRegistrations)
    .where(eq(teamRegistrations.discountCodeId, code!.id));
  return {
    withCode,
    refused,
    uses: stored?.uses ?? 0,
    registrations: used?.total ?? 0,
    above: Math.max(0, (used?.total ?? 0) - 10, (stored?.uses ?? 0) - 10),
  };
}

// 4. The time of one online booking and of one webhook.
async function timings(bench: Bench, options: Options) {
  const eventId = await bench.newEvent({ priceMinor: 123_457, maxTeams: 100_000 });
  const bookers = await bench.newUsers(options.timed);
  const bookingTimes: number[] = [];
  const checkouts: string[] = [];
  for (const userId of bookers) {
    const started = performance.now();
    const { checkoutId } = await book(bench, { userId, eventId, online: true });
    bookingTimes.push(performance.now() - started);
    if (checkoutId) checkouts.push(checkoutId);
  }
  for (const checkoutId of checkouts)
    await chooseOnTestCheckout(bench.services, { checkoutId, choice: "card" });
  await bench.drain();
  const waiting = bench.inbox.splice(0);
  const webhookTimes: number[] = [];
  for (const event of waiting) {
    const started = performance.now();
    await bench.post(event);
    webhookTimes.push(performance.now() - started);
  }
  return { booking: bookingTimes.sort((a, b) => a - b), webhook: webhookTimes.sort((a, b) => a - b) };
}

async function main() {
  const options = readOptions();
  const seed = Number(process.env.BENCH_SEED ?? Date.now() % 1_000_000);
  const random = randomSource(seed);
  const adminUrl = loopbackAdminUrl();
  const name = `rcl_bench_payments_${randomBytes(4).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const benchUrl = new URL(adminUrl);
  benchUrl.pathname = `/${name}`;
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  };
  process.once("SIGINT", () => {
    void drop().finally(() => process.exit(130));
  });

  let bench: Bench | undefined;
  try {
    console.log(`Database ${name} on ${adminUrl.host}; seed ${seed} (BENCH_SEED=${seed} repeats the run).`);
    bench = await setUp(benchUrl.toString(), options.pool);
    const race = await raceForLastPlaces(bench, options, random);
    console.log(`Race done in ${race.raceSeconds.toFixed(1)} s.`);
    const twice = await webhooksTwice(bench, options, random);
    console.log(`Webhook sequences done in ${twice.seconds.toFixed(1)} s.`);
    const discount = await discountRace(bench, options);
    const times = await timings(bench, options);

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const rows: [string, string, string][] = [
      [
        `places overbooked in a ${options.actors}-way race for the last ${options.placesLeft} places (holds, payments, expiries, cancellations)`,
        String(race.overbooked),
        `0 (most taken ${race.mostTaken} of ${race.maxTeams} over ${race.samples} samples; ${race.after} after; ${JSON.stringify(race.outcomes)}; ${race.lateRefunds} refunds)`,
      ],
      [
        `duplicate confirmations when every webhook is delivered twice and out of order (${twice.sequences} sequences)`,
        String(twice.duplicateConfirmations),
        `0 (${twice.paid} payments, ${twice.webhookEvents} distinct webhook events)`,
      ],
      [
        "duplicate refunds at the provider / refunds above their payment",
        `${twice.duplicateRefunds} / ${twice.overRefunded}`,
        `0 / 0 (${twice.refunds} refunds, ${twice.missingAtProvider} not at the provider, ${twice.pendingRefunds} pending)`,
      ],
      ["payments whose paid − refunded ≠ invoiced − credited", String(twice.unbalanced), "0"],
      [
        `discount uses above the limit of 10 under ${options.discountBookings} concurrent bookings`,
        String(discount.above),
        `0 (${discount.withCode} bookings with the code, uses ${discount.uses}, ${discount.refused} refused)`,
      ],
      [
        `one online booking (hold + checkout), p50 / p99 of ${times.booking.length}`,
        `${ms(percentile(times.booking, 0.5))} / ${ms(percentile(times.booking, 0.99))}`,
        "–",
      ],
      [
        `one webhook (verify + confirm + invoice), p50 / p99 of ${times.webhook.length}`,
        `${ms(percentile(times.webhook, 0.5))} / ${ms(percentile(times.webhook, 0.99))}`,
        "–",
      ],
    ];
    const width = Math.max(...rows.map((row) => row[0].length));
    console.log("");
    console.log(`${"figure".padEnd(width)} | measured | target`);
    console.log(`${"-".repeat(width)} | -------- | ------`);
    for (const [figure, measured, target] of rows)
      console.log(`${figure.padEnd(width)} | ${measured.padEnd(8)} | ${target}`);
    if (bench.faults.length > 0) {
      console.log(`\n${bench.faults.length} faults (errors other than a command's answer):`);
      for (const fault of bench.faults.slice(0, 20)) console.log(`  ${fault}`);
    }
    const failed =
      race.overbooked > 0 ||
      twice.duplicateConfirmations > 0 ||
      twice.duplicateRefunds > 0 ||
      twice.overRefunded > 0 ||
      twice.unbalanced > 0 ||
      twice.pendingRefunds > 0 ||
      discount.above > 0 ||
      bench.faults.length > 0;
    process.exitCode = failed ? 1 : 0;
  } finally {
    await bench?.handle.close();
    await drop();
  }
}

await main();
