import { runCli } from "#server/cli";
import { loadEnv } from "#server/env";
import { runMigrations } from "../migrate";
import { openDatabaseFromEnv } from "../open-from-env";
import { seedSampleContent } from "../seed/seed";

runCli(async () => {
  const database = await openDatabaseFromEnv(loadEnv());
  try {
    await runMigrations(database);
    const report = await seedSampleContent(database.db);
    console.log(
      `Sample content loaded (${database.kind}): ${report.partners} partners, ${report.events} events, ${report.registrations} team registrations added.`,
    );
  } finally {
    await database.close();
  }
});
