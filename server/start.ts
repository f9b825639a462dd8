/**
 * The HTTP host (started by ./main.ts): checks the environment, opens and migrates the database, loads the
 * sample content into a new embedded database, then serves the site with Hono.
 */
import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { openDatabaseFromEnv } from "./db/open-from-env";
import { runMigrations } from "./db/migrate";
import { seedDemoActivity } from "./db/seed/demo-activity";
import { findDemoAccounts, seedDemoAccounts } from "./db/seed/demo-accounts";
import { isEmpty, seedSampleContent } from "./db/seed/seed";
import { ConfigError, loadEnv } from "./env";
import {
  exitOnUncaughtErrors,
  reportError,
  startErrorReporting,
  stopErrorReporting,
} from "./error-reporting";
import { openPageCache, type PageCache } from "./cache/page-cache";
import { createHttpApp } from "./http/app";
import { createShutdown } from "./http/shutdown";
import { withForwardedOrigin } from "./http/forwarded-origin";
import { servicesFromEnv } from "./services";
import { clientBuildDir, serverBuildFile } from "./paths";
import { localUrl, startSummary } from "./start-summary";
import { log, setLogLevel } from "./log";

export type StartOptions = {
  /** NODE_ENV=production was set by whoever started the server (not just defaulted). */
  productionRequested: boolean;
};

async function run({ productionRequested }: StartOptions) {
  const env = loadEnv();
  setLogLevel(env.LOG_LEVEL);
  await startErrorReporting({ dsn: env.SENTRY_DSN, environment: env.NODE_ENV });
  exitOnUncaughtErrors();
  // Without SMTP the outbox logs each mail's link, which in production would put live
  // verification and reset links into the logs.
  if (productionRequested && env.DATABASE_URL && !env.SMTP_URL) {
    throw new ConfigError("SMTP_URL must be set when NODE_ENV=production and DATABASE_URL is used.");
  }
  const database = await openDatabaseFromEnv(env);
  await runMigrations(database);
  // The demo (NODE_ENV not set) shows each mail's link in the log, as it sends no mail;
  // a deployment never logs one.
  const services = servicesFromEnv(database, env, { mailLinksInLog: !productionRequested });
  if (database.kind === "pglite" && (await isEmpty(database.db))) {
    const report = await seedSampleContent(database.db);
    log.info(`Loaded sample content: ${report.partners} partners, ${report.events} events.`);
    // Known passwords must never reach a real deployment, and setting NODE_ENV=production
    // is how one says it is one (README, "Demo accounts").
    if (!productionRequested) {
      await seedDemoAccounts(services.auth, database.db);
      await seedDemoActivity(database.db);
    }
  }
  // Named on every start, not only the first, for as long as the accounts exist.
  const demoAccounts = await findDemoAccounts(database.db);

  const shutdown = createShutdown({ drainMs: env.SHUTDOWN_DRAIN_MS, graceMs: env.SHUTDOWN_GRACE_MS });
  const development = env.NODE_ENV === "development";
  let listener: http.RequestListener;
  let closeDevServer = async () => {};
  // Development renders every page, so a changed component shows on reload.
  let pageCache: PageCache | undefined;
  if (development) {
    const vite = await import("vite").then((v) =>
      v.createServer({ server: { middlewareMode: true }, appType: "custom" }),
    );
    closeDevServer = () => vite.close();
    const app = createHttpApp({
      ...services,
      mode: "development",
      shutdown: shutdown.signals,
      metricsToken: env.METRICS_TOKEN,
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    });
    // Behind a proxy the app sees the visitor's URL (the proxy's forwarded headers); Vite's
    // middleware before it keeps the plain request target it expects.
    const honoListener = withForwardedOrigin(getRequestListener(app.fetch), env.TRUST_PROXY);
    listener = (req, res) => vite.middlewares(req, res, () => honoListener(req, res));
  } else {
    const build = (await import(serverBuildFile)) as ServerBuild;
    if (env.PAGE_CACHE_MB > 0) {
      pageCache = await openPageCache(database, { maxBytes: env.PAGE_CACHE_MB * 1024 * 1024 });
    }
    const app = createHttpApp({
      ...services,
      pageCache,
      mode: "production",
      build,
      clientDir: clientBuildDir,
      shutdown: shutdown.signals,
      metricsToken: env.METRICS_TOKEN,
    });
    listener = withForwardedOrigin(getRequestListener(app.fetch), env.TRUST_PROXY);
  }

  const server = http.createServer((req, res) => {
    // While shutting down, every response ends its keep-alive connection, so clients
    // open their next one to another instance.
    if (shutdown.signals.draining.aborted) res.setHeader("Connection", "close");
    listener(req, res);
  });
  // Once every connection has ended: better-auth's deferred callbacks queue their mail;
  // then running jobs finish or go back to the queue, never half done.
  const closed = async () => {
    await services.pageViews.close();
    await pageCache?.changes.close();
    await services.background.settled();
    await services.jobs.stop();
    await closeDevServer();
    await database.close();
    await stopErrorReporting();
    log.info("Shut down cleanly.");
    process.exit(0);
  };
  // Set before listening: a SIGTERM that comes as soon as the server is up is handled,
  // never Node's default of ending the process on the spot (midway through the summary
  // below), and every connection is counted for the shutdown's sweep.
  shutdown.onSignals(server, () => void closed());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, resolve);
  });
  // Workers start with the app unless WORKERS=0; jobs wait in the database meanwhile.
  await services.startWorkers(env.WORKERS);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  // A line each, so the address stays readable in JSON logs as on a terminal.
  const summary = startSummary({
    url: localUrl(env.HOST, port),
    database: database.description,
    demoAccounts,
  });
  for (const line of summary.split("\n")) log.info(line);
}

/** Starts the server; a bad configuration ends the process with a one-line message. */
export function start(options: StartOptions): Promise<void> {
  return run(options).catch((error: unknown) => {
    // A configuration the operator must fix is one plain line on stderr, whatever the
    // log's format: LOG_LEVEL may be the very setting that is wrong.
    if (error instanceof ConfigError) {
      process.stderr.write(`Error: ${error.message}\n`);
    } else if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      process.stderr.write(`Error: the port is already in use (${(error as Error).message}).\n`);
    } else {
      reportError(error, "The server could not start.");
    }
    return stopErrorReporting().finally(() => process.exit(1));
  });
}
