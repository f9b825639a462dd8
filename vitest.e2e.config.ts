import { defineConfig } from "vitest/config";

// End-to-end tests: Chromium (playwright-core) against the built server on a temporary data folder.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One browser at a time keeps a two-core machine responsive.
    fileParallelism: false,
  },
});
