// Part of `npm run build`: the check-in page's own script and its service worker
// (docs/decisions/038-the-day-on-the-water.md). The page runs no React, so its script is
// built apart from React Router's, as ES modules hashed into build/client/assets/ beside
// the scanner ponyfill's chunk (loaded only where the browser has no BarcodeDetector) and
// zxing's wasm (served from /assets/, as the CSP allows no CDN). The service worker is
// built last, with those files' names in it, and build/check-in.json names them all for
// the server. Runs after `react-router build`, which empties build/client, and before
// scripts/compress-client.mjs, which writes their gzip and brotli copies.
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const assets = path.join(root, "build/client/assets");
const require = createRequire(import.meta.url);

/** Browsers from the last few years on phones: Safari 16 and Chrome for Android. */
const TARGET = ["es2022", "safari16", "chrome110"];

const page = await build({
  entryPoints: { "check-in": path.join(root, "app/check-in/main.ts") },
  outdir: assets,
  entryNames: "[name]-[hash]",
  chunkNames: "check-in-[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  target: TARGET,
  minify: true,
  metafile: true,
  legalComments: "none",
  logLevel: "warning",
});
const outputs = Object.entries(page.metafile.outputs).filter(([file]) => file.endsWith(".js"));
const url = (file) => `/assets/${path.basename(file)}`;
const main = outputs.find(([, output]) => output.entryPoint === "app/check-in/main.ts");
if (!main) throw new Error("The check-in build made no script for app/check-in/main.ts.");

const wasmSource = createRequire(require.resolve("barcode-detector/ponyfill")).resolve(
  "zxing-wasm/reader/zxing_reader.wasm",
);
const wasmBytes = fs.readFileSync(wasmSource);
const wasmName = `zxing_reader-${crypto.createHash("sha256").update(wasmBytes).digest("hex").slice(0, 10)}.wasm`;
fs.writeFileSync(path.join(assets, wasmName), wasmBytes);

const cached = [...outputs.map(([file]) => url(file)), `/assets/${wasmName}`];
const buildId = crypto.createHash("sha256").update(cached.join("\n")).digest("hex").slice(0, 10);
const worker = await build({
  entryPoints: { "check-in-sw": path.join(root, "app/check-in/sw.ts") },
  outdir: assets,
  entryNames: "[name]-[hash]",
  bundle: true,
  format: "iife",
  target: TARGET,
  minify: true,
  metafile: true,
  legalComments: "none",
  logLevel: "warning",
  define: { CHECK_IN_FILES: JSON.stringify(cached), CHECK_IN_BUILD: JSON.stringify(buildId) },
});
const [sw] = Object.keys(worker.metafile.outputs).filter((file) => file.endsWith(".js"));

const manifest = { main: url(main[0]), sw: url(sw), wasm: `/assets/${wasmName}`, cached };
fs.writeFileSync(path.join(root, "build/check-in.json"), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`Built the check-in page's script and service worker: ${manifest.main}, ${manifest.sw}`);
