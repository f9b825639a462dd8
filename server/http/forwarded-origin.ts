import type { IncomingHttpHeaders, IncomingMessage, RequestListener } from "node:http";
import type { TLSSocket } from "node:tls";

export type Origin = { protocol: "http" | "https"; host: string };

/**
 * A host as it may appear in a URL: a DNS name or IPv4 address, or an IPv6 address in
 * brackets, with an optional port. Anything else (a path, credentials, spaces) is refused.
 */
const HOST =
  /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/;

/** `value` in lower case when it is a valid host (with an optional port), else undefined. */
export function validHost(value: string | undefined): string | undefined {
  const host = value?.trim().toLowerCase();
  if (!host || host.length > 255) return undefined;
  const match = HOST.exec(host);
  if (!match) return undefined;
  const port = match[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return undefined;
  return URL.canParse(`http://${host}/`) ? host : undefined;
}

/**
 * The entry of a comma-separated forwarded header that the outermost of `trustedProxies`
 * proxies wrote: as for X-Forwarded-For (./client-ip.ts), each proxy adds its entry on the
 * right, so entries further left than the N-th from the right came from the client. A
 * proxy that replaces the header leaves one entry, which is then the one taken.
 */
function trustedEntry(value: string | string[] | undefined, trustedProxies: number): string | undefined {
  const joined = Array.isArray(value) ? value.join(",") : value;
  if (!joined) return undefined;
  const entries = joined
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.at(-Math.min(trustedProxies, entries.length));
}

/**
 * The scheme and host the visitor used, as the trusted proxies in front of the site report
 * them in X-Forwarded-Proto and X-Forwarded-Host; undefined when no proxy is trusted (then
 * these headers are the client's own and change nothing). A forwarded value that is not a
 * valid scheme or host is ignored: the connection's own scheme and Host header are used.
 */
export function forwardedOrigin(
  headers: IncomingHttpHeaders,
  trustedProxies: number,
  encrypted: boolean,
): Origin | undefined {
  if (trustedProxies < 1) return undefined;
  const proto = trustedEntry(headers["x-forwarded-proto"], trustedProxies)?.toLowerCase();
  const host =
    validHost(trustedEntry(headers["x-forwarded-host"], trustedProxies)) ?? validHost(headers.host);
  if (!host) return undefined;
  const protocol = proto === "http" || proto === "https" ? proto : encrypted ? "https" : "http";
  return { protocol, host };
}

/** The path and query of a request target, in origin form ("/path?query"), or undefined. */
function originFormOf(target: string | undefined): string | undefined {
  if (!target) return undefined;
  if (target.startsWith("/")) return target;
  if (!/^https?:\/\//i.test(target) || !URL.canParse(target)) return undefined;
  const url = new URL(target);
  return `${url.pathname}${url.search}`;
}

/**
 * Wraps the host's request listener so that, behind `trustedProxies` proxies, each request
 * reaches the app with the URL the visitor asked for: `https://rcl.dk/login` rather than the
 * `http://10.0.0.5:3000/login` the proxy called. The listener (@hono/node-server) takes an
 * absolute request target as the request's URL, so the target is rewritten to one. React
 * Router's CSRF check compares the browser's Origin with that URL, and the host's checks
 * and headers use it too. Without trusted proxies the listener is returned unchanged.
 */
export function withForwardedOrigin(listener: RequestListener, trustedProxies: number): RequestListener {
  if (trustedProxies < 1) return listener;
  return (req: IncomingMessage, res) => {
    const encrypted = (req.socket as Partial<TLSSocket>).encrypted === true;
    const origin = forwardedOrigin(req.headers, trustedProxies, encrypted);
    const target = originFormOf(req.url);
    if (origin && target) req.url = `${origin.protocol}://${origin.host}${target}`;
    return listener(req, res);
  };
}
