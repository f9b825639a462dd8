// `npm test`: the unit and integration tests and, beside them, the end-to-end tests when
// Chromium is here. The browser half mostly waits for a page or the server, so the two run
// at once on a two-core machine (ADR 031); the end-to-end report follows the other's.
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIfStale } from "./build.mjs";
import { chromiumFound, chromiumPath } from "./chromium.mjs";

const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 1000);

try {
  execSync("node scripts/compile-messages.mjs", { stdio: "inherit" });
  // Once, before either half: each would otherwise build the same files at the same time.
  buildIfStale();
} catch {
  // The failing command has already printed its report.
  process.exit(1);
}

// Both halves share the cores from the first second on, so every wait is at least doubled
// rather than scaled from a load average that has not caught up yet (tests/support/timeouts.ts).
const loadPerCore = os.loadavg()[0] / Math.max(1, os.availableParallelism());
const factor =
  process.env.TEST_TIMEOUT_FACTOR || String(Math.min(8, Math.max(2, Math.ceil(loadPerCore) + 1)));
const env = { ...process.env, TEST_TIMEOUT_FACTOR: factor, CHROME_PATH: chromiumPath };

/** The exit code of a child process once it has ended; 1 when it could not start or was killed. */
const ended = (child) =>
  new Promise((resolve) => {
    child.on("error", (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on("close", (code) => resolve(code ?? 1));
  });

const children = [];
const unit = spawn("npx", ["vitest", "run"], { stdio: "inherit", env });
children.push(unit);
// Listened for from the start: whichever half ends first, its end is not missed.
const unitEnded = ended(unit);
// The browser half waits on timers and pages; the other half only needs throughput, so it
// yields the cores to the browser's steps when both want them (its processes inherit this).
if (unit.pid) os.setPriority(unit.pid, 5);

let browser = null;
let browserEnded = Promise.resolve(0);
let browserLog = null;
if (chromiumFound) {
  browserLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "rcl-e2e-")), "e2e.log");
  const out = fs.openSync(browserLog, "w");
  // What `npm run test:e2e` (scripts/e2e.mjs) runs after its own build check, done above;
  // started directly, so a stop reaches it.
  browser = spawn("npx", ["vitest", "run", "--config", "vitest.e2e.config.ts"], {
    stdio: ["ignore", out, out],
    env,
  });
  children.push(browser);
  browserEnded = ended(browser);
}

/** The end-to-end report so far, then its folder removed: printed once, however the run ends. */
function printBrowserReport(heading) {
  if (!browserLog || !fs.existsSync(browserLog)) return;
  console.log(`\n== ${heading}:`);
  process.stdout.write(fs.readFileSync(browserLog));
  fs.rmSync(path.dirname(browserLog), { recursive: true, force: true });
}

// Stopped from outside (Ctrl-C, a CI timeout): both halves stop too, and what the browser
// half had reported is not lost.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    for (const child of children) child.kill(signal);
    printBrowserReport("end-to-end tests, stopped");
    process.exit(130);
  });
}

const unitCode = await unitEnded;
console.log(`\n== unit and integration tests ended after ${seconds()} s`);
let browserCode = 0;
if (browser) {
  browserCode = await browserEnded;
  printBrowserReport(
    `end-to-end tests, run beside them in Chromium (${chromiumPath}), ended after ${seconds()} s`,
  );
} else {
  console.log(
    `\nEnd-to-end tests NOT run: no Chromium at ${chromiumPath}. Install Debian's chromium package or set CHROME_PATH.`,
  );
}
process.exit(unitCode === 0 && browserCode === 0 ? 0 : 1);
