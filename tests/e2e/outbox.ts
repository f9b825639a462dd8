import fs from "node:fs";
import { inject } from "vitest";

/**
 * The messages of the server's log, a line each: the server writes JSON into its log
 * file. A line that is not JSON (a crash's own output) is kept as it is.
 */
export function serverLogMessages(serverLog: string): string {
  return fs
    .readFileSync(serverLog, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      try {
        return String((JSON.parse(line) as { msg?: unknown }).msg ?? "");
      } catch {
        return line;
      }
    })
    .join("\n");
}

/**
 * The link of the newest outbox line for `email` in the server's log. The mail is a job,
 * so it shows up once a worker has picked it up (it polls every 2 s).
 */
export async function linkFromOutbox(email: string, subject: string): Promise<string> {
  const serverLog = inject("serverLog");
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const lines = serverLogMessages(serverLog).split("\n");
    const line = lines.reverse().find((text) => text.includes(`Mail to ${email}: "${subject}"`));
    const link = line && /\((https?:\/\/[^)\s]+)\)/.exec(line)?.[1];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No "${subject}" mail to ${email} in the outbox`);
}

/** The subject of the newest outbox mail to `email` whose subject starts with `start`, once it is sent. */
export async function subjectFromOutbox(email: string, start: string): Promise<string> {
  const serverLog = inject("serverLog");
  const prefix = `Mail to ${email}: "${start}`;
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const line = serverLogMessages(serverLog)
      .split("\n")
      .reverse()
      .find((text) => text.includes(prefix));
    const subject = line && /: "([^"]*)"/.exec(line.slice(line.indexOf(prefix)))?.[1];
    if (subject) return subject;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail to ${email} starting "${start}" in the outbox`);
}
