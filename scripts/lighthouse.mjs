// `npm run bench:lighthouse`: Lighthouse on the production build, kept with the project (not a test).
//
// It builds when the build is stale (scripts/build.mjs), starts the site on a fresh temporary PGlite
// (scripts/site.mjs, as `npm run bench` does), starts Debian's Chromium (scripts/chromium.mjs) and
// runs Lighthouse's default mobile audit (a mid-range phone on a slow 4G network, simulated) on the
// public pages below. It prints the four category scores and LCP, TBT and CLS per page, and writes
// Lighthouse's full reports and a summary to build/lighthouse/. See docs/decisions/027-*.md.
//
// Usage: node scripts/lighthouse.mjs [--pages /,/events] [--runs 1] [--assert] [--skip-build]
// --runs n audits each page n times and reports the run with the median performance score.
// --assert exits with 1 when a page misses a target; without it a miss is only shown.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { buildExists, buildIfStale, root } from "./build.mjs";
import { chromiumFound, chromiumPath } from "./chromium.mjs";
import { Cleanup, freePort, LOOPBACK, startSite, stopChild } from "./site.mjs";

const DEFAULT_PAGES = [
  "/",
  "/events",
  "/events/riverside-team-racing",
  "/partners/copenhagen-harbour-rowing-club",
];
const OUTPUT_DIR = path.join(root, "build/lighthouse");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
/** The targets of issue 14; scores are Lighthouse's 0–100, LCP in milliseconds. */
const TARGETS = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  lcp: 2500,
  cls: 0.05,
};
const CHROMIUM_START_TIMEOUT_MS = 30_000;

