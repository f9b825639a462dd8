/**
 * The HTTP host (started by ./main.ts through ./cluster.ts): opens the database, serves
 * the site with Hono and shuts down gracefully. One process alone migrates the database
 * and loads the sample content into a new embedded one; a cluster worker leaves that to
 * the primary, which tells it when to listen and whether it runs the jobs.
 */
import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { openDatabaseFromEnv } from "./db/open-from-env";
import type { DatabaseHandle } from "./db/client";
import { runMigrations } from "./db/migrate";
import { seedDemoActivity } from "./db/seed/demo-activity";
import { findDemoAccounts, seedDemoAccounts } from "./db/seed/demo-accounts";
import { isEmpty, seedSampleContent } from "./db/seed/seed";
import { loadEnv, requireSmtpInProduction, requireRealPaymentsInProduction, type Env } from "./env";
import { exitOnUncaughtErrors, startErrorReporting, stopErrorReporting } from "./error-reporting";
import { openPageCache } from "./cache/page-cache";
import { createSite } from "./http/app";
import { createShutdown } from "./http/shutdown";
import { withForwardedOrigin } from "./http/forwarded-origin";
import { servicesFromEnv, type Services } from "./services";
import { clientBuildDir, serverBuildFile } from "./paths";
import { localUrl, startSummary } from "./start-summary";
import { log, setLogLevel } from "./log";
import { askPrimaryToServe, tellPrimaryListening } from "./cluster-messages";
import { exitOnStartFailure } from "./start-failure";
import { startStepDone } from "./start-steps";

export type StartOptions = {
  /** NODE_ENV=production was set by whoever started the server (not just defaulted). */
  productionRequested: boolean;
};

async function setUp(): Promise<Env> {
  const env = loadEnv();
  setLogLevel(env.LOG_LEVEL);
  await startErrorReporting({ dsn: env.SENTRY_DSN, environment: env.NODE_ENV });
  exitOnUncaughtErrors();
  startStepDone("modules loaded");
  return env;
}

/** The production server build, or Vite's dev server for `npm run dev`. */
async function requestListener(
  env: Env,
  database: DatabaseHandle,
  services: Services,
  shutdown: ReturnType<typeof createShutdown>,
) {
  if (env.NODE_ENV === "development") {
    const vite = await import("vite").then((v) =>
      v.createServer({ server: { middlewareMode: true }, appType: "custom" }),
    );
    const { app } = createSite({
      ...services,
      mode: "development",
      shutdown: shutdown.signals,
      metricsToken: env.METRICS_TOKEN,
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    });
    // Behind a proxy the app sees the visitor's URL (the proxy's forwarded headers); Vite's
    // middleware before it keeps the plain request target it expects.
    const honoListener = withForwardedOrigin(getRequestListener(app.fetch), env.TRUST_PROXY);
    const listener: http.RequestListener = (req, res) =>
      vite.middlewares(req, res, () => honoListener(req, res));
    return { listener, close: () => vite.close() };
  }
  const build = (await import(serverBuildFile)) as ServerBuild;
  // Development renders every page, so a changed component shows on reload (ADR 024).
  const pageCache =
    env.PAGE_CACHE_MB > 0
      ? await openPageCache(database, {
          maxBytes: env.PAGE_CACHE_MB * 1024 * 1024,
          ttlMs: env.PAGE_CACHE_TTL_MS,
        })
      : undefined;
  const { listener } = createSite({
    ...services,
    pageCache,
    mode: "production",
    build,
    clientDir: clientBuildDir,
    shutdown: shutdown.signals,
    metricsToken: env.METRICS_TOKEN,
  });
  return {
    listener: withForwardedOrigin(listener, env.TRUST_PROXY),
    close: async () => {
      await pageCache?.changes.close();
    },
  };
}

/**
 * The HTTP server with its graceful shutdown on SIGTERM and SIGINT, set before it
 * listens: a signal that comes as soon as the server is up is handled, never Node's
 * default of ending the process on the spot, and every connection is counted for the
 * shutdown's sweep. Once every connection has ended, better-auth's deferred callbacks
 * queue their mail, running jobs finish or go back to the queue, never half done, and
 * the process exits saying `stoppedMessage`.
 */
