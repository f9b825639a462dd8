import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Starts the host from source and returns how it exits (it must fail before listening). */
function startServer(env: Record<string, string>) {
  const result = spawnSync(path.resolve("node_modules/.bin/tsx"), ["server/main.ts"], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: "0", ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: result.status, stderr: result.stderr.trim() };
}

describe("start-up with a bad configuration", () => {
  it("exits with one line naming the host when DATABASE_URL cannot be reached", () => {
    const { status, stderr } = startServer({ DATABASE_URL: "postgres://rcl@127.0.0.1:1/rcl" });
    expect(status).toBe(1);
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^Error: Cannot reach PostgreSQL at 127\.0\.0\.1:1: /);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it("explains that DATA_DIR cannot be written", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "rcl-")), "not-a-folder");
    fs.writeFileSync(file, "");
    const { status, stderr } = startServer({ DATA_DIR: path.join(file, "data") });
    expect(status).toBe(1);
    expect(stderr).toBe(`Error: DATA_DIR ${path.join(file, "data")} cannot be written (ENOTDIR).`);
  });

  it("names the environment variable whose value is wrong", () => {
    const { status, stderr } = startServer({ PORT: "eighty" });
    expect(status).toBe(1);
    expect(stderr).toMatch(/^Error: Invalid environment variable PORT: /);
  });
});

describe("start-up in production", () => {
  it("refuses PostgreSQL without SMTP, so no live link is ever logged", () => {
    const { status, stderr } = startServer({
      NODE_ENV: "production",
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
      AUTH_SECRET: "a-secret-of-at-least-thirty-two-characters",
    });
    expect(status).toBe(1);
    expect(stderr).toBe("Error: SMTP_URL must be set when NODE_ENV=production and DATABASE_URL is used.");
  });
});
