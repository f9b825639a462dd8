import type { Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ServerBuild } from "react-router";
import { databaseUnavailability } from "#server/db/unavailable";
import { reportError } from "#server/error-reporting";
import { metricsEndpoint, routeLabel, type Metrics } from "./metrics";
import { unavailableResponse } from "./overload";
import { loggedPath, requestLog } from "./request-log";

export type ObservabilityOptions = {
  /** The site's metrics, when METRICS_TOKEN is set. */
  metrics?: Metrics;
  build: ServerBuild | (() => Promise<ServerBuild>);
  trustProxy: number;
  /** METRICS_TOKEN: without it there is no /metrics (the router answers 404). */
  metricsToken?: string;
  /** Requests the site makes of itself (a page rendered for the cache): no visitor's, so neither logged nor counted. */
  unlogged?: (request: Request) => boolean;
};

/**
 * What an operator sees of the site: a log line per request (with its id on every line
 * and in X-Request-Id), /metrics for Prometheus, and errors no handler caught, logged
 * with their stack and reported. Registered first, so its line covers every answer,
 * refusals by later middleware included.
 */
export function observe<E extends object>(
  app: Hono<E>,
  { metrics, build, trustProxy, metricsToken, unlogged }: ObservabilityOptions,
): void {
  app.use(
    "*",
    requestLog({
      trustProxy,
      unlogged,
      observe: metrics
        ? async ({ context, method, status, seconds }) => {
            metrics.observeRequest({
              method,
              route: await routeOf(build, context.req.path, status),
              status,
              seconds,
              pageCache: context.res.headers.get("X-Page-Cache"),
            });
          }
        : undefined,
    }),
  );
  if (metrics && metricsToken) app.get("/metrics", metricsEndpoint(metricsToken, metrics));
  app.onError(answerUnhandledError);
}

/** The route pattern a request is counted under in the metrics. */
export async function routeOf(
  build: ObservabilityOptions["build"],
  pathname: string,
  status: number,
): Promise<string> {
  const { routes } = typeof build === "function" ? await build() : build;
  return routeLabel(pathname, status, routes);
}

/**
 * An error thrown past the host's handlers: logged, reported, and a plain 500; or, when
 * the database was short (busy, unreachable, too slow), a 503 logged as overload.
 */
function answerUnhandledError(error: Error, c: Context): Response {
  if (error instanceof HTTPException) return error.getResponse();
  const unavailable = databaseUnavailability(error);
  if (unavailable) return unavailableResponse(c.req.raw, unavailable);
  const path = loggedPath(c.req.path);
  reportError(error, `Error while serving ${c.req.method} ${path}`, { method: c.req.method, path });
  return c.text("Internal Server Error", 500);
}
