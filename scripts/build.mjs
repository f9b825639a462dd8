// The production build and when it is stale, shared by `npm start`, `npm run bench` and the
// integration tests, so all three run the same build and rebuild only when sources changed.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
const outputs = ["build/host/main.js", "build/server/index.js"].map((file) => path.join(root, file));
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
  const builtAt = Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs));
  return sources.every((source) => newestMtime(path.join(root, source)) <= builtAt);
}

/** `npm run build` sets NODE_ENV=production itself: a caller such as Vitest sets it to test. */
export function build() {
  execSync("npm run build", { cwd: root, stdio: "inherit" });
}

/** Builds when the build is missing or older than the sources; says why when it does. */
export function buildIfStale() {
  if (buildIsCurrent()) return;
  console.log("Building the site (missing or stale build)...");
  build();
}
