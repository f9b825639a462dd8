import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rolldown } from "vite";
import { fileURLToPath } from "node:url";

/**
 * Bundler warnings that are expected for this site and need no action, so the build
 * shows only the ones that do.
 */
function isExpectedWarning(warning: Rolldown.RolldownLog): boolean {
  // React Router gives every route a browser chunk; resource routes (sitemap.xml,
  // robots.txt, calendar files, logout, redirects) have no browser code, so theirs are
  // empty by design.
  if (warning.code === "EMPTY_BUNDLE") return true;
  // zod places `@__PURE__` notes in comments where the bundler cannot read them; it drops
  // the comments and the output is correct. Only packages' code, never ours, is excused.
  return warning.code === "INVALID_ANNOTATION" && (warning.id ?? "").includes("/node_modules/");
}

const rootRoute = fileURLToPath(new URL("./app/root.tsx", import.meta.url));

/** React, React DOM and React Router: every page runs them, and they change only with an upgrade. */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router)\//;

/**
 * The messages' index names every message (ADR 032), so the walk below stops at the
 * compiled messages: the layout's chunk holds only the messages it uses, and each page
 * gets its own.
 */
const MESSAGES = fileURLToPath(new URL("./app/paraglide/messages", import.meta.url));

/**
 * Every page loads the framework and the root layout with all it imports. The bundler would
 * cut that code into a dozen small files wherever a route shares a piece of it (a button, an
 * icon, the class-name helper), and each file is one more preload and compresses worse
 * alone. Two chunks hold it instead; pages' own code and what loads on demand stay split.
 */
function chunkFor(id: string, chunking: Rolldown.ChunkingContext): string | null {
  if (FRAMEWORK.test(id)) return "framework";
  if (SHELL_LIBRARIES.has(id)) return "shell";
  if (!id.endsWith(".css") && shell(chunking).has(id)) return "shell";
  return null;
}

/**
 * Small helpers that nearly every page imports besides the layout (its meta tags, its
 * deferred sections): in the shell they cost a few hundred bytes once, where alone each
 * would be one more file per page.
 */
const SHELL_LIBRARIES = new Set(
  ["./app/lib/meta.ts", "./app/lib/deferred-component.tsx"].map((file) =>
    fileURLToPath(new URL(file, import.meta.url)),
  ),
);

let shellModules: Set<string> | undefined;
/** The modules the root layout imports statically, directly or through others. */
function shell(chunking: Rolldown.ChunkingContext): Set<string> {
  if (shellModules) return shellModules;
  const found = new Set<string>();
  // React Router builds the browser's root route from this module, which re-exports the file.
  const pending = [`${rootRoute}?__react-router-build-client-route`, rootRoute];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    if (id.startsWith(MESSAGES)) continue;
    pending.push(...(chunking.getModuleInfo(id)?.importedIds ?? []));
  }
  shellModules = found;
  return found;
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
    rolldownOptions: {
      onwarn(warning, warn) {
        if (!isExpectedWarning(warning)) warn(warning);
      },
      // The timing report names React Router's own plugins; nothing here can act on it.
      checks: { bundlerTimings: false },
    },
  },
  environments: {
    ssr: {
      build: {
        rolldownOptions: {
          // The server renders the deferred sections with the page, so their dynamic
          // imports stay in its one bundle by design; the browser's chunks split them.
          checks: { bundlerTimings: false, ineffectiveDynamicImport: false },
        },
      },
    },
    client: {
      build: {
        rolldownOptions: {
          output: {
            // One group whose name function picks each module's chunk, or none for the
            // bundler's own splitting.
            codeSplitting: { groups: [{ debugName: "framework and shell", name: chunkFor }] },
          },
        },
      },
    },
  },
});
