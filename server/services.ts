import { createPageViewCounter } from "./analytics/page-view-counter";
import { createAuth, type PasswordHashing } from "./auth/auth";
import { resolveAuthSecret } from "./auth/secret";
import { createBackgroundTasks } from "./background-tasks";
import type { DatabaseHandle } from "./db/client";
import { createMailer } from "./email/mailer";
import type { Env } from "./env";
import { createJobHandlers } from "./jobs/handlers";
import { createJobQueue } from "./jobs/job-queue";
import { type AccessPoint, createLoggingAccessPoint } from "./invoices/access-point";
import { createFileStore, temporaryFileStore, type FileStore } from "./storage/file-store";

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
};

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
  const handlers = createJobHandlers({ db: database.db, mailer, jobs, files, baseUrl, accessPoint });
  return {
    database,
    pageViews: createPageViewCounter(database.db, { flushMs: pageViewFlushMs }),
    jobs,
    background,
    auth,
    baseUrl,
    trustProxy,
    files,
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
  });
}