async function createServer(
  env: Env,
  database: DatabaseHandle,
  services: Services,
  stoppedMessage: string,
): Promise<{ listen(): Promise<number> }> {
  const shutdown = createShutdown({ drainMs: env.SHUTDOWN_DRAIN_MS, graceMs: env.SHUTDOWN_GRACE_MS });
  const { listener, close } = await requestListener(env, database, services, shutdown);
  const server = http.createServer((req, res) => {
    // While shutting down, every response ends its keep-alive connection, so clients
    // open their next one to another instance.
    if (shutdown.signals.draining.aborted) res.setHeader("Connection", "close");
    listener(req, res);
  });
  const closed = async () => {
    await services.pageViews.close();
    await services.background.settled();
    await services.jobs.stop();
    await close();
    await database.close();
    await stopErrorReporting();
    log.info(stoppedMessage);
    process.exit(0);
  };
  shutdown.onSignals(server, () => void closed());
  return {
    listen: async () => {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(env.PORT, env.HOST, resolve);
      });
      const address = server.address();
      return typeof address === "object" && address ? address.port : env.PORT;
    },
  };
}

/** The site in this one process: the embedded database, WEB_CONCURRENCY=1, or `npm run dev`. */
async function runAlone({ productionRequested }: StartOptions) {
  const env = await setUp();
  requireSmtpInProduction(env, productionRequested);
  requireRealPaymentsInProduction(env, productionRequested);
  const database = await openDatabaseFromEnv(env);
  startStepDone("database open");
  await runMigrations(database);
  startStepDone("migrations checked");
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
  startStepDone("sample content checked");
  const server = await createServer(env, database, services, "Shut down cleanly.");
  startStepDone("server build loaded");
  const port = await server.listen();
  startStepDone("listening");
  // Workers start with the app unless WORKERS=0; jobs wait in the database meanwhile.
  await services.startWorkers(env.WORKERS);
  startStepDone("job workers started");
  // PGlite's files belong to one process, so the other cores stay idle (ADR 026).
  const note =
    database.kind === "pglite" && env.WEB_CONCURRENCY > 1 && env.NODE_ENV !== "development"
      ? `PGlite: one process; set DATABASE_URL to use ${env.WEB_CONCURRENCY} cores`
      : undefined;
  const summary = startSummary({
    url: localUrl(env.HOST, port),
    database: database.description,
    demoAccounts,
    processes: note,
  });
  // A line each, so the address stays readable in JSON logs as on a terminal.
  for (const line of summary.split("\n")) log.info(line);
}

/**
 * One worker of the cluster (./cluster.ts). It loads everything while the primary
 * migrates, then listens when told to; the primary prints the summary once for all.
 */
async function runWorker() {
  const env = await setUp();
  const database = await openDatabaseFromEnv(env);
  // The slowest part of a start, done while the primary migrates: loading the server build.
  startStepDone("database open");
  if (env.NODE_ENV !== "development") await import(serverBuildFile);
  startStepDone("server build loaded");
  const orders = await askPrimaryToServe();
  startStepDone("told to serve");
  // As alone: mail links are logged only for the demo, never when production was asked for.
  const services = servicesFromEnv(database, env, { mailLinksInLog: !orders.productionRequested });
  const server = await createServer(env, database, services, "Worker stopped cleanly.");
  const port = await server.listen();
  startStepDone("listening");
  await services.startWorkers(orders.jobWorkers);
  startStepDone("job workers started");
  tellPrimaryListening({
    port,
    database: database.description,
    demoAccounts: orders.jobWorkers > 0 ? await findDemoAccounts(database.db) : [],
  });
}

/** Starts the site in this process; a bad configuration ends it with a one-line message. */
export function startAlone(options: StartOptions): Promise<void> {
  return exitOnStartFailure(runAlone(options));
}

/** Starts a cluster worker; as startAlone, a failure ends it with a one-line message. */
export function startWorker(): Promise<void> {
  return exitOnStartFailure(runWorker());
}
