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
import module from "node:module";

// From Node 22.8 (the image's Node), the compiled code of every module loaded after this
// line is kept on disk (NODE_COMPILE_CACHE, else the system's temporary folder), so a
// restart skips most of the compiling of the host, the server build and their packages;
// NODE_DISABLE_COMPILE_CACHE=1 turns it off. Node 20 has no such cache and starts as before.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

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
