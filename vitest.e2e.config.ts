import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { timeoutFactor } from "./tests/support/timeouts";

const factor = timeoutFactor();
process.env.TEST_TIMEOUT_FACTOR = String(factor);

// End-to-end tests: Chromium (playwright-core) against the built server on a temporary data folder.
export default defineConfig({
  // The global setup prepares the data folder with the server's own database code.
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#server": fileURLToPath(new URL("./server", import.meta.url)),
    },
  },
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    testTimeout: 60_000 * factor,
    hookTimeout: 60_000 * factor,
    // `expect.poll` waits 1 s by default: too short for a page's answer or a redraw when two
    // suites and a browser share two cores. A poll that succeeds returns at once, so only a
    // failing one waits this long.
    expect: { poll: { timeout: 10_000 * factor } },
    // One browser at a time keeps a two-core machine responsive.
    fileParallelism: false,
  },
});
