// `npm run bench`: a throughput benchmark of the production build, kept with the project (not a test).
//
// It starts `node build/host/main.js` on a new temporary data folder (fresh embedded PGlite with the
// sample content) and a free loopback port, then, for each page:
//   - loads it with autocannon (a few connections, a few seconds, Accept-Encoding: gzip);
//   - loads a bare node:http server that answers the same bytes (the "ceiling": what Node alone
//     can do for this page on this machine, with no routing, data or rendering);
//   - sums the bytes of the JavaScript the page's HTML loads first, as sent to a browser that accepts gzip.
// It prints a table and writes the same figures to build/bench-results.json. See docs/benchmarks.md.
//
// Usage: node scripts/bench.mjs [--duration 10] [--connections 10] [--warmup 2] [--pages /,/events]
//                               [--as user@demo.rcl.dk] [--rebuild] [--skip-build] [--no-page-cache]
// --no-page-cache starts the site with PAGE_CACHE_MB=0, so every request renders its page (the
// figure for a first visit, or a page the cache does not hold).
// --database-url postgres://… serves a PostgreSQL database on every core (WEB_CONCURRENCY), and
// --data-dir DIR an existing PGlite folder, such as `npm run bench:data` fills; neither is changed
// by the benchmark's GETs but for page views.
// --as signs in as one of the demo accounts first, so pages behind sign-in (a registration form)
// can be measured; every request then carries that session.
// The numeric flags can also come from BENCH_DURATION, BENCH_CONNECTIONS and BENCH_WARMUP.
import { execSync, fork } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { build, buildExists, buildIfStale, buildIsCurrent, root } from "./build.mjs";
import { Cleanup, LOOPBACK, startSite, stopChild } from "./site.mjs";

/** The public pages most visited, in English and in Danish (ADR 033). */
const DEFAULT_PAGES = [
  "/",
  "/events",
  "/events?q=row",
  "/events/riverside-team-racing",
  "/da",
  "/da/events",
  "/da/events?q=ro",
  "/da/events/riverside-team-racing",
];
const RESULTS_FILE = path.join(root, "build/bench-results.json");
/** What a current desktop browser sends: a browser gets the streamed shell, a crawler the whole page. */
/** The demo accounts' password (server/db/seed/demo-accounts.ts), for --as. */
const DEMO_PASSWORD = "rowing-demo-2026";
const BROWSER_HEADERS = {
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip",
  "accept-language": "en",
};
/** How long the ceiling server may take to start. */
const SERVER_START_TIMEOUT_MS = 60_000;
const FETCH_TIMEOUT_MS = 30_000;

