/**
 * Compiles the message catalogues (messages/en.json, messages/da.json) into typed,
 * tree-shakeable functions under app/paraglide (ADR 032). Runs on install, before the
 * build, the typecheck, the tests and the dev server, so the generated code is never
 * committed and never stale.
 *
 * Every key must exist in both catalogues with the same parameters: a key missing from
 * one would fall back to its name on the page, so this fails instead.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { compile } from "@inlang/paraglide-js";
import { withCatalogueLock } from "./catalogue-lock.mjs";

const catalogue = async (locale) =>
  JSON.parse(await readFile(new URL(`../messages/${locale}.json`, import.meta.url), "utf8"));
const [en, da] = await Promise.all([catalogue("en"), catalogue("da")]);

const problems = [];
const keys = (messages) => Object.keys(messages).filter((key) => key !== "$schema");
const parameters = (text) =>
  [...JSON.stringify(text).matchAll(/\{(\w+)\}/g)]
    .map((match) => match[1])
    .sort()
    .join(",");
for (const key of keys(en)) {
  if (!(key in da)) problems.push(`"${key}" is in messages/en.json but not in messages/da.json`);
  else if (parameters(en[key]) !== parameters(da[key])) {
    problems.push(
      `"${key}" takes {${parameters(en[key])}} in English but {${parameters(da[key])}} in Danish`,
    );
  }
}
for (const key of keys(da))
  if (!(key in en)) problems.push(`"${key}" is in messages/da.json but not in messages/en.json`);
if (problems.length > 0) {
  console.error(`The message catalogues do not match:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}

// Compiled aside, then copied over only where a file changed: an unchanged catalogue
// leaves app/paraglide untouched, so a build made before this run is not taken as stale.
const staging = await mkdtemp(path.join(tmpdir(), "rcl-messages-"));
await withCatalogueLock(() =>
  compile({
    project: "./project.inlang",
    outdir: staging,
    // The locale comes from the request on the server and from the page in the browser
    // (app/lib/i18n/runtime.ts), never from Paraglide's own URL or cookie strategies.
    strategy: ["baseLocale"],
    emitTsDeclarations: true,
    emitGitIgnore: false,
    emitPrettierIgnore: false,
    emitReadme: false,
    outputStructure: "message-modules",
  }),
);

/**
 * The messages need only `getLocale` from Paraglide's runtime; the site decides the
 * language itself (app/lib/i18n/runtime.ts) and uses none of Paraglide's URL, cookie or
 * storage strategies, nor its server middleware. Their code would be a kilobyte of every
 * public page's first load (ADR 032), so the compiled runtime is this one.
 */
const RUNTIME = `/* Written by scripts/compile-messages.mjs in place of Paraglide's runtime (ADR 032). */
export const baseLocale = "en";
export const locales = /** @type {const} */ (${JSON.stringify(["en", "da"])});
/** Paraglide's per-locale builds are not used. */
export const experimentalStaticLocale = undefined;
let localeOfNow = () => baseLocale;
/** The language messages render in: the site sets how it is found (app/lib/i18n/runtime.ts). */
export function getLocale() {
  return localeOfNow();
}
export function overwriteGetLocale(fn) {
  localeOfNow = fn;
}
`;
const RUNTIME_TYPES = `/* Written by scripts/compile-messages.mjs in place of Paraglide's runtime (ADR 032). */
export declare const baseLocale: "en";
export declare const locales: readonly ["en", "da"];
export type Locale = (typeof locales)[number];
export declare const experimentalStaticLocale: Locale | undefined;
export declare function getLocale(): Locale;
export declare function overwriteGetLocale(fn: () => Locale): void;
/** What a message returns: a string known to come from the catalogues. */
export type LocalizedString = string & { readonly __brand: "LocalizedString" };
export type MessageMetadata<Inputs, Options, Markup = Record<string, unknown>> = {
  readonly __paraglide?: { inputs: Inputs; options: Options; markup: Markup };
};
`;
await writeFile(path.join(staging, "runtime.js"), RUNTIME);
await writeFile(path.join(staging, "runtime.d.ts"), RUNTIME_TYPES);
await rm(path.join(staging, "server.js"), { force: true });
await rm(path.join(staging, "server.d.ts"), { force: true });

/** Every file under `directory`, as paths relative to it. */
async function filesIn(directory) {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)));
}

const out = new URL("../app/paraglide", import.meta.url).pathname;
await withCatalogueLock(async () => {
  const compiled = await filesIn(staging);
  for (const file of compiled) {
    const text = await readFile(path.join(staging, file), "utf8");
    const target = path.join(out, file);
    if ((await readFile(target, "utf8").catch(() => null)) === text) continue;
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
  }
  const kept = new Set(compiled);
  for (const file of await filesIn(out)) if (!kept.has(file)) await rm(path.join(out, file));
});
await rm(staging, { recursive: true, force: true });

// The inlang SDK leaves a timer running for half a minute after it is done.
process.exit(0);
