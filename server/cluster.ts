/**
 * How many processes serve the site (docs/decisions/026-every-core.md). With PostgreSQL
 * and WEB_CONCURRENCY above 1 this process becomes the cluster's primary: it checks the
 * environment and migrates the database once, then forks WEB_CONCURRENCY workers that
 * all serve on PORT (Node's cluster hands them the connections in turn). One of them
 * runs the job workers (WORKERS), the others none. A worker that dies is replaced, after
 * a pause that grows while they keep dying. SIGTERM and SIGINT are passed to every
 * worker, each of which shuts down as a single process does (ADR 021); the primary ends
 * when they all have. The embedded PGlite keeps its files in one process, so with it,
 * as with WEB_CONCURRENCY=1 and `npm run dev`, the site runs alone in this process.
 */
import cluster, { type Worker } from "node:cluster";
import { loadEnv, requireSmtpInProduction, requireRealPaymentsInProduction, type Env } from "./env";
import { exitOnUncaughtErrors, startErrorReporting, stopErrorReporting } from "./error-reporting";
import { log, setLogLevel } from "./log";
import { serveOrderOf, workerMessage, type Listening, type MetricsAnswer } from "./cluster-messages";
import { exitOnStartFailure } from "./start-failure";
import { startStepDone } from "./start-steps";
import type { StartOptions } from "./start";

/** The first pause before a dead worker is replaced; it doubles with each death in a row. */
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** A worker that served this long before dying starts its replacement's pauses afresh. */
const STABLE_AFTER_MS = 60_000;

/** Starts the site: a cluster of workers, or this process alone. */
export async function start(options: StartOptions): Promise<void> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    return exitOnStartFailure(Promise.reject(error));
  }
  if (!env.DATABASE_URL || env.WEB_CONCURRENCY === 1 || env.NODE_ENV === "development") {
    const { startAlone } = await import("./start");
    return startAlone(options);
  }
  return exitOnStartFailure(runPrimary(env, options));
}

/** Delay before replacing a worker, after `deaths` deaths in a row. */
export function restartDelay(deaths: number): number {
  return Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** Math.max(0, deaths - 1));
}

type Slot = {
  worker?: Worker;
  /** When the current worker began to serve. */
  servingSince?: number;
  /** Deaths in a row without serving STABLE_AFTER_MS in between. */
  deaths: number;
  restartTimer?: NodeJS.Timeout;
  listening?: Listening;
};

