// `npm run bench:dashboards`: what the partner's and admin's dashboards cost at the scale of
// `npm run bench:data`, kept with the project (not a test: it asserts nothing).
//
// It starts the production build as one process on the PostgreSQL database DATABASE_URL names
// (filled by `npm run bench:data`, with its event of 5,000 teams), signs in as the member of that
// event's partner (the bench accounts' password) and as the admin ADMIN_EMAIL / ADMIN_PASSWORD
// (`npm run admin:create`), and requests each dashboard page one after the other: one warm-up,
// then --requests measured ones. For each page it prints the Node CPU per request (the site's
// user + system time from /proc, so Linux only; PostgreSQL's own work is not in it), the wall
// time, the size of the answer as sent (gzip) and decoded, and for a CSV its rows per second and
// the time to its first byte.
//
// Usage: DATABASE_URL=postgres://…/rcl_bench ADMIN_EMAIL=admin@… ADMIN_PASSWORD=… \
//          node scripts/bench-dashboards.mjs [--requests 5] [--skip-build] [--only crew,reports]
import { execSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import pg from "pg";
import { buildIfStale, root } from "./build.mjs";
import { Cleanup, startSite, stopChild } from "./site.mjs";

const BENCH_PASSWORD = "bench-password";
const RESULTS_FILE = path.join(root, "build/bench-dashboards.json");
const HEADERS = {
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip",
  "accept-language": "en",
};
const TICKS_PER_SECOND = Number(execSync("getconf CLK_TCK").toString().trim()) || 100;

function readOptions() {
  const { values } = parseArgs({
    options: {
      requests: { type: "string", default: "5" },
      "skip-build": { type: "boolean", default: false },
      only: { type: "string" },
    },
  });
  const requests = Number(values.requests);
  if (!Number.isInteger(requests) || requests < 1 || requests > 100) {
    throw new Error("--requests must be a whole number from 1 to 100.");
  }
  const databaseUrl = process.env.DATABASE_URL;
  const adminEmail = process.env.ADMIN_EMAIL;
  const adminPassword = process.env.ADMIN_PASSWORD;
  if (!databaseUrl || !adminEmail || !adminPassword) {
    throw new Error("Set DATABASE_URL (a bench:data database), ADMIN_EMAIL and ADMIN_PASSWORD.");
  }
  const only = values.only ? values.only.split(",").map((name) => name.trim()) : null;
  return { requests, skipBuild: values["skip-build"], only, databaseUrl, adminEmail, adminPassword };
}

/** The event of 5,000 teams, a member of its partner, and the months its reports cover. */
async function findLargeEvent(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`
      select e.id, e.partner_id as "partnerId", u.email,
        (select count(*) from team_registrations r where r.event_id = e.id)::int as teams,
        -- The audit entry a page of the log's older-entries links starts after, 3,000 entries in.
        (select id from audit_log order by created_at desc, id desc offset 2999 limit 1) as "auditRow"
      from events e
      join partner_members pm on pm.partner_id = e.partner_id
      join users u on u.id = pm.user_id
      where e.slug like '%-event-large'
      order by e.created_at desc, u.email
      limit 1`);
    if (!rows[0])
      throw new Error("No event of `npm run bench:data -- --large-event-teams` in this database.");
    return rows[0];
  } finally {
    await client.end();
  }
}

/** The dashboard pages, by short name, and who asks for them. */
function pagesOf(event) {
  const crew = `/dashboard/partner/events/${event.id}/crew-list`;
  const list = `/dashboard/partner/registrations?event=${event.id}`;
  const exportCsv = `/dashboard/partner/registrations/export.csv?event=${event.id}`;
  const reportCsv = "/dashboard/admin/reports/export.csv?report=";
  // The log's 101st page as its links reach it (after the 3,000th entry), or by its offset
  // where there is no audit entry to start from.
  const older = event.auditRow ? `&older=${event.auditRow}` : "";
  return [
    { name: "crew", as: "partner", path: crew },
    { name: "crew-2", as: "partner", path: `${crew}?page=2` },
    { name: "registrations-event", as: "partner", path: list },
    { name: "registrations", as: "partner", path: "/dashboard/partner/registrations" },
    { name: "export-event", as: "partner", path: exportCsv },
    { name: "export-event-roster", as: "partner", path: `${exportCsv}&roster=1` },
    { name: "messages", as: "partner", path: `/dashboard/partner/events/${event.id}/messages` },
    { name: "analytics", as: "partner", path: "/dashboard/partner/analytics" },
    { name: "partner-overview", as: "partner", path: "/dashboard/partner" },
    { name: "registrations-admin", as: "admin", path: "/dashboard/partner/registrations" },
    { name: "reports", as: "admin", path: "/dashboard/admin/reports" },
    { name: "report-monthly", as: "admin", path: `${reportCsv}monthly` },
    { name: "report-partners", as: "admin", path: `${reportCsv}partners` },
    { name: "report-registrations", as: "admin", path: `${reportCsv}registrations&from=2026-01&to=2027-12` },
    { name: "report-registrations-all", as: "admin", path: `${reportCsv}registrations` },
    { name: "audit", as: "admin", path: "/dashboard/admin/audit" },
    { name: "audit-page-101", as: "admin", path: `/dashboard/admin/audit?page=101${older}` },
    { name: "audit-partner", as: "admin", path: `/dashboard/admin/audit?partner=${event.partnerId}` },
    { name: "audit-person", as: "admin", path: "/dashboard/admin/audit?person=person17%40" },
    { name: "audit-admins", as: "admin", path: "/dashboard/admin/audit?person=admin" },
    { name: "analytics-admin", as: "admin", path: "/dashboard/partner/analytics" },
    { name: "admin-overview", as: "admin", path: "/dashboard/admin" },
  ];
}