async function main() {
  const options = readOptions();
  const cleanup = new Cleanup();
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      console.error(`\n${signal} received: stopping the servers.`);
      cleanup.run().finally(() => process.exit(130));
    });
  }

  const runs = options.pages.length * 2;
  const estimate = runs * (options.warmup + options.duration) + 30;
  // A bound on the whole run: a stuck server or load generator ends the benchmark with an error.
  const watchdog = setTimeout(
    () => {
      console.error("The benchmark took far longer than expected; stopping.");
      cleanup.run().finally(() => process.exit(1));
    },
    (estimate + 300) * 1000,
  );
  watchdog.unref();

  try {
    buildIfNeeded(options);
    console.log(
      `Benchmarking ${options.pages.length} pages: ${options.connections} connections, ` +
        `${options.warmup} s warm-up + ${options.duration} s per run, ${runs} runs (about ${estimate} s).`,
    );

    const site = await startSite({
      demoAccounts: Boolean(options.as),
      pageCache: options.pageCache,
      databaseUrl: options.databaseUrl,
      dataDir: options.dataDir,
    });
    if (options.as) Object.assign(BROWSER_HEADERS, { cookie: await signIn(site.url, options.as) });
    cleanup.add(async () => {
      const code = await stopChild(site.process);
      site.removeData();
      if (code !== 0) console.warn(`Warning: the site server exited with code ${code}.\n${site.output()}`);
    });
    console.log(`Site: ${site.url} (data in ${site.dataDir})`);

    // One request per page first: the bytes for the ceiling, the status, the scripts.
    const snapshots = [];
    for (const page of options.pages) snapshots.push(await snapshotPage(site.url, page));

    const ceiling = await startCeilingServer(snapshots);
    cleanup.add(() => stopChild(ceiling.process));
    console.log(`Ceiling: ${ceiling.url}\n`);

    const jsCache = new Map();
    const results = [];
    for (const snapshot of snapshots) {
      const { page } = snapshot;
      if (snapshot.status !== 200) console.warn(`Warning: ${page} answers ${snapshot.status}, not 200.`);
      process.stdout.write(`${page}: site...`);
      const siteLoad = await measure(site.url + page, options, cleanup);
      process.stdout.write(" ceiling...");
      const ceilingLoad = await measure(ceiling.url + page, options, cleanup);
      process.stdout.write(" scripts...");
      const firstLoadJs = await firstLoadJavaScript(site.url, snapshot, jsCache);
      process.stdout.write(" done.\n");
      for (const [name, load] of [
        ["site", siteLoad],
        ["ceiling", ceilingLoad],
      ]) {
        if (load.errors || load.timeouts || load.otherStatus) {
          console.warn(
            `Warning: ${page} (${name}): ${load.errors} errors, ${load.timeouts} timeouts, ` +
              `${load.otherStatus} responses with another status than ${snapshot.status}.`,
          );
        }
      }
      results.push({
        page,
        status: snapshot.status,
        contentType: snapshot.contentType,
        contentEncoding: snapshot.contentEncoding ?? null,
        htmlBytes: snapshot.html.length,
        wireBytes: snapshot.wireBytes,
        ceilingWireBytes: snapshot.ceilingBody.length,
        site: siteLoad,
        ceiling: ceilingLoad,
        percentOfCeiling: ceilingLoad.rps > 0 ? (siteLoad.rps / ceilingLoad.rps) * 100 : null,
        firstLoadJs,
      });
    }

    console.log();
    printTable(results);
    const report = {
      date: new Date().toISOString(),
      commit: gitCommit(),
      node: process.version,
      machine: {
        platform: `${os.platform()} ${os.release()}`,
        cpus: os.cpus().length,
        cpu: os.cpus()[0]?.model,
      },
      options: { duration: options.duration, connections: options.connections, warmup: options.warmup },
      requestHeaders: BROWSER_HEADERS,
      pages: results,
    };
    fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nWrote ${path.relative(root, RESULTS_FILE)}.`);
  } catch (error) {
    console.error(`\nThe benchmark failed: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  } finally {
    await cleanup.run();
  }
}

// ---------------------------------------------------------------------------------------------
// Options

function readOptions() {
  const { values } = parseArgs({
    options: {
      duration: { type: "string", default: process.env.BENCH_DURATION ?? "10" },
      connections: { type: "string", default: process.env.BENCH_CONNECTIONS ?? "10" },
      warmup: { type: "string", default: process.env.BENCH_WARMUP ?? "2" },
      pages: { type: "string" },
      rebuild: { type: "boolean", default: false },
      "skip-build": { type: "boolean", default: false },
      "no-page-cache": { type: "boolean", default: false },
      "database-url": { type: "string" },
      "data-dir": { type: "string" },
      as: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(
      "Usage: node scripts/bench.mjs [--duration s] [--connections n] [--warmup s] [--pages /,/events]\n" +
        "                             [--as user@demo.rcl.dk] [--rebuild] [--skip-build] [--no-page-cache]\n" +
        "                             [--database-url postgres://…] [--data-dir DIR]\n" +
        "Defaults: 10 s, 10 connections, 2 s warm-up, the four benchmarked pages; builds only when\n" +
        "the build is missing or older than the sources. See docs/benchmarks.md.",
    );
    process.exit(0);
  }
  const pages = values.pages ? values.pages.split(",").map((page) => page.trim()) : DEFAULT_PAGES;
  if (pages.length === 0 || pages.length > 20 || pages.some((page) => !page.startsWith("/"))) {
    fail("--pages takes 1 to 20 comma-separated paths, each starting with /.");
  }
  return {
    duration: integer("duration", values.duration, 1, 600),
    connections: integer("connections", values.connections, 1, 500),
    warmup: integer("warmup", values.warmup, 0, 60),
    pages,
    rebuild: values.rebuild,
    as: values.as,
    skipBuild: values["skip-build"],
    pageCache: !values["no-page-cache"],
    databaseUrl: values["database-url"],
    dataDir: values["data-dir"],
  };
}

function integer(name, text, min, max) {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    fail(`--${name} must be a whole number from ${min} to ${max} (got "${text}").`);
  }
  return value;
}

function fail(message) {
  console.error(`Error: ${message}`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// Build: the same staleness rule as `npm start` (scripts/build.mjs), so a second run measures
// the same build without rebuilding it.

function buildIfNeeded({ rebuild, skipBuild }) {
  if (skipBuild) {
    if (!buildExists()) throw new Error("--skip-build, but there is no build.");
    if (!buildIsCurrent()) console.warn("Warning: the build is older than the sources (--skip-build).");
    return;
  }
  if (!rebuild) return buildIfStale();
  console.log("Building the site (--rebuild)...");
  build();
}

// ---------------------------------------------------------------------------------------------
// One request per page: its status, content type and bytes.

/** A GET on loopback with the browser's headers; the raw (still encoded) body. */
/** Signs in through the login form like a browser without JavaScript; returns the session cookie. */
async function signIn(siteUrl, email) {
  const response = await fetch(`${siteUrl}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: siteUrl },
    body: new URLSearchParams({ email, password: DEMO_PASSWORD }).toString(),
    redirect: "manual",
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (response.status !== 302 || cookies.length === 0) {
    // Thrown, not fail(): the run's cleanup must still stop the site it started.
    throw new Error(
      `Could not sign in as ${email} (HTTP ${response.status}); --as takes a demo account's email.`,
    );
  }
  return cookies.join("; ");
}

function get(url, headers = BROWSER_HEADERS) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, timeout: FETCH_TIMEOUT_MS }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on("error", reject);
  });
}

