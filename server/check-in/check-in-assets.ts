import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { checkInManifestFile, clientBuildDir } from "#server/paths";

/**
 * The check-in page's files by their hashed names (ADR 038), which the build writes to
 * build/check-in.json: its script, the service worker, the scanner ponyfill's chunk and
 * zxing's wasm, all under /assets/.
 */
const manifestSchema = z.object({
  main: z.string(),
  sw: z.string(),
  wasm: z.string(),
  cached: z.array(z.string()),
});

type CheckInAssets = z.infer<typeof manifestSchema>;

let built: CheckInAssets | undefined;

/** The built page's files; the build is made once, so they are read once. */
export function checkInAssets(): CheckInAssets {
  built ??= manifestSchema.parse(JSON.parse(fs.readFileSync(checkInManifestFile, "utf8")));
  return built;
}

let worker: string | undefined;

/** The service worker's code, served from the check-in pages' own folder for its scope. */
export function checkInServiceWorker(): string {
  worker ??= fs.readFileSync(path.join(clientBuildDir, checkInAssets().sw), "utf8");
  return worker;
}
