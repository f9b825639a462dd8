// The production build started for a measurement (`npm run bench`, `npm run bench:lighthouse`):
// `node build/host/main.js` on a new temporary data folder (a fresh embedded PGlite with the sample
// content) and a free loopback port, and the means to stop it and clean up.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { root } from "./build.mjs";

export const LOOPBACK = "127.0.0.1";
const SERVER_START_TIMEOUT_MS = 60_000;
const OUTPUT_KEPT_CHARS = 64 * 1024;
/** The host gives open requests 10 s after SIGTERM; past this, the caller kills it. */
const SERVER_STOP_TIMEOUT_MS = 15_000;

/**
 * The production build on a temporary data folder, as tests/e2e/server.ts starts it, or on
 * a database of the caller's (`databaseUrl`, on every core; or `dataDir`, a PGlite folder
 * such as `npm run bench:data` fills), which is never removed. `pageCache: false` renders
 * every page (PAGE_CACHE_MB=0); `pageCacheTtlMs` renders held pages again sooner than
 * every 60 s (PAGE_CACHE_TTL_MS), to measure their expiry. `oneProcess` serves PostgreSQL
 * from this one process (WEB_CONCURRENCY=1), so its CPU time is the site's.
 */
export async function startSite({
  demoAccounts,
  pageCache = true,
  pageCacheTtlMs,
  databaseUrl,
  dataDir: givenDataDir,
  oneProcess = false,
}) {
  const dataDir = givenDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "rcl-bench-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["build/host/main.js"], {
    cwd: root,
    // Only what the server needs: the caller's variables (a BASE_URL="/" from Vite among them) stay out.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // The demo accounts exist only when NODE_ENV is unset, as with `npm start`; the host runs
      // React's production build either way. Production requires a mail server and a real
      // payment provider; nothing is sent or paid during a measurement.
      ...(demoAccounts
        ? {}
        : { NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:1", ALLOW_TEST_PAYMENTS: "true" }),
      HOST: LOOPBACK,
      PORT: String(port),
      BASE_URL: `http://${LOOPBACK}:${port}`,
      DATA_DIR: dataDir,
      ...(pageCache ? {} : { PAGE_CACHE_MB: "0" }),
      ...(pageCacheTtlMs ? { PAGE_CACHE_TTL_MS: String(pageCacheTtlMs) } : {}),
      // A PostgreSQL deployment's required settings; the benchmark sends no mail (no job workers).
      ...(databaseUrl
        ? {
            DATABASE_URL: databaseUrl,
            AUTH_SECRET: randomBytes(32).toString("hex"),
            SMTP_URL: "smtp://127.0.0.1:1",
            WORKERS: "0",
            ...(oneProcess ? { WEB_CONCURRENCY: "1" } : {}),
          }
        : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Only the end of the log is kept, for an error report: under load the site logs a line per
  // request, and a growing copy of every line would cost this process more than the site.
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk).slice(-OUTPUT_KEPT_CHARS);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);

  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`the site did not start within ${SERVER_START_TIMEOUT_MS / 1000} s:\n${output}`)),
        SERVER_START_TIMEOUT_MS,
      );
      child.stdout.on("data", () => {
        if (output.includes("RCL is listening")) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`the site exited (${code}) before listening:\n${output}`));
      });
    });
  } catch (error) {
    await stopChild(child);
    if (!givenDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `http://${LOOPBACK}:${port}`,
    process: child,
    dataDir,
    /** Removes the data folder if it was made for this run. */
    removeData: () => {
      if (!givenDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    output: () => output,
  };
}

/** A loopback port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, LOOPBACK, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** SIGTERM, then SIGKILL if the child has not exited in time; resolves with the exit code. */
export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    const kill = setTimeout(() => child.kill("SIGKILL"), SERVER_STOP_TIMEOUT_MS);
    child.once("exit", (code) => {
      clearTimeout(kill);
      resolve(code);
    });
    child.kill("SIGTERM");
  });
}

/** Cleanup steps, run once, last added first. */
export class Cleanup {
  steps = [];
  /** The autocannon run in progress, stopped on Ctrl-C. */
  current;
  running;
  add(step) {
    this.steps.push(step);
  }
  run() {
    this.running ??= (async () => {
      this.current?.stop();
      for (const step of this.steps.reverse()) {
        try {
          await step();
        } catch (error) {
          console.error(`Cleanup: ${error instanceof Error ? error.message : error}`);
        }
      }
    })();
    return this.running;
  }
}
