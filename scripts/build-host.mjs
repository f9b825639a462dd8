// Bundles the HTTP host (server/main.ts and what it imports) into build/host/main.js,
// so `npm start` runs plain JavaScript. npm packages stay external imports.
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
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
console.log("Built the HTTP host: build/host/main.js");
