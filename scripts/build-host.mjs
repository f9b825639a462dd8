// Bundles the HTTP host (server/main.ts and what it imports), the job workers
// (server/worker.ts) and the operator's commands into build/host/, so production runs plain
// JavaScript with `node` and needs none of the development tools (tsx, Vite, esbuild).
// npm packages stay external imports, installed by `npm ci --omit=dev`.
import fs from "node:fs";
import { build } from "esbuild";
import { hostEntries } from "./build.mjs";

// Chunks are named by content hash: without a clean folder each build would leave the last one's beside it.
fs.rmSync("build/host", { recursive: true, force: true });
await build({
  entryPoints: hostEntries,
  outdir: "build/host",
  bundle: true,
  // main.js stays a small entry; the host loads as a separate chunk after NODE_ENV is set.
  // The entries share the rest as chunks rather than each carrying a copy.
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log(
  `Built the HTTP host, workers and commands: ${Object.keys(hostEntries)
    .map((name) => `build/host/${name}.js`)
    .join(", ")}`,
);
