// `npm run test:e2e`: builds the site when stale, then drives Chromium against the built server.
// Files named after `--` (`npm run test:e2e -- tests/e2e/bookings.e2e.ts`) run alone.
import { execSync } from "node:child_process";
import { buildIfStale } from "./build.mjs";
import { chromiumFound, chromiumPath } from "./chromium.mjs";

if (!chromiumFound) {
  console.error(
    `Chromium was not found at ${chromiumPath}. Install Debian's chromium package or set CHROME_PATH.`,
  );
  process.exit(1);
}
const run = (command) =>
  execSync(command, { stdio: "inherit", env: { ...process.env, CHROME_PATH: chromiumPath } });
try {
  buildIfStale();
  const files = process.argv.slice(2).map((file) => JSON.stringify(file));
  run(["npx vitest run --config vitest.e2e.config.ts", ...files].join(" "));
} catch {
  // The failing command has already printed its report.
  process.exit(1);
}
