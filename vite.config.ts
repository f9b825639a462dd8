import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rollup } from "vite";
import { fileURLToPath } from "node:url";

/**
 * Rollup warnings that are expected for this site and need no action, so the build
 * shows only the ones that do.
 */
function isExpectedWarning(warning: Rollup.RollupLog): boolean {
  // React Router gives every route a browser chunk; resource routes (sitemap.xml,
  // robots.txt, calendar files, logout, redirects) have no browser code, so theirs are
  // empty by design.
  if (warning.code === "EMPTY_BUNDLE") return true;
  // zod places `@__PURE__` notes in comments where Rollup cannot read them; Rollup drops
  // the comments and the output is correct. Only packages' code, never ours, is excused.
  return warning.code === "INVALID_ANNOTATION" && (warning.id ?? "").includes("/node_modules/");
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#server": fileURLToPath(new URL("./server", import.meta.url)),
    },
  },
  ssr: {
    // Native/wasm database drivers stay as runtime imports instead of being bundled.
    external: ["@electric-sql/pglite", "pg"],
  },
  build: {
    rollupOptions: {
      onwarn(warning, warn) {
        if (!isExpectedWarning(warning)) warn(warning);
      },
    },
  },
});
