/**
 * The HTTP host (started by ./main.ts): checks the environment, opens and migrates the database, loads the
 * sample content into a new embedded database, then serves the site with Hono.
 */
import http from "node:http";
import net from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { openDatabaseFromEnv } from "./db/open-from-env";
import { runMigrations } from "./db/migrate";
import { seedDemoActivity } from "./db/seed/demo-activity";
import { findDemoAccounts, seedDemoAccounts } from "./db/seed/demo-accounts";
import { isEmpty, seedSampleContent } from "./db/seed/seed";
import { ConfigError, loadEnv } from "./env";
import { createHttpApp } from "./http/app";
import { servicesFromEnv } from "./services";
import { clientBuildDir, serverBuildFile } from "./paths";
import { localUrl, startSummary } from "./start-summary";

const SHUTDOWN_GRACE_MS = 10_000;
/** How often, while shutting down, connections with no request in progress are closed. */
const IDLE_SWEEP_MS = 250;

export type StartOptions = {
  /** NODE_ENV=production was set by whoever started the server (not just defaulted). */
  productionRequested: boolean;
};

async function run({ productionRequested }: StartOptions) {
  const env = loadEnv();
  // Without SMTP the outbox logs each mail's link, which in production would put live
  // verification and reset links into the logs.
  if (productionRequested && env.DATABASE_URL && !env.SMTP_URL) {
    throw new ConfigError("SMTP_URL must be set when NODE_ENV=production and DATABASE_URL is used.");
  }
  const database = await openDatabaseFromEnv(env);
  await runMigrations(database);
  const services = servicesFromEnv(database, env);
  if (database.kind === "pglite" && (await isEmpty(database.db))) {
    const report = await seedSampleContent(database.db);
    console.log(`Loaded sample content: ${report.partners} partners, ${report.events} events.`);
    // Known passwords must never reach a real deployment, and setting NODE_ENV=production
    // is how one says it is one (README, "Demo accounts").
    if (!productionRequested) {
      await seedDemoAccounts(services.auth, database.db);
      await seedDemoActivity(database.db);
    }
  }
  // Named on every start, not only the first, for as long as the accounts exist.
  const demoAccounts = await findDemoAccounts(database.db);

  const development = env.NODE_ENV === "development";
  let listener: http.RequestListener;
  let closeDevServer = async () => {};
  if (development) {
    const vite = await import("vite").then((v) =>
      v.createServer({ server: { middlewareMode: true }, appType: "custom" }),
    );
    closeDevServer = () => vite.close();
    const app = createHttpApp({
      ...services,
      mode: "development",
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    });
    const honoListener = getRequestListener(app.fetch);
    listener = (req, res) => vite.middlewares(req, res, () => honoListener(req, res));
  } else {
    const build = (await import(serverBuildFile)) as ServerBuild;
    const app = createHttpApp({ ...services, mode: "production", build, clientDir: clientBuildDir });
    listener = getRequestListener(app.fetch);
  }

  let stopping = false;
  const server = http.createServer((req, res) => {
    // While shutting down, every response ends its keep-alive connection.
    if (stopping) res.setHeader("Connection", "close");
    listener(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, resolve);
  });
  // Workers start with the app unless WORKERS=0; jobs wait in the database meanwhile.
  await services.startWorkers(env.WORKERS);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  console.log(startSummary({ url: localUrl(env.HOST, port), database: database.description, demoAccounts }));

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing open requests, then closing the database.`);
    const force = setTimeout(() => {
      console.error("Open requests did not finish in time; closing now.");
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Stop listening, but leave open connections alone for now: one accepted a moment
    // ago may not have sent its request yet, and http.Server#close would drop it as idle.
    // The callback runs once every connection has ended.
    net.Server.prototype.close.call(server, async () => {
      clearInterval(sweep);
      // better-auth's deferred callbacks queue their mail; then running jobs finish or go
      // back to the queue, never half done.
      await services.background.settled();
      await services.jobs.stop();
      await closeDevServer();
      await database.close();
      console.log("Shut down cleanly.");
      process.exit(0);
    });
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/** Starts the server; a bad configuration ends the process with a one-line message. */
export function start(options: StartOptions): Promise<void> {
  return run(options).catch((error: unknown) => {
    if (error instanceof ConfigError) {
      console.error(`Error: ${error.message}`);
    } else if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      console.error(`Error: the port is already in use (${(error as Error).message}).`);
    } else {
      console.error(error);
    }
    process.exit(1);
  });
}
