import { rememberedLanguageRedirect } from "./language";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import type { PublicChanges } from "#server/cache/public-changes";
import type { CachedPage, PageStore } from "#server/cache/page-store";
import { publicPageTags } from "#server/cache/public-pages";
import type { PageFills } from "./page-fills";

/**
 * The page cache in front of React Router (ADR 024): an anonymous visitor's GET of a
 * public page is answered from memory with bytes compressed once, while the database's
 * notifications keep what is held current. Everyone else is rendered as before.
 */

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Shared caches may keep a page for 30 s and serve it 60 s more while they fetch it
 * again; browsers ask each time, and get a 304 when nothing changed.
 */
const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=60";
/** The page differs for signed-in visitors (the session cookie) and by encoding. */
const VARY = "Accept-Encoding, Cookie";
/** Signed-in visitors' copies of public pages name them in the navbar. */
const PRIVATE_CACHE_CONTROL = "private, no-store";

/** The site's own cookies: better-auth's session (`rcl.`, `__Host-rcl.`) and the redirect's toast (`rcl_flash`). */
const SITE_COOKIE = /(?:^|;)\s*(?:__Host-|__Secure-)?rcl[._]/;
/** Longer queries are someone's experiment, not a link; they are rendered and never held. */
const MAX_QUERY_LENGTH = 256;
/** Headers that belong to one response, not to the page. */
const PER_RESPONSE_HEADERS = new Set([
  "content-encoding",
  "content-length",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
]);
/** An inline script: its attributes, then its text. */
const INLINE_SCRIPT = /<script((?![^>]*\ssrc=)[^>]*)>([\s\S]*?)<\/script>/g;
const NONCE_SOURCE = /\s*'nonce-[^']*'/g;

type Encoding = keyof CachedPage["bodies"];

export type PageCacheVariables = {
  /**
   * Set while a page is rendered for the cache: the nonce that marks the site's own inline
   * scripts (then removed from the page), and no compression, the whole body.
   */
  pageCacheFill?: { marker: string };
};

export type PageCacheOptions = { store: PageStore; changes: PublicChanges; fills: PageFills };

/** Where a page came from: memory, memory while it is rendered again, or a render. */
type CacheResult = "hit" | "stale" | "miss";

/** br, then gzip, then none, as the request accepts (a `;q=0` refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return "identity";
}

/**
 * The cache key: origin, path and the query with its parameters sorted and empty ones
 * dropped, so `?type=&q=row` and `?q=row` are one page. Null when the query is too long,
 * or names a parameter twice: pages read the first value, so `?q=&q=row` shows what
 * `?q=` does and must not be held as `?q=row`.
 */
