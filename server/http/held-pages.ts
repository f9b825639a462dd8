import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import type { PageCache } from "#server/cache/page-cache";
import { answerFromHeld, classifyPageRequest } from "./page-cache";
import { loggedPath, REQUEST_ID_HEADER, requestIdOf } from "./request-log";

/** A request answered from the page cache before it reached Hono, for the log, the metrics and the view count. */
export type HeldPageServed = {
  requestId: string;
  method: string;
  url: URL;
  /** The path as it may be logged. */
  path: string;
  status: number;
  seconds: number;
  headers: IncomingHttpHeaders;
  /** From memory, or from memory while the page is rendered again (its X-Page-Cache). */
  cache: "hit" | "stale";
};

export type HeldPagesOptions = {
  pageCache: PageCache;
  /** TRUST_PROXY: whether a proxy's X-Request-Id is kept. */
  trustProxy: number;
  /** Told of every request answered here, after its response is written. */
  served: (request: HeldPageServed) => void;
  /**
   * Whether a render of the page is under way (./page-fills.ts): then an expired page is
   * served here too. Without one it goes on to the site, which starts it.
   */
  rendering?: (key: string, tags: readonly string[]) => boolean;
};

/**
 * The URL Hono would see for this request (@hono/node-server builds it the same way):
 * an absolute target as it is (./forwarded-origin.ts writes one behind trusted proxies),
 * else the Host header on the connection's scheme. Null for anything unusual, which is
 * left to Hono to accept or refuse.
 */
function requestUrl(req: IncomingMessage): URL | null {
  const target = req.url ?? "";
  // The URL parser reads a backslash in the path as a slash; @hono/node-server refuses it.
  if (target.split("?", 1)[0]!.includes("\\")) return null;
  if (target.startsWith("http://") || target.startsWith("https://")) {
    return URL.canParse(target) ? new URL(target) : null;
  }
  const host = req.headers.host;
  if (!host || !target.startsWith("/")) return null;
  const scheme = (req.socket as Partial<TLSSocket>).encrypted === true ? "https" : "http";
  const href = `${scheme}://${host}${target}`;
  if (!URL.canParse(href)) return null;
  const url = new URL(href);
  // A Host header the URL parser rewrote (credentials, odd characters) is not a plain host.
  return url.host === host.toLowerCase() ? url : null;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : value);

/**
 * Answers a request for a held page straight from Node's request handler, without Hono
 * (ADR 024): a held page is bytes already compressed, and turning each request into a
 * web Request and each answer into a Response, through every middleware, cost more than
 * the rest of serving it. The answer is the one the page cache's middleware gives (same
 * bytes, headers and 304s), with the request's id, a log line, the metrics and the view
 * count. Returns false, having written nothing, for every request it does not answer.
 */
export function answerHeldPages({ pageCache, trustProxy, served, rendering }: HeldPagesOptions) {
  const { store, changes } = pageCache;
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const { method } = req;
    if (method !== "GET" && method !== "HEAD") return false;
    const started = performance.now();
    const url = requestUrl(req);
    if (!url) return false;
    const request = classifyPageRequest(method, url, req.headers.cookie, changes.live);
    if (request.kind !== "public") return false;
    const held = store.get(request.key);
    if (!held) return false;
    // An expired page is served while one render replaces it; the site starts that render.
    if (held.expired && !rendering?.(request.key, request.tags)) return false;
    const cache = held.expired ? "stale" : "hit";

    const { status, headers, body } = answerFromHeld(held.page, cache, {
      method,
      acceptEncoding: header(req.headers["accept-encoding"]),
      ifNoneMatch: header(req.headers["if-none-match"]),
    });
    const requestId = requestIdOf(header(req.headers[REQUEST_ID_HEADER.toLowerCase()]), trustProxy);
    headers[REQUEST_ID_HEADER.toLowerCase()] = requestId;
    res.writeHead(status, headers);
    res.end(body);
    served({
      requestId,
      method,
      url,
      path: loggedPath(url.pathname),
      status,
      seconds: (performance.now() - started) / 1000,
      headers: req.headers,
      cache,
    });
    return true;
  };
}
