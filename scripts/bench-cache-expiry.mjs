// `npm run bench:cache-expiry`: what visitors feel when held pages expire (issue 28, ADR 024).
//
// It starts the production build with a short page-cache lifetime (PAGE_CACHE_TTL_MS, 2 s by
// default) on a new PGlite data folder with the sample content, opens each page once so the
// cache holds it, then keeps 50 connections busy with the pages in turn for 20 s: every page
// expires about ten times under load. It prints the longest time in which no request got an
// answer, how many requests waited 1 s or more (timeouts included), the latency percentiles of
// the whole run, and the statuses. Targets: no request waits 1 s, p99 ≤ 50 ms.
//
//   npm run bench:cache-expiry
//   npm run bench:cache-expiry -- --duration 30 --connections 50 --ttl-ms 2000 --pages /,/events
//   npm run bench:cache-expiry -- --database-url postgres://…/rcl_bench   (on every core)
//   npm run bench:cache-expiry -- --data-dir ./data                       (an existing PGlite folder)
//
// Builds first when the build is missing or older than the sources (--skip-build: as it is).
import os from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { buildExists, buildIfStale } from "./build.mjs";
import { startSite, stopChild } from "./site.mjs";

const DEFAULT_PAGES = ["/", "/events", "/events/riverside-team-racing", "/da/events"];
const HEADERS = {
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, br",
};
/** What the issue counts as a stall: a visitor left without an answer this long. */
const STALL_MS = 1_000;
/** autocannon gives up on a request after this many seconds and counts a timeout. */
const TIMEOUT_S = 10;

const USAGE =
  "Usage: npm run bench:cache-expiry -- [--duration 20] [--connections 50] [--ttl-ms 2000]\n" +
  "                                     [--pages /,/events] [--database-url postgres://… | --data-dir DIR]\n" +
  "                                     [--skip-build]";

/** The options, or a one-line reason and the usage on stderr (exit 2). */
function readOptions() {
  try {
    const { values } = parseArgs({
      options: {
        duration: { type: "string", default: "20" },
        connections: { type: "string", default: "50" },
        "ttl-ms": { type: "string", default: "2000" },
        pages: { type: "string" },
        "database-url": { type: "string" },
        "data-dir": { type: "string" },
        "skip-build": { type: "boolean", default: false },
      },
    });
    const whole = (name, min) => {
      const value = Number(values[name]);
      if (!Number.isInteger(value) || value < min)
        throw new Error(`--${name} must be a whole number ≥ ${min}`);
      return value;
    };
    const pages = values.pages ? values.pages.split(",").map((page) => page.trim()) : DEFAULT_PAGES;
    if (pages.some((page) => !page.startsWith("/")))
      throw new Error("--pages are paths, each starting with /");
    return {
      duration: whole("duration", 1),
      connections: whole("connections", 1),
      ttlMs: whole("ttl-ms", 1_000),
      pages,
      databaseUrl: values["database-url"],
      dataDir: values["data-dir"],
      skipBuild: values["skip-build"],
    };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
    process.exit(2);
  }
}

/** The value below which `share` of the sorted values fall. */
const percentile = (sorted, share) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];

const ms = (value) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;

async function main() {
  const options = readOptions();
  if (options.skipBuild) {
    if (!buildExists()) throw new Error("No build: run `npm run build` first, or leave out --skip-build.");
  } else {
    buildIfStale();
  }
  const site = await startSite({
    demoAccounts: false,
    pageCacheTtlMs: options.ttlMs,
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
  });
  const stop = async () => {
    const code = await stopChild(site.process);
    site.removeData();
    if (code !== 0) console.warn(`Warning: the site exited with code ${code}.\n${site.output()}`);
  };
  process.once("SIGINT", () => {
    stop().finally(() => process.exit(130));
  });
  try {
    // Held before the load starts, so every page goes through expiries, not a first render.
    for (const page of options.pages) {
      const response = await fetch(site.url + page, { headers: HEADERS });
      await response.arrayBuffer();
      if (response.status !== 200) console.warn(`Warning: ${page} answers ${response.status}, not 200.`);
    }
    console.log(
      `${options.connections} connections on ${options.pages.join(", ")} for ${options.duration} s; ` +
        `pages expire every ${options.ttlMs / 1000} s (about ${Math.floor((options.duration * 1000) / options.ttlMs)} ` +
        `expiries each). Load average before: ${os
          .loadavg()
          .map((load) => load.toFixed(2))
          .join(", ")}.`,
    );
    const load = await run(site.url, options);
    report(load, options);
  } finally {
    await stop();
  }
}

/** The load, with every answer's time and latency as autocannon saw it. */
function run(url, { connections, duration, pages }) {
  const answeredAt = [];
  const latencies = [];
  const statuses = new Map();
  let timeouts = 0;
  let errors = 0;
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const instance = autocannon(
      {
        url,
        connections,
        duration,
        timeout: TIMEOUT_S,
        headers: HEADERS,
        requests: pages.map((path) => ({ method: "GET", path })),
      },
      (error) => {
        if (error) return reject(error);
        resolve({
          startedAt,
          endedAt: performance.now(),
          answeredAt,
          latencies,
          statuses,
          timeouts,
          errors,
        });
      },
    );
    instance.on("response", (_client, status, _bytes, latency) => {
      answeredAt.push(performance.now());
      latencies.push(latency);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
    instance.on("reqError", () => {
      errors += 1;
    });
    // autocannon counts timeouts in its result too, but only per run; this keeps one tally.
    instance.on("timeout", () => {
      timeouts += 1;
    });
  });
}

function report({ startedAt, endedAt, answeredAt, latencies, statuses, timeouts, errors }, { duration }) {
  // The longest time nobody got an answer: between two answers, or from the start or until the end.
  const moments = [startedAt, ...answeredAt, endedAt];
  let longestGap = 0;
  for (let i = 1; i < moments.length; i += 1) longestGap = Math.max(longestGap, moments[i] - moments[i - 1]);
  // Answers per second: the worst second shows a stall that gaps between answers hide.
  const perSecond = new Array(Math.max(1, Math.floor((endedAt - startedAt) / 1000))).fill(0);
  for (const at of answeredAt) {
    const second = Math.floor((at - startedAt) / 1000);
    if (second < perSecond.length) perSecond[second] += 1;
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const stalled = latencies.filter((latency) => latency >= STALL_MS).length + timeouts;
  const statusText = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status} × ${count}`)
    .join(", ");
  console.log(
    [
      `requests answered:             ${latencies.length} (${Math.round(latencies.length / duration)}/s)`,
      `statuses:                      ${statusText || "none"}; ${timeouts} timeouts (${TIMEOUT_S} s), ${errors} errors`,
      `longest time without answers:  ${ms(longestGap)}`,
      `fewest answers in a second:    ${Math.min(...perSecond)}`,
      `requests waiting ≥ ${STALL_MS / 1000} s:        ${stalled}`,
      `latency p50 / p99 / max:       ${ms(percentile(sorted, 0.5))} / ${ms(percentile(sorted, 0.99))} / ${ms(sorted.at(-1) ?? 0)}`,
      `load average after:            ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(", ")}`,
    ].join("\n"),
  );
}

main().catch((error) => {
  console.error(`The benchmark failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
});
