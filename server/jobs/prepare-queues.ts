import PgBoss from "pg-boss";
import type { DatabaseHandle } from "#server/db/client";
import { JOB_SCHEMA, QUEUE_NAMES, QUEUES } from "./queues";

/**
 * Creates or upgrades the job queue's tables and its queues with their retry policies.
 * Part of the migrations, so a database that is migrated can take jobs at once. pg-boss
 * serialises this across instances with an advisory lock.
 */
export async function prepareQueues(database: DatabaseHandle): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.runSql(text, values) },
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  try {
    // One read for all the queues: on most starts every one exists with its policy unchanged,
    // and nothing is written (ADR 026).
    const stored = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
    for (const name of QUEUE_NAMES) {
      const { retryLimit, retryDelay, retryBackoff, expireInSeconds } = QUEUES[name];
      const policy = { name, retryLimit, retryDelay, retryBackoff, expireInSeconds };
      const existing = stored.get(name);
      // Created once; updated when its policy changed, so the new one applies to new jobs.
      if (!existing) await boss.createQueue(name, policy);
      else if (!samePolicy(existing, policy)) await boss.updateQueue(name, policy);
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

type Policy = Pick<PgBoss.Queue, "retryLimit" | "retryDelay" | "retryBackoff" | "expireInSeconds">;

function samePolicy(stored: Policy, wanted: Policy): boolean {
  return (
    stored.retryLimit === wanted.retryLimit &&
    stored.retryDelay === wanted.retryDelay &&
    stored.retryBackoff === wanted.retryBackoff &&
    stored.expireInSeconds === wanted.expireInSeconds
  );
}