export function pageKey(url: URL): string | null {
  if (url.search.length > MAX_QUERY_LENGTH) return null;
  const names = [...url.searchParams.keys()];
  if (new Set(names).size !== names.length) return null;
  const params = [...url.searchParams].filter(([, value]) => value !== "");
  params.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  const query = new URLSearchParams(params).toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ""}`;
}

/**
 * The page's Content-Security-Policy with the inline scripts allowed by their hashes
 * instead of a nonce: a page served to many visitors cannot carry a secret per visitor,
 * and a nonce everyone can read would protect nothing. Only the scripts the site itself
 * rendered are hashed: they carry `marker`, a nonce made for this render and never sent.
 * A script that got into the page any other way (in a partner's text, past the
 * sanitizer) has no marker, so no hash, and the browser refuses it as before.
 */
export function hashedPolicy(policy: string, html: string, marker: string): string {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (!attributes.includes(` nonce="${marker}"`)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
  }
  return policy.replace(/(script-src[^;]*)/, (directive) => {
    const withoutNonce = directive.replace(NONCE_SOURCE, "");
    return hashes.size > 0 ? `${withoutNonce} ${[...hashes].join(" ")}` : withoutNonce;
  });
}

/** What a request asks of a held page: how it may be encoded, and what the browser already has. */
export type HeldPageRequest = { method: string; acceptEncoding?: string; ifNoneMatch?: string };

/** A held page's answer to one request, with plain headers, for Hono and for Node's own response alike. */
export type HeldPageAnswer = {
  status: number;
  headers: Record<string, string>;
  body: CachedPage["bodies"][Encoding] | null;
};

/** A page rendered for the cache that turned out to be one request's: a 404, a redirect. */
function answerOnce(c: Context, page: CachedPage): Response {
  const encoding = chooseEncoding(c.req.header("accept-encoding"));
  const headers = new Headers(page.headers);
  headers.set("Vary", VARY);
  const body = page.bodies[encoding];
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.byteLength));
  return new Response(body.byteLength > 0 ? body : null, { status: page.status, headers });
}

const etagMatches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined &&
  ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value.replace(/^W\//, "") === etag.replace(/^W\//, "");
  });

/**
 * A held page for one request: its bytes in the encoding the request accepts, or a 304
 * when the browser's copy is current. Header names are lower case, as the page's are.
 */
export function answerFromHeld(
  page: CachedPage,
  result: CacheResult,
  request: HeldPageRequest,
): HeldPageAnswer {
  const headers: Record<string, string> = Object.fromEntries(page.headers);
  headers["cache-control"] = PUBLIC_CACHE_CONTROL;
  headers.vary = VARY;
  headers.etag = page.etag;
  headers["x-page-cache"] = result;
  headers.age = String(Math.max(0, Math.floor((Date.now() - page.storedAt) / 1000)));
  if (etagMatches(request.ifNoneMatch, page.etag)) {
    delete headers["content-type"];
    delete headers["content-security-policy"];
    return { status: 304, headers, body: null };
  }
  const encoding = chooseEncoding(request.acceptEncoding);
  const body = page.bodies[encoding];
  if (encoding !== "identity") headers["content-encoding"] = encoding;
  headers["content-length"] = String(body.byteLength);
  return { status: page.status, headers, body: request.method === "HEAD" ? null : body };
}

function answer(c: Context, page: CachedPage, result: CacheResult): Response {
  const { status, headers, body } = answerFromHeld(page, result, {
    method: c.req.method,
    acceptEncoding: c.req.header("accept-encoding"),
    ifNoneMatch: c.req.header("if-none-match"),
  });
  return new Response(body, { status, headers });
}

/** How the cache treats a request: not a page it holds, a signed-in visitor's, one never held, or a held page's key. */
export type PageRequest =
  | { kind: "other" }
  | { kind: "private" }
  | { kind: "unheld" }
  | { kind: "public"; key: string; tags: string[] };

/**
 * Sorts a GET or HEAD: pages outside the cache, a visitor with one of the site's cookies
 * (signed in, or a toast to see), a key the cache refuses (see `pageKey`) or a moment
 * the database's notifications are not heard, and otherwise the page's key and tags.
 */
export function classifyPageRequest(
  method: string,
  url: URL,
  cookie: string | undefined,
  live: boolean,
): PageRequest {
  if (method !== "GET" && method !== "HEAD") return { kind: "other" };
  const tags = publicPageTags(url.pathname);
  if (!tags) return { kind: "other" };
  if (SITE_COOKIE.test(cookie ?? "")) return { kind: "private" };
  // A visitor who chose the other language is sent there (./language.ts), never served this one.
  if (rememberedLanguageRedirect(method, url, cookie)) return { kind: "other" };
  const key = pageKey(url);
  // Without the database's notifications, nothing held could be trusted to be current.
  if (key === null || !live) return { kind: "unheld" };
  return { kind: "public", key, tags };
}

/**
 * The rendered response as a page: its scripts allowed by hash (it was rendered without
 * a nonce), compressed in both encodings. `cacheable` only for a plain 200 that sets
 * nothing and may be stored: an error page, a redirect or a cookie belongs to one request.
 */
export async function toPage(
  response: Response,
  tags: string[],
  marker: string,
): Promise<{ page: CachedPage; cacheable: boolean }> {
  const isHtml = response.headers.get("content-type")?.startsWith("text/html") ?? false;
  let identity = new Uint8Array(await response.arrayBuffer());
  let html = "";
  if (isHtml) {
    const rendered = new TextDecoder().decode(identity);
    // The marker has done its work once the hashes are taken; the page shows no nonce.
    html = rendered.replaceAll(` nonce="${marker}"`, "");
    identity = new TextEncoder().encode(html);
    html = rendered;
  }
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) {
    if (PER_RESPONSE_HEADERS.has(name)) continue;
    headers.push([name, name === "content-security-policy" ? hashedPolicy(value, html, marker) : value]);
  }
  const [gzipped, brotlied] = await Promise.all([
    gzip(identity, { level: 9 }),
    // Quality 9 is within a few per cent of the maximum at a fraction of its time: a page is compressed once per change.
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
  ]);
  const page: CachedPage = {
    status: response.status,
    headers,
    bodies: { identity, gzip: new Uint8Array(gzipped), br: new Uint8Array(brotlied) },
    etag: `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
    tags,
    storedAt: Date.now(),
  };
  const cacheable =
    response.status === 200 &&
    !response.headers.has("set-cookie") &&
    // A page that fell back (the layout could not read the settings) says so.
    !/no-store/.test(response.headers.get("cache-control") ?? "");
  return { page, cacheable };
}

export function pageCache({ store, changes, fills }: PageCacheOptions): MiddlewareHandler<{
  Variables: PageCacheVariables;
}> {
  return async (c, next) => {
    // The site's own render of a page for the cache (./page-fills.ts): rendered like a
    // visitor's, with its scripts marked, for every visitor.
    const marker = fills.markerOf(c.req.raw);
    if (marker) {
      c.set("pageCacheFill", { marker });
      return next();
    }
    const method = c.req.method;
    const request = classifyPageRequest(method, new URL(c.req.url), c.req.header("cookie"), changes.live);
    if (request.kind === "other" || request.kind === "unheld") return next();
    // A signed-in visitor (or one with a toast to see) gets their own page, kept by nobody.
    if (request.kind === "private") {
      await next();
      c.res.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
      c.res.headers.set("Vary", VARY);
      return;
    }
    const { key, tags } = request;

    const held = store.get(key);
    if (held && !held.expired) return answer(c, held.page, "hit");
    if (held) {
      // Its time is up, but nothing it shows changed (a change purges it): every visitor
      // gets it at once while one render, started by the first, replaces it.
      void fills.refresh(key, tags, c.req.raw);
      return answer(c, held.page, "stale");
    }

    // Nothing held: one render, whose page every visitor who asks meanwhile gets.
    let fill = fills.pending(key, tags);
    const started = !fill;
    if (!fill) {
      // A HEAD renders no body to keep.
      if (method === "HEAD") return next();
      fill = fills.start(key, tags, c.req.raw);
    }
    const result = await fill.result;
    if (result?.stored) return answer(c, result.page, started ? "miss" : "hit");
    // The render's answer belongs to the request that asked for it: a 404, a redirect, or
    // a page whose data changed meanwhile, which is not held but was current when rendered.
    if (started && result)
      return result.cacheable ? answer(c, result.page, "miss") : answerOnce(c, result.page);
    // Those who waited for a page that was not held get their own.
    return next();
  };
}
