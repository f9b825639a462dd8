import { createPageViewCounter } from "./analytics/page-view-counter";
import { createAuth, type PasswordHashing } from "./auth/auth";
import { resolveAuthSecret } from "./auth/secret";
import { createBackgroundTasks } from "./background-tasks";
import type { DatabaseHandle } from "./db/client";
import { createMailer } from "./email/mailer";
import { ConfigError, type Env } from "./env";
import { createJobHandlers } from "./jobs/handlers";
import { createJobQueue } from "./jobs/job-queue";
import { type AccessPoint, createLoggingAccessPoint } from "./invoices/access-point";
import { createFileStore, temporaryFileStore, type FileStore } from "./storage/file-store";
import type { PaymentProvider } from "./online-payments/providers/payment-provider";
import { createStripeProvider } from "./online-payments/providers/stripe-provider";
import { createTestProvider } from "./online-payments/providers/test-provider";
import { testWebhookSecret } from "./online-payments/providers/test-webhooks";

export type ServiceOptions = {
  database: DatabaseHandle;
  baseUrl: string;
  authSecret: string;
  smtpUrl?: string;
  mailFrom?: string;
  /** How many proxies in front of the site to trust for X-Forwarded-For (TRUST_PROXY). */
  trustProxy?: number;
  /** Where uploads are stored; without one, a folder in the system's temporary directory. */
  files?: FileStore;
  /** Whether mail recorded in the outbox (no SMTP) is logged with its link; see createMailer. */
  mailLinksInLog?: boolean;
  /** How often counted event page views are written; 0 writes each at once. */
  pageViewFlushMs?: number;
  /** Another password hashing than better-auth's scrypt: for the in-process tests only. */
  passwordHashing?: PasswordHashing;
  /** Where e-invoices go; the logging stand-in when none is configured (ADR 035). */
  accessPoint?: AccessPoint;
  /** Who takes online payments (ADR 036); the test provider when not given. */
  payments?: PaymentSettings;
  /**
   * How the test provider's webhooks reach the site; `fetch` to BASE_URL when not given.
   * The in-process tests hand them to the site they run, which listens on no port.
   */
  webhookFetch?: (request: Request) => Promise<Response>;
};

/** The payment provider's settings, from PAYMENT_PROVIDER and Stripe's keys. */
type PaymentSettings =
  { provider: "test" } | { provider: "stripe"; secretKey: string; webhookSecret: string };

/** Views are written a few times a minute: a crash loses at most these seconds of them. */
const PAGE_VIEW_FLUSH_MS = 5_000;

/** Everything the HTTP host and the workers use, built once per process (or per test file). */
export function createServices({
  database,
  baseUrl,
  authSecret,
  smtpUrl,
  mailFrom,
  trustProxy = 0,
  files = temporaryFileStore(),
  mailLinksInLog = false,
  pageViewFlushMs = PAGE_VIEW_FLUSH_MS,
  passwordHashing,
  accessPoint = createLoggingAccessPoint(),
  payments: paymentSettings = { provider: "test" },
  webhookFetch,
}: ServiceOptions) {
  const jobs = createJobQueue(database);
  const mailer = createMailer({ db: database.db, smtpUrl, from: mailFrom, linksInLog: mailLinksInLog });
  const background = createBackgroundTasks();
  const auth = createAuth({
    db: database.db,
    jobs,
    background,
    baseUrl,
    secret: authSecret,
    passwordHashing,
  });
  // The test provider's webhooks are signed with a key made from AUTH_SECRET: stable across
  // restarts and instances, and queued ones are delivered even after a switch to Stripe.
  const testWebhooks = { baseUrl, webhookSecret: testWebhookSecret(authSecret), fetch: webhookFetch };
  const payments: PaymentProvider =
    paymentSettings.provider === "stripe"
      ? createStripeProvider({
          secretKey: paymentSettings.secretKey,
          webhookSecret: paymentSettings.webhookSecret,
        })
      : createTestProvider({ db: database.db, jobs, ...testWebhooks });
  const handlers = createJobHandlers({
    db: database.db,
    mailer,
    jobs,
    files,
    baseUrl,
    seatLinks: { authSecret },
    accessPoint,
    payments,
    testWebhooks,
  });
  return {
    database,
    pageViews: createPageViewCounter(database.db, { flushMs: pageViewFlushMs }),
    jobs,
    background,
    auth,
    baseUrl,
    trustProxy,
    files,
    payments,
    /** The key rowers' seat links are signed with (ADR 038), derived from the auth secret. */
    seatLinks: { authSecret },
    /** Where the test provider's webhooks go and the key they are signed with (tests sign their own). */
    testWebhooks,
    /** Starts this instance's workers (none when `workers` is 0). */
    startWorkers: (workers: number) => jobs.start(handlers, { workers }),
    /** Runs every job due now in this process, after better-auth's deferred callbacks: for tests and the jobs command. */
    runDueJobs: async () => {
      await background.settled();
      return jobs.drain(handlers);
    },
  };
}

export type Services = ReturnType<typeof createServices>;

/** The services as the environment configures them: for the server, the workers and the CLIs. */
export function servicesFromEnv(
  database: DatabaseHandle,
  env: Env,
  { mailLinksInLog = env.NODE_ENV === "development" }: { mailLinksInLog?: boolean } = {},
): Services {
  return createServices({
    mailLinksInLog,
    database,
    baseUrl: env.baseUrl,
    authSecret: resolveAuthSecret(env),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    trustProxy: env.TRUST_PROXY,
    files: createFileStore(env.storage),
    payments: paymentSettingsOf(env),
  });
}

function paymentSettingsOf(env: Env): PaymentSettings {
  if (env.PAYMENT_PROVIDER === "test") return { provider: "test" };
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = env;
  // loadEnv has refused PAYMENT_PROVIDER=stripe without them already.
  if (!secretKey || !webhookSecret) {
    throw new ConfigError(
      "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set when PAYMENT_PROVIDER=stripe.",
    );
  }
  return { provider: "stripe", secretKey, webhookSecret };
}
