/**
 * Entry point. React chooses its development or production build from NODE_ENV the
 * first time it is imported, so the default is settled here before anything loads it.
 * Whether production was asked for explicitly is remembered: the embedded demo's
 * accounts are only created when it was not.
 *
 * The first process decides how many serve the site (./cluster.ts); the workers it forks
 * run this file again and go straight to serving.
 */
import cluster from "node:cluster";

const productionRequested = process.env.NODE_ENV === "production";
process.env.NODE_ENV ??= "production";
if (cluster.isWorker) {
  const { startWorker } = await import("./start");
  await startWorker();
} else {
  const { start } = await import("./cluster");
  await start({ productionRequested });
}

export {};
