import { createHash, timingSafeEqual } from "node:crypto";
import type { Handler } from "hono";
import cluster from "node:cluster";
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { DatabaseHandle } from "#server/db/client";
import { JOB_SCHEMA, QUEUE_NAMES } from "#server/jobs/queues";
import { askPrimaryForMetrics } from "#server/cluster-messages";
import { log } from "#server/log";
import { CLIENT_ERROR_PATH } from "~/lib/client-errors";
import { CSP_REPORT_PATH } from "./csp-reports";

/** pg-boss's states of a job: waiting (created, retry), running (active) and done. */
const JOB_STATES = ["created", "retry", "active", "completed", "cancelled", "failed"] as const;
const REGISTRATION_STATUSES = ["confirmed", "waitlisted", "cancelled"] as const;
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Paths the host answers itself, before the router: their own label each. */
const HOST_ROUTES: [RegExp, string][] = [
  [/^\/healthz$/, "/healthz"],
  [/^\/livez$/, "/livez"],
  [/^\/readyz$/, "/readyz"],
  [/^\/metrics$/, "/metrics"],
  [/^\/assets\//, "/assets/*"],
  [/^\/uploads\//, "/uploads/:key"],
  [/^\/api\/auth\//, "/api/auth/*"],
  [new RegExp(`^${CSP_REPORT_PATH}$`), CSP_REPORT_PATH],
  [new RegExp(`^${CLIENT_ERROR_PATH}$`), CLIENT_ERROR_PATH],
];

type RouteNode = {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteNode[];
};
const routeTrees = new WeakMap<ServerBuild["routes"], RouteObject[]>();

/** React Router's route tree, rebuilt from the build's flat manifest (once per build). */
function routeTreeOf(manifest: ServerBuild["routes"]): RouteObject[] {
  const known = routeTrees.get(manifest);
  if (known) return known;
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const { id, path, index, caseSensitive } = route;
    nodes.set(id, { id, path, index, caseSensitive });
  }
  const roots: RouteNode[] = [];
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId === undefined ? undefined : nodes.get(route.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  const tree = roots as RouteObject[];
  routeTrees.set(manifest, tree);
  return tree;
}

/**
 * The route a request went to, as a label with few values: the host's own paths, else
 * the pattern of React Router's matched route (`/events/:slug`), never the raw path,
 * whose slugs and ids would make a new series each. A file served from the client build
 * is "static"; a path no route knows is "/*", the not-found page's pattern.
 */
export function routeLabel(pathname: string, status: number, manifest: ServerBuild["routes"]): string {
  for (const [pattern, label] of HOST_ROUTES) if (pattern.test(pathname)) return label;
  // React Router's data requests (client navigations) name the page with ".data".
  const page =
    pathname === "/_root.data" ? "/" : pathname.endsWith(".data") ? pathname.slice(0, -5) : pathname;
  const matches = matchRoutes(routeTreeOf(manifest), page) ?? [];
  const pattern = `/${matches
    .map((match) => match.route.path)
    .filter(Boolean)
    .join("/")}`.replace(/\/{2,}/g, "/");
  if (pattern === "/*" && status < 400 && /\.[a-z0-9]+$/i.test(pathname)) return "static";
  return pattern;
}

export type Metrics = {
  /** Counts one answered request; `pageCache` is its X-Page-Cache (hit, stale or miss), if any. */
  observeRequest(request: {
    method: string;
    route: string;
    status: number;
    seconds: number;
    pageCache?: string | null;
  }): void;
  /** Everything, in Prometheus' text format, with the database's figures read now. */
  render(): Promise<{ contentType: string; body: string }>;
};

/**
 * The site's metrics: requests by route, the database pool, the job queue by state and
 * registrations by status. The last two are counted in the database at each scrape, so
 * every instance reports the same totals, and a restart loses nothing.
 */
export function createMetrics({ database }: { database: DatabaseHandle }): Metrics {
  // What this process counts, and what the database says: in a cluster the first is
  // added up over every worker (./cluster.ts), the second is read once by the worker
  // scraped, as adding every worker's copy of one count would multiply it.
  const registry = new Registry();
  const databaseRegistry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const databaseRegisters = [databaseRegistry];
  if (cluster.isWorker) {
    AggregatorRegistry.setRegistries([registry]);
    // Constructing one answers the primary's requests for this worker's figures.
    new AggregatorRegistry();
  }

  const requests = new Counter({
    name: "rcl_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const durations = new Histogram({
    name: "rcl_http_request_duration_seconds",
    help: "Time to the response's headers, by method and route pattern.",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  const pageCache = new Counter({
    name: "rcl_page_cache_responses_total",
    help: "Public pages for anonymous visitors: served from memory (hit), from memory while rendered again (stale), or rendered for it (miss).",
    labelNames: ["result"] as const,
    registers,
  });

  new Gauge({
    name: "rcl_database_info",
    help: "The database in use: pglite (embedded, one connection) or postgres (a pool).",
    labelNames: ["kind"] as const,
    registers: databaseRegisters,
  }).set({ kind: database.kind }, 1);
  const databaseUp = new Gauge({
    name: "rcl_database_up",
    help: "1 when the database answered this scrape's queries, else 0.",
    registers: databaseRegisters,
  });
  const pool = database.pool;
  if (pool) {
    new Gauge({
      name: "rcl_db_pool_max_connections",
      help: "The most connections the pool opens (DATABASE_POOL_MAX).",
      registers,
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
    new Gauge({
      name: "rcl_db_pool_connections",
      help: "Open connections of the pool, busy with a query or idle.",
      labelNames: ["state"] as const,
      registers,
      collect() {
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "busy" }, pool.totalCount - pool.idleCount);
      },
    });
    new Gauge({
      name: "rcl_db_pool_waiting_requests",
      help: "Queries waiting for a free connection.",
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }
  const jobs = new Gauge({
    name: "rcl_jobs",
    help: "Jobs in the queue by queue and state (failed: retries used up; kept 30 days).",
    labelNames: ["queue", "state"] as const,
    registers: databaseRegisters,
  });
  const registrations = new Gauge({
    name: "rcl_team_registrations",
    help: "Team registrations by status, over all events.",
    labelNames: ["status"] as const,
    registers: databaseRegisters,
  });

  async function countInDatabase() {
    const [jobRows, registrationRows] = await Promise.all([
      database.runSql(
        `select name, state::text as state, count(*)::int as count from ${JOB_SCHEMA}.job group by name, state`,
      ),
      database.runSql(
        "select status::text as status, count(*)::int as count from team_registrations group by status",
      ),
    ]);
    // Every known series is written, at 0 when empty, so a rate or an alert never sees a gap.
    for (const queue of QUEUE_NAMES) for (const state of JOB_STATES) jobs.set({ queue, state }, 0);
    for (const row of jobRows.rows)
      jobs.set({ queue: String(row.name), state: String(row.state) }, Number(row.count));
    for (const status of REGISTRATION_STATUSES) registrations.set({ status }, 0);
    for (const row of registrationRows.rows)
      registrations.set({ status: String(row.status) }, Number(row.count));
  }

  return {
    observeRequest({ method, route, status, seconds, pageCache: result }) {
      const known = METHODS.has(method) ? method : "OTHER";
      requests.inc({ method: known, route, status: String(status) });
      durations.observe({ method: known, route }, seconds);
      if (result === "hit" || result === "stale" || result === "miss") pageCache.inc({ result });
    },
    async render() {
      try {
        await countInDatabase();
        databaseUp.set(1);
      } catch (error) {
        // The scrape still answers, with the process's own figures and the database down.
        jobs.reset();
        registrations.reset();
        databaseUp.set(0);
        log.warn({ err: error }, "Metrics: the database could not be counted");
      }
      // A worker's own figures alone would read as a reset of every counter, so a scrape
      // that cannot have them all fails instead (503), as Prometheus expects.
      const processes = cluster.isWorker ? await askPrimaryForMetrics() : await registry.metrics();
      return { contentType: registry.contentType, body: `${processes}\n${await databaseRegistry.metrics()}` };
    },
  };
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * GET /metrics, for operators: `Authorization: Bearer METRICS_TOKEN`, compared in
 * constant time (both sides hashed to one length first). Without it, 401.
 */
export function metricsEndpoint(token: string, metrics: Metrics): Handler {
  const expected = digest(token);
  return async (c) => {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    if (!timingSafeEqual(digest(given), expected)) {
      return c.text("A valid metrics token is needed.", 401, {
        "WWW-Authenticate": 'Bearer realm="metrics"',
      });
    }
    let rendered: { contentType: string; body: string };
    try {
      rendered = await metrics.render();
    } catch (error) {
      log.warn({ err: error }, "Metrics: the workers' figures could not be added up");
      return c.text("The metrics are not available right now.", 503, {
        "Retry-After": "5",
        "Cache-Control": "no-store",
      });
    }
    return c.body(rendered.body, 200, { "Content-Type": rendered.contentType, "Cache-Control": "no-store" });
  };
}
