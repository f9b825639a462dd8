import PgBoss from "pg-boss";
import type { DatabaseHandle } from "#server/db/client";
import type { SqlRunner } from "#server/db/rows";
import { reportError } from "#server/error-reporting";
import { log } from "#server/log";
import { JOB_SCHEMA, QUEUE_NAMES, QUEUES, SCHEDULE_TIME_ZONE, type JobData, type QueueName } from "./queues";
import { executorFor } from "./sql-executor";

export type JobHandlers = { [N in QueueName]: (data: JobData[N]) => Promise<void> };

/** One job of a batch (`enqueueAll`): its queue and what it carries. */
export type QueuedJob = { [N in QueueName]: { name: N; data: JobData[N] } }[QueueName];

export type EnqueueOptions = {
  /** Not before this time. */
  startAfter?: Date;
};

/** How often an idle worker looks for new jobs. */
const POLL_MS = 2_000;
/** Failed jobs stay in the queue, listed and retryable, this long before they are archived. */
const KEEP_FAILED_SECONDS = 30 * 24 * 60 * 60;
/** How long shutdown waits for running jobs before handing them back to the queue. */
const STOP_TIMEOUT_MS = 15_000;

type Outcome = "completed" | "failed";

/**
 * The job queue (pg-boss) on the app's own database, embedded PGlite included. Jobs are
 * rows: `enqueue` writes one inside the caller's transaction, and workers in any
 * instance pick each job up exactly once (FOR UPDATE SKIP LOCKED), retrying failures
 * with back-off. The queue's tables are created by the migrations (see ./prepare-queues).
 */
