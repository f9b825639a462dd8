import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { outboxEmails } from "#server/db/schema";
import { createMailer } from "#server/email/mailer";
import { createTestDatabase } from "../support/database";
import { captureLogs } from "../support/logs";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const mail = {
  to: "someone@example.dk",
  subject: "Verify your email address",
  text: "Open https://rcl.example.dk/api/auth/verify-email?token=live-verification-token to verify.",
  html: "<p>Open the link.</p>",
};

async function logOfSending(linksInLog: boolean | undefined) {
  const logs = captureLogs("info");
  try {
    await createMailer({ db: database.db, linksInLog }).send(mail);
  } finally {
    logs.stop();
  }
  return logs.lines.join("");
}

describe("the outbox without SMTP", () => {
  it("keeps the mail and logs no link by default, as in a deployment", async () => {
    const output = await logOfSending(undefined);
    expect(output).toContain('Mail to someone@example.dk: \\"Verify your email address\\" recorded');
    expect(output).not.toContain("live-verification-token");
    const rows = await database.db.select().from(outboxEmails);
    expect(rows.some((row) => row.text.includes("live-verification-token"))).toBe(true);
  });

  it("logs the link in the demo and on a developer's machine, where it is how one verifies", async () => {
    expect(await logOfSending(true)).toContain(
      "(https://rcl.example.dk/api/auth/verify-email?token=live-verification-token)",
    );
  });
});