async function signIn(siteUrl, email, password) {
  const response = await fetch(`${siteUrl}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: siteUrl },
    body: new URLSearchParams({ email, password }).toString(),
    redirect: "manual",
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (response.status !== 302 || cookies.length === 0) {
    throw new Error(`Could not sign in as ${email} (HTTP ${response.status}).`);
  }
  return cookies.join("; ");
}

/** The site's CPU time so far, user + system, in ms. */
function cpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

function get(url, cookie) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByte;
    const request = http.get(url, { headers: { ...HEADERS, cookie }, timeout: 120_000 }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => {
        firstByte ??= performance.now() - started;
        chunks.push(chunk);
      });
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        const decoded = response.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(body) : body;
        resolve({
          status: response.statusCode,
          contentType: response.headers["content-type"] ?? "",
          wireBytes: body.length,
          bytes: decoded.length,
          text: decoded,
          ms: performance.now() - started,
          firstByteMs: firstByte ?? performance.now() - started,
        });
      });
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on("error", reject);
  });
}

/** Lines of a CSV body less its heading (a rower's name holds no line break in the bench data). */
const csvRows = (text) => text.toString("utf8").split("\r\n").filter(Boolean).length - 1;

async function measurePage(site, cookie, page, requests) {
  const url = site.url + page.path;
  const first = await get(url, cookie);
  const before = cpuMs(site.process.pid);
  const runs = [];
  for (let index = 0; index < requests; index++) runs.push(await get(url, cookie));
  const cpuPerRequest = (cpuMs(site.process.pid) - before) / requests;
  const last = runs.at(-1);
  const isCsv = first.contentType.startsWith("text/csv");
  const wallMs = runs.reduce((sum, run) => sum + run.ms, 0) / requests;
  const rows = isCsv ? csvRows(last.text) : null;
  return {
    name: page.name,
    as: page.as,
    path: page.path,
    status: last.status,
    cpuMsPerRequest: Math.round(cpuPerRequest * 10) / 10,
    wallMs: Math.round(wallMs * 10) / 10,
    firstByteMs: Math.round((runs.reduce((sum, run) => sum + run.firstByteMs, 0) / requests) * 10) / 10,
    bytes: last.bytes,
    wireBytes: last.wireBytes,
    rows,
    rowsPerSecond: rows === null ? null : Math.round(rows / (wallMs / 1000)),
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const options = readOptions();
  if (!options.skipBuild) buildIfStale();
  const event = await findLargeEvent(options.databaseUrl);
  const cleanup = new Cleanup();
  const stop = () => cleanup.run().then(() => process.exit(130));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    const site = await startSite({ databaseUrl: options.databaseUrl, oneProcess: true });
    cleanup.add(() => stopChild(site.process));
    const cookies = {
      partner: await signIn(site.url, event.email, BENCH_PASSWORD),
      admin: await signIn(site.url, options.adminEmail, options.adminPassword),
    };
    const pages = pagesOf(event).filter((page) => !options.only || options.only.includes(page.name));
    console.log(
      `${pages.length} pages, ${options.requests} requests each after one warm-up; the large event has ` +
        `${event.teams} teams. Load before: ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(" ")}`,
    );
    const results = [];
    for (const page of pages) {
      const result = await measurePage(site, cookies[page.as], page, options.requests);
      results.push(result);
      const csv = result.rows === null ? "" : `, ${result.rows} rows, ${result.rowsPerSecond} rows/s`;
      console.log(
        `${result.name.padEnd(26)} ${String(result.status).padEnd(4)} CPU ${String(result.cpuMsPerRequest).padStart(7)} ms, ` +
          `wall ${String(result.wallMs).padStart(7)} ms, first byte ${String(result.firstByteMs).padStart(7)} ms, ` +
          `${kb(result.bytes)} (${kb(result.wireBytes)} gzip)${csv}`,
      );
    }
    const load = os.loadavg();
    console.log(`Load after: ${load.map((n) => n.toFixed(2)).join(" ")}`);
    fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    fs.writeFileSync(
      RESULTS_FILE,
      `${JSON.stringify({ at: new Date().toISOString(), node: process.version, load, results }, null, 2)}\n`,
    );
  } finally {
    await cleanup.run();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
