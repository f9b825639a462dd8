/**
 * npm run jobs -- failed          lists jobs that used up their retries, with their last error
 * npm run jobs -- retry <id>...   puts failed jobs back in their queue
 * npm run jobs -- run             runs every job that is due now, here, and says how it went
 *
 * With the embedded database, stop the site first: PGlite serves one process at a time.
 */
import { runCli } from "#server/cli";
import { runMigrations } from "#server/db/migrate";
import { openDatabaseFromEnv } from "#server/db/open-from-env";
import { ConfigError, loadEnv } from "#server/env";
import { servicesFromEnv } from "#server/services";
import { createJobQueue } from "../job-queue";
import { listFailedJobs } from "../list-failed-jobs";
import { retryFailedJob } from "../retry-failed-job";

runCli(async () => {
  const [command, ...ids] = process.argv.slice(2);
  if (command !== "failed" && command !== "retry" && command !== "run") {
    throw new ConfigError("Usage: npm run jobs -- failed | retry <id>... | run");
  }
  const env = loadEnv();
  const database = await openDatabaseFromEnv(env);
  try {
    await runMigrations(database);
    // Listing and retrying touch the queue alone; only running the jobs takes the site's
    // services, better-auth among them, and with it AUTH_SECRET.
    if (command === "failed") {
      const failed = await listFailedJobs(database.db);
      if (failed.length === 0) console.log("No failed jobs.");
      for (const job of failed) {
        const what = job.to ? ` to ${job.to}: "${job.subject}"` : "";
        console.log(`${job.id}  ${job.queue}${what}`);
        console.log(`  ${job.tries} tries, last ${job.failedAt?.toISOString() ?? "?"}: ${job.lastError}`);
      }
    } else if (command === "retry") {
      if (ids.length === 0)
        throw new ConfigError("Name the failed jobs to retry: npm run jobs -- retry <id>...");
      const jobs = createJobQueue(database);
      for (const id of ids) {
        await retryFailedJob({ db: database.db, jobs }, id);
        console.log(`${id} is queued again.`);
      }
    } else {
      const { completed, failed } = await servicesFromEnv(database, env).runDueJobs();
      console.log(`Ran the due jobs: ${completed} done, ${failed} failed (they retry later).`);
    }
  } finally {
    await database.close();
  }
});