async function main() {
  const options = readOptions();
  if (!chromiumFound) fail(`Chromium not found at ${chromiumPath}; set CHROME_PATH.`);
  const cleanup = new Cleanup();
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      console.error(`\n${signal} received: stopping the site and the browser.`);
      cleanup.run().finally(() => process.exit(130));
    });
  }
  let missed = [];
  try {
    if (options.skipBuild) {
      if (!buildExists()) throw new Error("--skip-build, but there is no build.");
    } else {
      buildIfStale();
    }
    const site = await startSite({ demoAccounts: false });
    cleanup.add(async () => {
      await stopChild(site.process);
      site.removeData();
    });
    const browser = await startChromium();
    cleanup.add(async () => {
      await stopChild(browser.process);
      // Chromium's helper processes may still be writing to the profile for a moment.
      fs.rmSync(browser.profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    });
    console.log(
      `Lighthouse ${LIGHTHOUSE_VERSION} (mobile, simulated throttling) on ${site.url}, ` +
        `${options.pages.length} pages, ${options.runs} run(s) each.`,
    );

    fs.mkdirSync(OUTPUT_DIR, { recursive: true });
    const results = [];
    for (const page of options.pages) {
      process.stdout.write(`${page}: `);
      const runs = [];
      for (let run = 0; run < options.runs; run++) {
        runs.push(await audit(site.url + page, browser.port));
        process.stdout.write(".");
      }
      const lhr = median(runs);
      const file = path.join(OUTPUT_DIR, `${slugOf(page)}.json`);
      fs.writeFileSync(file, JSON.stringify(lhr));
      results.push(summarise(page, lhr));
      process.stdout.write(" done.\n");
    }
    console.log();
    printTable(results);
    missed = results.flatMap((result) => misses(result).map((miss) => `${result.page}: ${miss}`));
    if (missed.length > 0) console.log(`\nMissed targets:\n  ${missed.join("\n  ")}`);
    else console.log("\nEvery page meets every target.");
    const summaryFile = path.join(OUTPUT_DIR, "summary.json");
    fs.writeFileSync(
      summaryFile,
      `${JSON.stringify({ date: new Date().toISOString(), node: process.version, targets: TARGETS, pages: results }, null, 2)}\n`,
    );
    console.log(`Wrote ${path.relative(root, summaryFile)} and one full report per page beside it.`);
  } catch (error) {
    console.error(`\nLighthouse could not run: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 2;
  } finally {
    await cleanup.run();
  }
  if (options.assert && missed.length > 0 && !process.exitCode) process.exitCode = 1;
}

function readOptions() {
  const { values } = parseArgs({
    options: {
      pages: { type: "string" },
      runs: { type: "string", default: "1" },
      assert: { type: "boolean", default: false },
      "skip-build": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(
      "Usage: node scripts/lighthouse.mjs [--pages /,/events] [--runs 1] [--assert] [--skip-build]\n" +
        "Audits home, /events, an event and a partner page in Lighthouse's mobile mode; --assert\n" +
        "exits with 1 when a target is missed.",
    );
    process.exit(0);
  }
  const pages = values.pages ? values.pages.split(",").map((page) => page.trim()) : DEFAULT_PAGES;
  if (pages.length === 0 || pages.some((page) => !page.startsWith("/"))) {
    fail("--pages takes comma-separated paths, each starting with /.");
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 9) fail("--runs must be a whole number from 1 to 9.");
  return { pages, runs, assert: values.assert, skipBuild: values["skip-build"] };
}

function fail(message) {
  console.error(`Error: ${message}`);
  process.exit(2);
}

/** Chromium with a DevTools port for Lighthouse, on a throwaway profile. */
async function startChromium() {
  const port = await freePort();
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "rcl-lighthouse-"));
  const child = spawn(
    chromiumPath,
    [
      "--headless=new",
      `--remote-debugging-port=${port}`,
      `--remote-debugging-address=${LOOPBACK}`,
      `--user-data-dir=${profileDir}`,
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  const deadline = Date.now() + CHROMIUM_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Chromium exited (${child.exitCode}) on start.`);
    try {
      const response = await fetch(`http://${LOOPBACK}:${port}/json/version`);
      if (response.ok) return { port, process: child, profileDir };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stopChild(child);
  throw new Error(`Chromium did not open its DevTools port within ${CHROMIUM_START_TIMEOUT_MS / 1000} s.`);
}

/**
 * Lighthouse lives in its own folder, installed on the first run, not among the project's
 * dependencies: it brings an older Sentry whose OpenTelemetry peer range conflicts with the
 * site's, and npm cannot record both in one lock file that `npm ci` accepts (ADR 027).
 */
const LIGHTHOUSE_VERSION = "12.8.2";
const TOOLS_DIR = path.join(root, "build/tools");
const LIGHTHOUSE_DIR = path.join(TOOLS_DIR, "node_modules/lighthouse");

async function loadLighthouse() {
  if (lighthouseVersion() !== LIGHTHOUSE_VERSION) {
    console.log(`Installing Lighthouse ${LIGHTHOUSE_VERSION} into build/tools (once)...`);
    fs.mkdirSync(TOOLS_DIR, { recursive: true });
    execFileSync(
      "npm",
      [
        "install",
        "--prefix",
        TOOLS_DIR,
        "--no-save",
        "--no-audit",
        "--no-fund",
        `lighthouse@${LIGHTHOUSE_VERSION}`,
      ],
      { stdio: "inherit" },
    );
  }
  const module = await import(pathToFileURL(path.join(LIGHTHOUSE_DIR, "core/index.js")).href);
  return module.default;
}

async function audit(url, port) {
  const lighthouse = await loadLighthouse();
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: CATEGORIES,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

/** The run with the median performance score, so one noisy run neither flatters nor sinks a page. */
function median(runs) {
  const sorted = [...runs].sort((a, b) => a.categories.performance.score - b.categories.performance.score);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function summarise(page, lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failing = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative")
    .filter((audit) => !["metric", "manual", "notApplicable"].includes(audit.scoreDisplayMode))
    .map((audit) => audit.id);
  return {
    page,
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
    lcp: lhr.audits["largest-contentful-paint"].numericValue,
    tbt: lhr.audits["total-blocking-time"].numericValue,
    cls: lhr.audits["cumulative-layout-shift"].numericValue,
    fcp: lhr.audits["first-contentful-paint"].numericValue,
    // How fast this machine was during the run (Lighthouse's own measure): the default 4x CPU
    // slowdown models the reference phone only on a machine of about 1,000 or more.
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    unusedJavaScriptBytes: lhr.audits["unused-javascript"]?.details?.overallSavingsBytes ?? 0,
    failingAudits: failing,
  };
}

function misses(result) {
  const found = CATEGORIES.filter((id) => result[id] < TARGETS[id]).map(
    (id) => `${id} ${result[id]} < ${TARGETS[id]}`,
  );
  if (result.lcp > TARGETS.lcp) found.push(`LCP ${seconds(result.lcp)} > ${seconds(TARGETS.lcp)}`);
  if (result.cls > TARGETS.cls) found.push(`CLS ${result.cls.toFixed(3)} > ${TARGETS.cls}`);
  return found;
}

const seconds = (milliseconds) => `${(milliseconds / 1000).toFixed(2)} s`;

function printTable(results) {
  const header = [
    "page",
    "perf",
    "a11y",
    "best pr.",
    "SEO",
    "LCP",
    "TBT",
    "CLS",
    "CPU index",
    "failing audits",
  ];
  const rows = results.map((result) => [
    result.page,
    String(result.performance),
    String(result.accessibility),
    String(result["best-practices"]),
    String(result.seo),
    seconds(result.lcp),
    `${Math.round(result.tbt)} ms`,
    result.cls.toFixed(3),
    String(result.benchmarkIndex),
    result.failingAudits.join(", ") || "-",
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const last = header.length - 1;
  const line = (cells) =>
    cells
      .map((cell, column) =>
        column === 0 || column === last ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
      )
      .join(" | ");
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("-|-"));
  for (const row of rows) console.log(line(row));
}

const slugOf = (page) => (page === "/" ? "home" : page.slice(1).replace(/[^a-z0-9]+/gi, "-"));

/** The installed Lighthouse's version, or null before the first run. */
function lighthouseVersion() {
  const file = path.join(LIGHTHOUSE_DIR, "package.json");
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")).version : null;
}

await main();
