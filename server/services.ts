import { createAuth } from "./auth/auth";
import { createBackgroundTasks } from "./background-tasks";
import type { DatabaseHandle } from "./db/client";
import { createMailer } from "./email/mailer";

export type ServiceOptions = {
  database: DatabaseHandle;
  baseUrl: string;
  authSecret: string;
  smtpUrl?: string;
  mailFrom?: string;
  trustProxy?: boolean;
};

/** Everything the HTTP host hands to pages, built once per process (or per test file). */
export function createServices({
  database,
  baseUrl,
  authSecret,
  smtpUrl,
  mailFrom,
  trustProxy = false,
}: ServiceOptions) {
  const mailer = createMailer({ db: database.db, smtpUrl, from: mailFrom });
  const background = createBackgroundTasks();
  const auth = createAuth({ db: database.db, mailer, background, baseUrl, secret: authSecret });
  return { database, mailer, background, auth, baseUrl, trustProxy };
}

export type Services = ReturnType<typeof createServices>;
