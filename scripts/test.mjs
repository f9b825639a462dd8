// `npm test`: unit and integration tests, then the end-to-end tests when Chromium is here.
import { execSync } from "node:child_process";
import { chromiumFound, chromiumPath } from "./chromium.mjs";

const run = (command) => execSync(command, { stdio: "inherit" });
try {
  run("node scripts/compile-messages.mjs");
  run("npx vitest run");
  if (chromiumFound) {
    run("node scripts/e2e.mjs");
  } else {
    console.log(
      `\nEnd-to-end tests NOT run: no Chromium at ${chromiumPath}. Install Debian's chromium package or set CHROME_PATH.`,
    );
  }
} catch {
  // The failing command has already printed its report.
  process.exit(1);
}