function decode(body, encoding) {
  if (!encoding || encoding === "identity") return body;
  if (encoding === "gzip") return zlib.gunzipSync(body);
  if (encoding === "deflate") return zlib.inflateSync(body);
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  throw new Error(`unknown content-encoding ${encoding}`);
}

async function snapshotPage(siteUrl, page) {
  const response = await get(siteUrl + page);
  const contentEncoding = response.headers["content-encoding"];
  const html = decode(response.body, contentEncoding);
  return {
    page,
    status: response.status,
    contentType: response.headers["content-type"] ?? "application/octet-stream",
    contentEncoding,
    html,
    wireBytes: response.body.length,
    // The ceiling sends the same HTML with the same encoding: gzip compressed once here (zlib's
    // default level, as the host's compress middleware uses), anything else as received.
    ceilingBody: contentEncoding === "gzip" ? zlib.gzipSync(html) : response.body,
  };
}

// ---------------------------------------------------------------------------------------------
// The ceiling: a bare node:http server, in its own process like the site, answering each page's
// bytes from memory.

async function startCeilingServer(snapshots) {
  const child = fork(import.meta.filename, ["--ceiling-server"], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("the ceiling server did not start")),
      SERVER_START_TIMEOUT_MS,
    );
    child.once("message", (message) => {
      clearTimeout(timer);
      resolve(message.port);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the ceiling server exited (${code}) before listening`));
    });
    child.send({
      host: LOOPBACK,
      pages: snapshots.map((snapshot) => ({
        path: snapshot.page,
        status: snapshot.status,
        contentType: snapshot.contentType,
        contentEncoding: snapshot.contentEncoding,
        body: snapshot.ceilingBody.toString("base64"),
      })),
    });
  });
  return { url: `http://${LOOPBACK}:${port}`, process: child };
}

/** The forked child: serves the pages it is sent until SIGTERM or until its parent goes away. */
function runCeilingServer() {
  process.once("message", ({ host, pages }) => {
    const responses = new Map(
      pages.map((page) => {
        const body = Buffer.from(page.body, "base64");
        const headers = { "content-type": page.contentType, "content-length": body.length };
        if (page.contentEncoding) {
          headers["content-encoding"] = page.contentEncoding;
          headers.vary = "Accept-Encoding";
        }
        return [page.path, { status: page.status, headers, body }];
      }),
    );
    const server = http.createServer((request, response) => {
      const page = responses.get(request.url);
      if (!page) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(page.status, page.headers).end(page.body);
    });
    server.listen(0, host, () => process.send({ port: server.address().port }));
    const stop = () => {
      server.close(() => process.exit(0));
      server.closeAllConnections();
    };
    process.once("SIGTERM", stop);
    process.once("disconnect", stop);
  });
}

// ---------------------------------------------------------------------------------------------
// Load

function autocannonRun(url, duration, connections, cleanup) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration, headers: BROWSER_HEADERS, timeout: 10 },
      (error, result) => {
        cleanup.current = undefined;
        // Stopped by Ctrl-C: the signal handler cleans up and exits; nothing more runs.
        if (cleanup.running) return;
        if (error) reject(error);
        else resolve(result);
      },
    );
    cleanup.current = instance;
  });
}