export function createJobQueue(database: DatabaseHandle) {
  const boss = newBoss(database, { supervise: false, schedule: false });
  let workers: Workers | undefined;

  /** One job, start to end: the outcome is stored before this resolves. */
  async function runJob<N extends QueueName>(
    handlers: JobHandlers,
    name: N,
    job: PgBoss.JobWithMetadata<JobData[N]>,
  ): Promise<Outcome> {
    try {
      await handlers[name](job.data);
    } catch (error) {
      await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
      const details = { queue: name, jobId: job.id };
      // A try that will be retried may be a passing outage; the last one needs an operator.
      if (job.retryCount >= job.retryLimit) {
        reportError(error, `Job ${name} failed on its last try; \`npm run jobs failed\` lists it.`, details);
      } else {
        log.warn(
          { err: error, ...details, retry: job.retryCount },
          `Job ${name} failed; it will be retried.`,
        );
      }
      return "failed";
    }
    await boss.complete(name, job.id);
    return "completed";
  }

  async function fetchAndRun(handlers: JobHandlers, name: QueueName, batchSize: number) {
    const jobs = await boss.fetch<JobData[typeof name]>(name, { batchSize, includeMetadata: true });
    const outcomes: Outcome[] = [];
    for (const job of jobs) outcomes.push(await runJob(handlers, name, job));
    return outcomes;
  }

  return {
    /** Adds a job in the transaction (or database) given, so it commits or rolls back with it. */
    async enqueue<N extends QueueName>(
      db: SqlRunner,
      name: N,
      data: JobData[N],
      options: EnqueueOptions = {},
    ): Promise<string> {
      const id = await boss.send(name, data, { db: executorFor(db), startAfter: options.startAfter });
      if (!id) throw new Error(`The job queue refused a ${name} job.`);
      return id;
    },

    /**
     * Adds several jobs, of any queues, in one statement of the transaction given: a
     * booking queues its mails and its invoice's delivery while it holds the event's lock,
     * where each round trip counts.
     */
    async enqueueAll(db: SqlRunner, batch: QueuedJob[]): Promise<void> {
      if (batch.length === 0) return;
      // pg-boss's batch insert returns nothing, and would skip a job of a queue that does not
      // exist: the names are typed to the queues the migrations create (prepare-queues.ts).
      await boss.insert(batch, { db: executorFor(db) });
    },

    /**
     * Starts `count` mail workers and one worker for each scheduled queue, with the
     * queue's maintenance (expiring jobs whose worker died) and its cron clock.
     */
    async start(handlers: JobHandlers, { workers: count }: { workers: number }): Promise<void> {
      if (count < 1 || workers) return;
      const supervisor = newBoss(database, { supervise: true, schedule: true });
      supervisor.on("error", (error) => log.error({ err: error }, `Job queue error: ${error.message}`));
      await supervisor.start();
      for (const name of QUEUE_NAMES) {
        const { cron } = QUEUES[name];
        if (cron) await supervisor.schedule(name, cron, {}, { tz: SCHEDULE_TIME_ZONE });
      }
      const loops = QUEUE_NAMES.flatMap((name) =>
        Array.from({ length: QUEUES[name].cron ? 1 : count }, () => name),
      );
      workers = startWorkers(loops, (name) => fetchAndRun(handlers, name, 1), supervisor);
    },

    /**
     * Stops taking new jobs and waits for running ones to finish and be recorded. A job
     * still running after the timeout stays active until its expiry, then runs again:
     * never lost, never marked done before it was.
     */
    async stop(): Promise<void> {
      const stopping = workers;
      workers = undefined;
      await stopping?.stop(STOP_TIMEOUT_MS);
    },

    /**
     * Runs every job of `queues` that is due now, in this process, until none is left: for
     * tests and the `jobs` command. Failures are recorded as a worker would record them.
     */
    async drain(
      handlers: JobHandlers,
      queues: readonly QueueName[] = QUEUE_NAMES,
    ): Promise<{ completed: number; failed: number }> {
      // The queue takes jobs whose start is strictly before now(), and PGlite's clock
      // ticks in milliseconds: wait for the next tick, so a job enqueued just before
      // this call counts as due.
      await new Promise((resolve) => setTimeout(resolve, 2));
      const total = { completed: 0, failed: 0 };
      for (;;) {
        let ran = 0;
        for (const name of queues) {
          for (const outcome of await fetchAndRun(handlers, name, 20)) {
            total[outcome]++;
            ran++;
          }
        }
        if (ran === 0) return total;
      }
    },

    /** Puts a failed job back in its queue, to run again now. */
    async retry(name: QueueName, id: string): Promise<void> {
      await boss.retry(name, id);
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

function newBoss(
  database: DatabaseHandle,
  { supervise, schedule }: { supervise: boolean; schedule: boolean },
) {
  return new PgBoss({
    db: { executeSql: (text, values) => database.runSql(text, values) },
    schema: JOB_SCHEMA,
    // The migrations own the schema (see ./prepare-queues); start() only checks its version.
    migrate: false,
    supervise,
    schedule,
    archiveFailedAfterSeconds: KEEP_FAILED_SECONDS,
  });
}

type Workers = { stop(timeoutMs: number): Promise<void> };

/**
 * Polling loops, one per entry of `queues`. pg-boss has workers of its own, but they
 * record a job's completion without waiting for it, so a shutdown could close the
 * database before a sent mail was marked done, and the mail would go out twice.
 */
function startWorkers(
  queues: QueueName[],
  runOnce: (name: QueueName) => Promise<Outcome[]>,
  supervisor: PgBoss,
): Workers {
  let stopping = false;
  const wakers = new Set<() => void>();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      }
      wakers.add(done);
    });

  const loops = queues.map(async (name) => {
    while (!stopping) {
      let ran = 0;
      try {
        ran = (await runOnce(name)).length;
      } catch (error) {
        // The database may be briefly unreachable; the loop tries again after a pause.
        log.error(
          { err: error },
          `Job worker (${name}): ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      if (ran === 0 && !stopping) await pause(POLL_MS);
    }
  });

  return {
    async stop(timeoutMs) {
      stopping = true;
      for (const wake of [...wakers]) wake();
      await Promise.race([
        Promise.all(loops),
        new Promise((resolve) => setTimeout(resolve, timeoutMs).unref()),
      ]);
      await supervisor.stop({ graceful: false, close: false });
    },
  };
}
