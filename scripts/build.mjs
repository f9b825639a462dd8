// The production build and when it is stale, shared by `npm start`, `npm run bench` and the
// integration tests, so all three run the same build and rebuild only when sources changed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");

/**
 * What scripts/build-host.mjs bundles: build/host/<name>.js for each. The host, the workers and
 * the operator's commands run from there with plain `node`, without the development tools.
 */
export const hostEntries = {
  main: "server/main.ts",
  worker: "server/worker.ts",
  "db-migrate": "server/db/cli/migrate.ts",
  "db-seed": "server/db/cli/seed.ts",
  "admin-create": "server/auth/cli/create-admin.ts",
  jobs: "server/jobs/cli/jobs.ts",
};

const outputs = [
  ...Object.keys(hostEntries).map((name) => `build/host/${name}.js`),
  "build/server/index.js",
  // The check-in page's files by name (scripts/build-check-in.mjs).
  "build/check-in.json",
].map((file) => path.join(root, file));
const sources = ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

export function buildExists() {
  return outputs.every((file) => fs.existsSync(file));
}

/** True when the build exists and is newer than every source it is made from. */
export function buildIsCurrent() {
  if (!buildExists()) return false;
  // A production image ships the build without the sources it was made from.
  if (!fs.existsSync(path.join(root, "app"))) return true;
  const builtAt = Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs));
  return sources.every((source) => newestMtime(path.join(root, source)) <= builtAt);
}

/**
 * Runs `npm run build` (which sets NODE_ENV=production itself: a caller such as Vitest sets
 * it to test) and holds its output back: a build that works has nothing to tell someone
 * starting the site, one that fails shows all of it and throws. The output is plain text,
 * as it may end up in a log file. Returns how long the build took, in milliseconds.
 */
export function build() {
  const startedAt = Date.now();
  const env = { ...process.env, NO_COLOR: "1" };
  delete env.FORCE_COLOR;
  const result = spawnSync("npm run build 2>&1", {
    cwd: root,
    env,
    shell: true,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    console.error(`\n${result.stdout ?? ""}${result.error?.message ?? ""}`);
    throw new Error(
      `The build failed (npm run build: ${result.status ?? result.signal}); its output is above.`,
    );
  }
  return Date.now() - startedAt;
}

/** Builds when the build is missing or older than the sources; says so on one line. */
export function buildIfStale() {
  if (buildIsCurrent()) return;
  process.stdout.write("Building the site (missing or older than the sources)... ");
  const milliseconds = build();
  console.log(`done in ${Math.round(milliseconds / 1000)} s.`);
}
