// Bundles the HTTP host (server/main.ts and what it imports) into build/host/main.js and
// the job workers (server/worker.ts) into build/host/worker.js, so `npm start` and
// `npm run worker` run plain JavaScript. npm packages stay external imports.
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts", "server/worker.ts"],
  outdir: "build/host",
  bundle: true,
  // main.js stays a small entry; the host loads as a separate chunk after NODE_ENV is set.
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log("Built the HTTP host and workers: build/host/main.js, build/host/worker.js");
