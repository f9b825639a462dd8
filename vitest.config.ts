import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { timeoutFactor } from "./tests/support/timeouts";

const factor = timeoutFactor();
// Test processes read it for their own waits (`scaled`), whatever their load is by then.
process.env.TEST_TIMEOUT_FACTOR = String(factor);

// Unit and integration tests. Integration tests use a real database: PGlite by default,
// PostgreSQL when TEST_DATABASE_URL is set (see tests/support/database.ts).
export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#server": fileURLToPath(new URL("./server", import.meta.url)),
    },
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/lint/**/*.test.ts",
    ],
    globalSetup: ["tests/support/build-site.mjs", "tests/support/test-database-template.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts", "tests/support/close-at-end.ts"],
    testTimeout: 30_000 * factor,
    hookTimeout: 60_000 * factor,
    // `expect.poll` waits 1 s by default: too short for a page's answer or a redraw when two
    // suites and a browser share two cores. A poll that succeeds returns at once, so only a
    // failing one waits this long.
    expect: { poll: { timeout: 10_000 * factor } },
    teardownTimeout: 30_000 * factor,
    // Server log lines and console output show only for the tests that fail.
    silent: "passed-only",
    // Each file opens its own database; two at a time suits a two-core machine.
    maxWorkers: 2,
    // The files of a worker share one process and its loaded modules: a third less CPU for
    // the run than a process per file. Nothing may leak from one file to the next, so
    // every file closes what it opens (close-at-end.ts) and nothing is mocked by module.
    isolate: false,
  },
});