/** A warm-up run (discarded), then the measured run. */
async function measure(url, { duration, connections, warmup }, cleanup) {
  if (warmup > 0) await autocannonRun(url, warmup, connections, cleanup);
  const result = await autocannonRun(url, duration, connections, cleanup);
  const statusCounts = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]),
  );
  const mostCommon = Math.max(0, ...Object.values(statusCounts));
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    latencyMean: result.latency.average,
    requests: result.requests.total,
    bytesPerSecond: result.throughput.average,
    statusCounts,
    errors: result.errors,
    timeouts: result.timeouts,
    otherStatus: result.requests.total - mostCommon,
  };
}

// ---------------------------------------------------------------------------------------------
// First-load JavaScript: the module scripts, modulepreloads and inline imports of /assets/*.js in
// the page's HTML (what React Router emits), each fetched once as a browser that accepts gzip gets it.

function scriptUrls(html, pageUrl) {
  const specifiers = [];
  const attribute = (tag, name) =>
    tag
      .match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i"))
      ?.slice(1)
      .find(Boolean);
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, "src");
    if (src && attribute(tag, "type")?.toLowerCase() === "module") specifiers.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, "rel")?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(tag, "href");
    if (href && rel.includes("modulepreload")) specifiers.push(href);
  }
  for (const [, body] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    const imports = /\bimport\s*\(\s*(["'])([^"']+)\1|\bimport\s*(["'])([^"']+)\3|\bfrom\s*(["'])([^"']+)\5/g;
    for (const match of body.matchAll(imports)) specifiers.push(match[2] ?? match[4] ?? match[6]);
  }
  const origin = new URL(pageUrl).origin;
  const urls = specifiers
    .map((specifier) => new URL(specifier.replaceAll("&amp;", "&"), pageUrl))
    .filter((url) => url.origin === origin && /^\/assets\/.+\.js$/.test(url.pathname))
    .map((url) => url.href);
  return [...new Set(urls)];
}

async function firstLoadJavaScript(siteUrl, snapshot, cache) {
  const urls = scriptUrls(snapshot.html.toString("utf8"), siteUrl + snapshot.page);
  const files = [];
  for (const url of urls) {
    if (!cache.has(url)) {
      // What a browser that accepts gzip receives: the build's compressed copy (Zopfli for
      // the larger files), or the file itself where a copy would save less than its header.
      const response = await get(url, { "accept-encoding": "gzip" });
      const raw = decode(response.body, response.headers["content-encoding"]);
      if (response.status !== 200) console.warn(`Warning: ${url} answers ${response.status}.`);
      cache.set(url, {
        path: new URL(url).pathname,
        status: response.status,
        bytes: raw.length,
        gzipBytes: response.body.length,
      });
    }
    files.push(cache.get(url));
  }
  return {
    files: files.length,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    list: files,
  };
}

// ---------------------------------------------------------------------------------------------
// Report

function printTable(results) {
  const number = (value, digits = 0) =>
    value === null || value === undefined || Number.isNaN(value) ? "-" : value.toFixed(digits);
  // autocannon records latency in whole milliseconds: 0 means under 1 ms.
  const ms = (value) => (value === 0 ? "<1" : number(value));
  const header = [
    "page",
    "status",
    "rps",
    "p50 ms",
    "p99 ms",
    "ceiling rps",
    "ceiling p50",
    "ceiling p99",
    "% of ceiling",
    "first-load JS (gzip)",
  ];
  const rows = results.map((result) => [
    result.page,
    String(result.status),
    number(result.site.rps),
    ms(result.site.p50),
    ms(result.site.p99),
    number(result.ceiling.rps),
    ms(result.ceiling.p50),
    ms(result.ceiling.p99),
    result.percentOfCeiling === null ? "-" : `${number(result.percentOfCeiling, 1)} %`,
    `${number(result.firstLoadJs.gzipBytes / 1024, 1)} KB, ${result.firstLoadJs.files} files`,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  // The page column reads left-aligned, the figures right-aligned.
  const line = (cells) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[column])))
      .join(" | ");
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("-|-"));
  for (const row of rows) console.log(line(row));
}

function gitCommit() {
  try {
    return execSync("git rev-parse --short HEAD", { cwd: root, stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

// Last, once every class and constant above is defined. The internal mode: this same file, forked,
// is the ceiling server (see startCeilingServer).
if (process.argv.includes("--ceiling-server")) {
  runCeilingServer();
} else {
  await main();
}
