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
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from "./db/seed/demo-accounts";
import { isEmpty, seedSampleContent } from "./db/seed/seed";
import { ConfigError, loadEnv } from "./env";
import { resolveAuthSecret } from "./auth/secret";
import { createHttpApp } from "./http/app";
import { createServices } from "./services";
import { clientBuildDir, serverBuildFile } from "./paths";

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
  const services = createServices({
    database,
    baseUrl: env.baseUrl,
    authSecret: resolveAuthSecret(env),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    trustProxy: env.TRUST_PROXY,
  });
  if (database.kind === "pglite" && (await isEmpty(database.db))) {
    const report = await seedSampleContent(database.db);
    console.log(`Loaded sample content: ${report.partners} partners, ${report.events} events.`);
    // Known passwords must never reach a real deployment.
    if (!productionRequested) {
      await seedDemoAccounts(services.auth, database.db);
      console.log(
        `Demo accounts: ${DEMO_ACCOUNTS.map((a) => a.email).join(", ")} (password ${DEMO_PASSWORD}).`,
      );
    }
  }

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
  const where = env.DATABASE_URL ? "PostgreSQL" : `embedded PGlite in ${env.dataDir}`;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  console.log(`RCL is listening on http://localhost:${port} (${where}).`);

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
      // Emails queued by the last requests still go out before the database closes.
      await services.background.settled();
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
