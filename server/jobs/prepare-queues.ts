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
    for (const name of QUEUE_NAMES) {
      const { retryLimit, retryDelay, retryBackoff, expireInSeconds } = QUEUES[name];
      const policy = { name, retryLimit, retryDelay, retryBackoff, expireInSeconds };
      // Created once; updated on every start so a changed policy applies to new jobs.
      if (await boss.getQueue(name)) await boss.updateQueue(name, policy);
      else await boss.createQueue(name, policy);
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}
