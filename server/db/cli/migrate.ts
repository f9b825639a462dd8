import { runCli } from "#server/cli";
import { loadEnv } from "#server/env";
import { runMigrations } from "../migrate";
import { openDatabaseFromEnv } from "../open-from-env";

runCli(async () => {
  const database = await openDatabaseFromEnv(loadEnv());
  try {
    await runMigrations(database);
    console.log(`Migrations applied (${database.kind}).`);
  } finally {
    await database.close();
  }
});
