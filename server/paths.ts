import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project folder, found from this module whether it runs from source (server/)
 * or from the bundled host (build/host/), so both find migrations and the app build.
 */
const projectRoot = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Could not find the project folder (package.json).");
    dir = parent;
  }
  return dir;
})();

export const migrationsDir = path.join(projectRoot, "server/db/migrations");
export const serverBuildFile = path.join(projectRoot, "build/server/index.js");
export const clientBuildDir = path.join(projectRoot, "build/client");
/** The check-in page's own scripts and files, as scripts/build-check-in.mjs named them. */
export const checkInManifestFile = path.join(projectRoot, "build/check-in.json");
