/**
 * `npm run worker`: job workers without the web server, for deployments that run them
 * apart from the app instances (which then set WORKERS=0). Needs PostgreSQL: the
 * embedded database belongs to one process.
 */
import { runMigrations } from "./db/migrate";
import { openDatabaseFromEnv } from "./db/open-from-env";
import { ConfigError, loadEnv, requireSmtpInProduction, requireRealPaymentsInProduction } from "./env";
import {
  exitOnUncaughtErrors,
  reportError,
  startErrorReporting,
  stopErrorReporting,
} from "./error-reporting";
import { log, setLogLevel } from "./log";
import { servicesFromEnv } from "./services";

async function run() {
  const env = loadEnv();
  setLogLevel(env.LOG_LEVEL);
  await startErrorReporting({ dsn: env.SENTRY_DSN, environment: env.NODE_ENV });
  exitOnUncaughtErrors();
  if (!env.DATABASE_URL) {
    throw new ConfigError(
      "npm run worker needs DATABASE_URL: the embedded database serves one process, and `npm start` runs its workers itself.",
    );
  }
  // The workers send the mail: here a missing SMTP_URL would put recipients in the log.
  requireSmtpInProduction(env, process.env.NODE_ENV === "production");
  requireRealPaymentsInProduction(env, process.env.NODE_ENV === "production");
  const database = await openDatabaseFromEnv(env);
  await runMigrations(database);
  const services = servicesFromEnv(database, env);
  const workers = Math.max(1, env.WORKERS);
  await services.startWorkers(workers);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: letting running jobs finish.`);
    await services.jobs.stop();
    await database.close();
    await stopErrorReporting();
    log.info("Workers stopped cleanly.");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  // Said once a signal is handled: whoever waits for this line may stop the workers at once.
  log.info(`RCL job workers running (${workers} for mail) on PostgreSQL.`);
}

run().catch((error: unknown) => {
  // As the host: a configuration to fix is one plain line; anything else is reported.
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  else reportError(error, "The workers could not start.");
  void stopErrorReporting().finally(() => process.exit(1));
});
