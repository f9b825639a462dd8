// `npm start`: builds the site when the build is missing or older than the sources,
// then runs the production server.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const outputs = ["build/host/main.js", "build/server/index.js"].map((file) => path.join(root, file));
const sources = ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

function buildIsCurrent() {
  if (!outputs.every((file) => fs.existsSync(file))) return false;
  const builtAt = Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs));
  return sources.every((source) => newestMtime(path.join(root, source)) <= builtAt);
}

if (!buildIsCurrent()) {
  console.log("Building the site (first start or changed sources)...");
  execSync("npm run build", { cwd: root, stdio: "inherit" });
}
await import(path.join(root, "build/host/main.js"));
