import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/client";
import { runMigrations } from "#server/db/migrate";
import { seedSampleContent } from "#server/db/seed/seed";
import { createServices } from "#server/services";
import { createTestDatabase, testDatabaseKind } from "../support/database";
import { TEST_AUTH_SECRET, TEST_BASE_URL } from "../support/http-app";
import { startSmtpServer } from "../support/smtp";
import { scaled } from "../support/timeouts";

/** Runs the booking in its own process and kills it (SIGKILL) as soon as the booking has committed. */
function bookThenKill(env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    // Node itself with tsx's loader: the tsx command would run the booking in a child of
    // its own, which SIGKILL on the command leaves running.
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/processes/book-then-wait.ts"], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const timer = setTimeout(() => reject(new Error(`No booking within 60 s:\n${output}`)), scaled(60_000));
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const reference = /committed (RCL-\w{6})/.exec(output)?.[1];
      if (reference) {
        child.kill("SIGKILL");
        clearTimeout(timer);
        child.once("exit", () => resolve(reference));
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code, signal) => {
      if (signal !== "SIGKILL") reject(new Error(`The booking process ended (${code}):\n${output}`));
    });
  });
}

describe(`a crash right after a booking commits, on ${testDatabaseKind}`, () => {
  it(
    "sends the confirmation exactly once after the restart",
    async () => {
      let env: Record<string, string>;
      let reopen: () => Promise<DatabaseHandle>;
      let cleanup = async () => {};
      if (process.env.TEST_DATABASE_URL) {
        const database = await createTestDatabase();
        await seedSampleContent(database.db);
        const url = database.pool!.options.connectionString!;
        env = { DATABASE_URL: url };
        reopen = () => openDatabase({ kind: "postgres", url });
        cleanup = () => database.close();
      } else {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rcl-crash-"));
        const database = await openDatabase({ kind: "pglite", dataDir });
        await runMigrations(database);
        await seedSampleContent(database.db);
        await database.close();
        env = { DATA_DIR: dataDir };
        reopen = () => openDatabase({ kind: "pglite", dataDir });
        cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
      }
      const smtp = await startSmtpServer();
      try {
        const reference = await bookThenKill(env);

        // The restart: the same database, now with a worker and a mail server.
        const database = await reopen();
        try {
          await runMigrations(database);
          const services = createServices({
            database,
            baseUrl: TEST_BASE_URL,
            authSecret: TEST_AUTH_SECRET,
            smtpUrl: smtp.url,
          });
          // The booking's job (its invoice and mails queued), then its two mails: the
          // confirmation (carrying the invoice) to the booker, and the invoice to the finance
          // address the form gave; and the seat links' job with the captain's crew page mail
          // (the booker captains here), ADR 038.
          expect(await services.runDueJobs()).toEqual({ completed: 5, failed: 0 });
          expect(await services.runDueJobs()).toEqual({ completed: 0, failed: 0 });
        } finally {
          await database.close();
        }
        const mailsTo = (address: string) =>
          smtp.received.filter((mail) => mail.to.includes(address) && mail.raw.includes(reference));
        const [crewPages, confirmations] = partition(mailsTo("crash.booker@fjord.example"), (mail) =>
          mail.raw.includes("/crew/"),
        );
        expect(confirmations).toHaveLength(1);
        expect(confirmations[0]!.to).toEqual(["crash.booker@fjord.example"]);
        expect(crewPages).toHaveLength(1);
        expect(mailsTo("invoices@fjord.example")).toHaveLength(1);
        expect(smtp.received).toHaveLength(3);
      } finally {
        await smtp.close();
        await cleanup();
      }
    },
    scaled(120_000),
  );
});

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}