async function runPrimary(env: Env, { productionRequested }: StartOptions) {
  setLogLevel(env.LOG_LEVEL);
  await startErrorReporting({ dsn: env.SENTRY_DSN, environment: env.NODE_ENV });
  exitOnUncaughtErrors();
  requireSmtpInProduction(env, productionRequested);
  requireRealPaymentsInProduction(env, productionRequested);
  startStepDone("primary modules loaded");

  const slots: Slot[] = Array.from({ length: env.WEB_CONCURRENCY }, () => ({ deaths: 0 }));
  let stopping = false;
  let started = false;
  // The workers load the site while the database is migrated here; they serve once it is.
  let migrated = false;
  const ready = new Set<Worker>();
  const orderOf = (index: number) =>
    serveOrderOf({ jobWorkers: index === 0 ? env.WORKERS : 0, productionRequested });

  const fork = (index: number) => {
    const slot = slots[index]!;
    const worker = cluster.fork();
    slot.worker = worker;
    slot.listening = undefined;
    // A replacement that dies before it serves has served for no time, whatever its predecessor did.
    slot.servingSince = undefined;
    worker.on("message", (raw: unknown) => {
      const message = workerMessage.safeParse(raw);
      if (!message.success) return;
      if (message.data.type === "rcl:ready") {
        if (migrated && !stopping) worker.send(orderOf(index));
        else ready.add(worker);
        return;
      }
      if (message.data.type === "rcl:metrics-request") {
        const { id } = message.data;
        const answer = (reply: Omit<MetricsAnswer, "type" | "id">) => {
          if (worker.isConnected()) worker.send({ type: "rcl:metrics", id, ...reply });
        };
        workersMetrics().then(
          (body) => answer({ body }),
          (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
        );
        return;
      }
      slot.listening = message.data;
      slot.servingSince = Date.now();
      if (!started && slots.every((each) => each.listening)) {
        started = true;
        void printSummary(env, slots);
      }
    });
    worker.once("exit", (code, signal) => {
      ready.delete(worker);
      if (slot.worker === worker) slot.worker = undefined;
      if (stopping) {
        // A worker still starting has no shutdown of its own yet: the signal passed on to
        // it ends it on the spot, which is a clean stop, since it served nothing.
        const stoppedWhileStarting = !slot.listening && (signal === "SIGTERM" || signal === "SIGINT");
        if (code !== 0 && !stoppedWhileStarting) {
          log.error(`Worker ${worker.process.pid} ended with ${signal ?? `code ${code}`}.`);
          process.exitCode = 1;
        }
        if (slots.every((each) => !each.worker)) {
          void stopErrorReporting().finally(() => {
            if (!process.exitCode) log.info("Shut down cleanly.");
            process.exit();
          });
        }
        return;
      }
      // A worker that never came up (the port is taken, the database refused it) would
      // fail the same way again: the start fails, and its message is above.
      if (!started) {
        stopping = true;
        for (const each of slots) each.worker?.process.kill("SIGTERM");
        process.exitCode = 1;
        if (slots.every((each) => !each.worker)) process.exit(1);
        return;
      }
      const served = Date.now() - (slot.servingSince ?? Date.now());
      slot.deaths = served >= STABLE_AFTER_MS ? 1 : slot.deaths + 1;
      const delay = restartDelay(slot.deaths);
      log.error(
        `Worker ${worker.process.pid} ended with ${signal ?? `code ${code}`}; another starts in ${delay} ms.`,
      );
      slot.restartTimer = setTimeout(() => fork(index), delay);
    });
  };

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (!stopping) log.info(`${signal} received: the ${env.WEB_CONCURRENCY} workers shut down.`);
      stopping = true;
      for (const slot of slots) {
        clearTimeout(slot.restartTimer);
        slot.worker?.process.kill(signal);
      }
      if (slots.every((each) => !each.worker)) process.exit(process.exitCode ?? 0);
    });
  }

  slots.forEach((_, index) => fork(index));
  // Loaded once the workers are forked: they load the site meanwhile, on the other cores.
  const [{ openDatabaseFromEnv }, { runMigrations }] = await Promise.all([
    import("./db/open-from-env"),
    import("./db/migrate"),
  ]);
  const database = await openDatabaseFromEnv(env);
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  startStepDone("migrations checked");
  migrated = true;
  if (stopping) return;
  for (const worker of ready) {
    const index = slots.findIndex((slot) => slot.worker === worker);
    if (index >= 0) worker.send(orderOf(index));
  }
  ready.clear();
}

let aggregator: Promise<{ clusterMetrics(): Promise<string> }> | undefined;

/**
 * Every worker's own figures (requests, durations, the page cache, its pool, its
 * process), added up by prom-client: each worker counts only what it served, and a
 * scrape reaches one of them. Loaded with the first scrape; a site without METRICS_TOKEN
 * never loads it here.
 */
function workersMetrics(): Promise<string> {
  aggregator ??= import("prom-client").then(({ AggregatorRegistry }) => new AggregatorRegistry());
  return aggregator.then((registry) => registry.clusterMetrics());
}

async function printSummary(env: Env, slots: Slot[]) {
  const { localUrl, startSummary } = await import("./start-summary");
  const first = slots[0]!.listening!;
  const pids = slots.map((slot) => slot.worker?.process.pid);
  const jobs = env.WORKERS > 0 ? `the jobs run in ${pids[0]}` : "no jobs run here (WORKERS=0)";
  const summary = startSummary({
    url: localUrl(env.HOST, first.port),
    database: first.database,
    demoAccounts: first.demoAccounts,
    processes: `Workers: ${slots.length} processes (WEB_CONCURRENCY), pids ${pids.join(", ")}; ${jobs}.`,
  });
  for (const line of summary.split("\n")) log.info(line);
}
