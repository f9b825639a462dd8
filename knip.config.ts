import type { KnipConfig } from "knip";

// Finds files, exports and dependencies nothing uses. Entries knip finds by itself: the React
// Router plugin reads app/routes.ts for the route modules and adds app/root.tsx and
// app/entry.server.tsx; the package.json scripts name server/main.ts and the tools they run; the
// Vitest, ESLint and Drizzle plugins read their configs. Route modules import `./+types/…`,
// which `react-router typegen` writes, so `npm run knip` runs typegen first.
const config: KnipConfig = {
  entry: [
    // Command-line tools, also run directly with tsx.
    "server/**/cli/*.ts",
    // Build, test and benchmark drivers, including scripts/generate-sample-images.mjs, which is run
    // by hand when the sample illustrations change (docs/decisions/003-sample-content-and-dates.md).
    "scripts/*.{mjs,ts}",
    // The job workers run alone (`npm run worker` runs their build, build/host/worker.js).
    "server/worker.ts",
    // The check-in page's script and service worker, built apart by scripts/build-check-in.mjs (ADR 038).
    "app/check-in/main.ts",
    "app/check-in/sw.ts",
    // Programs the integration tests start as separate processes (a crash, a second instance).
    "tests/support/processes/*.ts",
  ],
  // System programs: scripts/check-deploy-files.mjs validates deploy/Caddyfile with caddy when it
  // is installed, and the proxy tests make their certificate with openssl (tests/support/tls-proxy.ts).
  ignoreBinaries: ["caddy", "openssl"],
  // Loaded by the message compiler from project.inlang/settings.json, not imported; and the
  // e-invoice rules' runner, which tests/support/peppol.ts requires by name (it ships no ESM).
  ignoreDependencies: ["@inlang/plugin-message-format", "saxon-js"],
  vitest: {
    // The end-to-end suite has its own config, run by scripts/e2e.mjs.
    config: ["vitest.config.ts", "vitest.e2e.config.ts"],
  },
};

export default config;
