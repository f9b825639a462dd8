/**
 * Adds or changes messages in both catalogues at once, then compiles them:
 *   node scripts/add-messages.mjs new-messages.json
 * where the file holds { "key": { "en": "…", "da": "…" }, … }. A translator edits
 * messages/en.json and messages/da.json directly; this keeps the two in step when code
 * adds messages, and lets several editors add at once.
 */
import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { withCatalogueLock } from "./catalogue-lock.mjs";

const file = process.argv[2];
if (!file) {
  console.error("Usage: node scripts/add-messages.mjs <file.json>");
  process.exit(2);
}
const additions = JSON.parse(await readFile(file, "utf8"));
const KEY = /^[a-z][a-z0-9_]*$/;
for (const [key, texts] of Object.entries(additions)) {
  if (!KEY.test(key)) throw new Error(`"${key}": keys are snake_case`);
  if (texts?.en === undefined || texts?.da === undefined)
    throw new Error(`"${key}" needs both "en" and "da"`);
}

await withCatalogueLock(async () => {
  for (const locale of ["en", "da"]) {
    const path = new URL(`../messages/${locale}.json`, import.meta.url);
    const catalogue = JSON.parse(await readFile(path, "utf8"));
    for (const [key, texts] of Object.entries(additions)) catalogue[key] = texts[locale];
    // In the project's own format, so the formatting check passes on what this writes.
    const options = await resolveConfig(fileURLToPath(path));
    await writeFile(path, await format(JSON.stringify(catalogue), { ...options, parser: "json" }));
  }
});
execFileSync(process.execPath, [new URL("./compile-messages.mjs", import.meta.url).pathname], {
  stdio: "inherit",
});
console.log(`${Object.keys(additions).length} messages added or changed.`);
