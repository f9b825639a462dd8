// `npm run test:e2e`: builds the site when stale, then drives Chromium against the built server.
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
  run("npx vitest run --config vitest.e2e.config.ts");
} catch {
  // The failing command has already printed its report.
  process.exit(1);
}
