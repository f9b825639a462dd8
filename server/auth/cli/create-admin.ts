/**
 * npm run admin:create -- --email someone@example.dk [--first-name Ada] [--last-name Lovelace]
 *
 * Creates a verified admin account, or makes an existing account an admin. The password
 * comes from ADMIN_PASSWORD or is asked for (without echo); an existing account keeps
 * its password unless ADMIN_PASSWORD is set.
 */
import readline from "node:readline";
import { parseArgs } from "node:util";
import { z } from "zod";
import { runCli } from "#server/cli";
import { runMigrations } from "#server/db/migrate";
import { openDatabaseFromEnv } from "#server/db/open-from-env";
import { ConfigError, loadEnv } from "#server/env";
import { servicesFromEnv } from "#server/services";
import { MIN_PASSWORD_LENGTH } from "~/lib/forms/account-schemas";
import { upsertCredentialAccount } from "../credential-account";

function askHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) {
    throw new ConfigError("Set ADMIN_PASSWORD, or run the command in a terminal to type the password.");
  }
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    // Typed characters are not echoed back.
    (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text) => {
      if (text.startsWith(question)) process.stdout.write(question);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
  });
}

runCli(async () => {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      "first-name": { type: "string", default: "Site" },
      "last-name": { type: "string", default: "Admin" },
    },
  });
  const email = z.email().safeParse(values.email?.trim());
  if (!email.success)
    throw new ConfigError("Give the admin's address: npm run admin:create -- --email you@example.dk");

  const env = loadEnv();
  const database = await openDatabaseFromEnv(env);
  try {
    await runMigrations(database);
    const services = servicesFromEnv(database, env);
    const existing = await (await services.auth.$context).internalAdapter.findUserByEmail(email.data);
    let password = process.env.ADMIN_PASSWORD;
    if (!existing && !password) password = await askHidden("Password for the new admin: ");
    if (password !== undefined && password.length < MIN_PASSWORD_LENGTH) {
      throw new ConfigError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
    }
    const { created } = await upsertCredentialAccount(services.auth, database.db, {
      email: email.data,
      password,
      firstName: values["first-name"],
      lastName: values["last-name"],
      role: "admin",
    });
    const address = email.data.toLowerCase();
    console.log(created ? `Created the admin ${address}.` : `${address} is now an admin.`);
  } finally {
    await database.close();
  }
});
