import type { RequestListener } from "node:http";
import { language } from "./language";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { DatabaseHandle } from "#server/db/client";
import { authHeaders, type Auth } from "#server/auth/auth";
import type { MailQueue } from "#server/email/enqueue-email";
import type { FileStore } from "#server/storage/file-store";
import { contentTypeOf, isFileKey } from "#server/storage/keys";
import { reportError } from "#server/error-reporting";
import { log, logRequestLine } from "#server/log";
import { IMAGE_UPLOAD_PATH, MAX_IMAGE_BYTES, MAX_IMAGE_MEGABYTES } from "~/lib/images";
import { CLIENT_ERROR_PATH } from "~/lib/client-errors";
import type { PageCache } from "#server/cache/page-cache";
import type { PageViewCounter } from "#server/analytics/page-view-counter";
import { viewedEventSlug } from "#server/analytics/record-page-view";
import { withSafeAuthRedirects } from "./auth-redirects";
import { limitBody } from "./body-limit";
import { forwardedClientIp } from "./client-ip";
import { healthChecks } from "./health";
import { markCookiesSecure } from "./cookies";
import { answerHeldPages } from "./held-pages";
import { createMetrics, type Metrics } from "./metrics";
import { mailPreviews } from "./mail-preview";
import { refuseNulCharacters } from "./nul-characters";
import { observe, routeOf } from "./observability";
import { unavailableResponse } from "./overload";
import type { Unavailability } from "#server/db/unavailable";
import { pageCache as servePageCache, type PageCacheVariables } from "./page-cache";
import { pageFillMarker, PageFills } from "./page-fills";
import { NEVER_SHUTTING_DOWN, type ShutdownSignals } from "./shutdown";
import { CSP_REPORT_BODY_BYTES, CSP_REPORT_GROUP, CSP_REPORT_PATH, receiveCspReport } from "./csp-reports";
import { CLIENT_ERROR_BODY_BYTES, receiveClientError } from "./client-errors";
import { PAYMENT_WEBHOOK_PATHS, receivePaymentWebhook } from "./payment-webhooks";
import { MAX_STATEMENT_BYTES } from "#server/payments/read-bank-statement";
import "#server/context";
import type { ForecastSource } from "#server/weather/fetch-forecasts";
import type { PaymentProvider } from "#server/online-payments/providers/payment-provider";
import { m } from "~/paraglide/messages";

export type HttpAppOptions = {
  database: DatabaseHandle;
  auth: Auth;
  jobs: MailQueue;
  /** Where uploads are stored; the host serves them under /uploads. */
  files: FileStore;
  /** Who takes online payments (ADR 036); its webhooks arrive at /api/payments/webhooks/<provider>. */
  payments: PaymentProvider;
  /** The public origin (BASE_URL). */
  baseUrl: string;
  /** What signs rowers' seat links, which need no account (ADR 038). */
  seatLinks: { authSecret: string };
  /** Where "Fetch now" on the weather board asks DMI (ADR 038); not configured when not given. */
  forecast?: ForecastSource;
  /** How many proxies in front of the site to trust for X-Forwarded-For (TRUST_PROXY); 0 for none. */
  trustProxy?: number;
  /** The React Router server build, or a loader for it (the dev server reloads it). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  /** Folder of the client build; absent in development, where Vite serves assets. */
  clientDir?: string;
  /** METRICS_TOKEN: the Bearer token /metrics asks for; without one there is no /metrics. */
  metricsToken?: string;
  /** The host's shutdown: /readyz and /healthz report draining, live streams end when it closes. */
  shutdown?: ShutdownSignals;
  /** Rendered public pages for anonymous visitors (ADR 024); without one, every page is rendered. */
  pageCache?: PageCache;
  /** Where event page views are counted, for pages rendered and pages served from the cache alike. */
  pageViews: PageViewCounter;
};

type HostEnv = { Variables: { secureHeadersNonce?: string } & PageCacheVariables };

const ONE_YEAR = 60 * 60 * 24 * 365;
/** OWASP ASVS asks for at least a year. */
const HSTS = `max-age=${ONE_YEAR}; includeSubDomains`;

/**
 * Serves files from `root`, marking each file found with the given Cache-Control. A text
 * file is sent as its .br or .gz copy, made by the build (scripts/compress-client.mjs),
 * when the client accepts that encoding: with Content-Encoding, Vary and the copy's
 * Content-Length, which the compress middleware leaves alone.
 */
const staticFiles = (root: string, cacheControl: string): MiddlewareHandler => {
  const serve = serveStatic({ root, precompressed: true });
  return async (c, next) => {
    // A path with no file on disk (robots.txt, sitemap.xml, an .ics) goes on to the router,
    // which has answered by the time `serve` returns.
    let passedOn = false;
    const response = await serve(c, async () => {
      passedOn = true;
      await next();
    });
    if (passedOn || !(response instanceof Response)) return;
    // Set on the response itself: serveStatic's onFound runs after the response is made,
    // and a header set then can be lost.
    response.headers.set("Cache-Control", cacheControl);
    return response;
  };
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Every form of the site fits in a small fraction of this, even with a full team roster. */
const MAX_BODY_BYTES = 1024 * 1024;
/** The image upload: one file of at most 10 MB, and room for the multipart framing and the partner's id. */
const MAX_UPLOAD_BODY_BYTES = MAX_IMAGE_BYTES + 64 * 1024;
/**
 * The editors with a rich-text field: room for a description far over its limit, so the
 * form's own check answers next to the field (and keeps the text) instead of a bare 413.
 */
const EDITOR_BODY_BYTES = 4 * 1024 * 1024;
/**
 * The bank statement upload: room for a file twice the size it accepts, so a file over
 * the limit is refused with the page's own message next to the field, not a bare 413.
 */
const BANK_STATEMENT_BODY_BYTES = 2 * MAX_STATEMENT_BYTES;
const BANK_STATEMENT_PATHS = /^\/dashboard\/(partner|admin)\/invoices\/bank-statement(\.data)?$/;
const EDITOR_PATHS = /^\/dashboard\/partner\/(profile|events\/[^/]+)(\.data)?$/;
/** Kept by the browser alone, and revalidated before every use. */
const REVALIDATED_PRIVATELY = "private, no-cache";
const PRIVATE_PATHS = /^\/(dashboard|api\/auth|login|signup|logout|forgot-password|reset-password)(\/|\.|$)/;

/** A rower's "stop reminders" link (app/routes/stop-reminders.$token.tsx), in either language. */
const STOP_REMINDERS_PATH = /^(\/da)?\/stop-reminders\/[^/]+$/;

/** The origin of a Referer, for old browsers that send no Origin header. */
function originOf(url: string | undefined): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  return new URL(url).origin;
}

let proxyWarned = false;
/**
 * A form posted from a page at BASE_URL arrived for another origin: the site runs behind a
 * proxy it does not trust, so it cannot know the visitor's URL. Said once, for the operator.
 */
function warnProxyOnce(requestOrigin: string) {
  if (proxyWarned) return;
  proxyWarned = true;
  log.warn(
    `A form from BASE_URL's origin arrived as ${requestOrigin} and was refused. ` +
      "If the site runs behind a proxy, set TRUST_PROXY to the number of proxies in front of it.",
  );
}

/** The visitor's address: the socket's peer, or behind trusted proxies the address they saw. */
function clientIp(c: Context, trustProxy: number): string {
  const forwarded = forwardedClientIp(c.req.header("x-forwarded-for"), trustProxy);
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // Requests made in-process (tests) have no socket.
    return "unknown";
  }
}

/**
 * The site: `listener` is what the host serves, Node's request listener, which answers
 * pages the cache holds before Hono (./held-pages.ts) and hands everything else to
 * `app`; tests also request `app` in-process.
 */
export function createSite(options: HttpAppOptions): {
  app: Hono<HostEnv>;
  listener: RequestListener;
  /** The page cache's renders, when there is a page cache. */
  fills?: PageFills;
} {
  const { app, metrics, fills } = buildApp(options);
  return { app, listener: siteListener(options, app, metrics, fills), fills };
}

function siteListener(
  { pageCache, pageViews, build, trustProxy = 0 }: HttpAppOptions,
  app: Hono<HostEnv>,
  metrics: Metrics | undefined,
  fills: PageFills | undefined,
): RequestListener {
  const serveApp = getRequestListener(app.fetch);
  if (!pageCache) return serveApp;
  const answerHeld = answerHeldPages({
    pageCache,
    trustProxy,
    rendering: (key, tags) => fills?.pending(key, tags) !== undefined,
    served: ({ requestId, method, url, path, status, seconds, headers, cache }) => {
      logRequestLine({ requestId, method, path, status, seconds });
      const get = (name: string) => {
        const value = headers[name];
        return (Array.isArray(value) ? value.join(", ") : value) ?? null;
      };
      const failed = (error: unknown) =>
        log.error({ err: error }, "Counting a page served from the cache failed");
      // Each apart, so a failure of one leaves the other counted.
      try {
        const slug = viewedEventSlug({ method, url: url.href, headers: { get } }, status);
        if (slug) pageViews.add(slug).catch(failed);
      } catch (error) {
        failed(error);
      }
      if (metrics) {
        routeOf(build, url.pathname, status)
          .then((route) => metrics.observeRequest({ method, route, status, seconds, pageCache: cache }))
          .catch(failed);
      }
    },
  });
  return (req, res) => {
    try {
      if (answerHeld(req, res)) return;
    } catch (error) {
      // A failure here would otherwise escape Node's request handler and end the process.
      reportError(error, `Error while answering ${req.method} from the page cache`, {
        method: req.method ?? "",
      });
      // Nothing sent yet: the site renders the page instead. Sent: the answer stands.
      if (res.headersSent) return;
    }
    void serveApp(req, res);
  };
}

function buildApp({
  database,
  auth,
  jobs,
  files,
  payments,
  baseUrl,
  seatLinks,
  forecast = { config: { url: "", timeoutMs: 10_000 } },
  trustProxy = 0,
  build,
  mode,
  clientDir,
  metricsToken,
  shutdown = NEVER_SHUTTING_DOWN,
  pageCache,
  pageViews,
}: HttpAppOptions) {
  const app = new Hono<HostEnv>();
  const metrics = metricsToken ? createMetrics({ database }) : undefined;
  // A page rendered for the cache is the site's own request, no visitor's: not logged, not a view.
  const isPageFill = (request: Request) => pageFillMarker(request) !== undefined;
  observe(app, { metrics, build, trustProxy, metricsToken, unlogged: isPageFill });

  // Outside the page cache, so a page served from memory is a view like one rendered.
  app.use("*", async (c, next) => {
    if (isPageFill(c.req.raw)) return next();
    await next();
    const slug = viewedEventSlug(c.req.raw, c.res.status);
    if (slug) await pageViews.add(slug);
  });
  // Before the page cache: a page is rendered, and held, in its URL's language.
  app.use("*", language());
  // Before anything reads the URL (the page cache, the router): its answer is in the URL's language.
  app.use("*", refuseNulCharacters());
  // Before the security headers and compression: a page held in memory carries its own.
  // Its renders go through the whole site, as a visitor's request does, without being one.
  const fills = pageCache && new PageFills(pageCache.store, async (request) => app.fetch(request));
  if (pageCache && fills) app.use("*", servePageCache({ ...pageCache, fills }));

  // The check-in page alone compiles WebAssembly, zxing's code reader where the phone has
  // no BarcodeDetector (ADR 038); no other page's policy allows it. Before the security headers,
  // which write the policy once the page is answered.
  app.use("/dashboard/partner/check-in/:eventId", async (c, next) => {
    await next();
    const policy = c.res.headers.get("Content-Security-Policy");
    if (policy) {
      c.res.headers.set(
        "Content-Security-Policy",
        policy.replace(/script-src ([^;]*)/, "script-src $1 'wasm-unsafe-eval'"),
      );
    }
  });
  app.use(
    secureHeaders({
      // Vite's dev server injects inline scripts and a websocket; the policy is for real deployments.
      contentSecurityPolicy:
        mode === "production"
          ? {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", NONCE],
              // Inline <style> elements stay allowed: Radix's dialogs (react-remove-scroll-bar)
              // write one whose rules hold the visitor's scrollbar width, which no hash can
              // match, and held pages carry no nonce (docs/decisions/019-security-hardening.md).
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", "data:"],
              fontSrc: ["'self'"],
              connectSrc: ["'self'"],
              // No page of the site is framed, not even by the site itself; X-Frame-Options says the same.
              frameAncestors: ["'none'"],
              // The site sets no <base>; an injected one could redirect relative script URLs.
              baseUri: ["'none'"],
              formAction: ["'self'"],
              objectSrc: ["'none'"],
              // Violations are reported to the site, which logs them (server/http/csp-reports.ts):
              // report-to for browsers with the Reporting API, report-uri for the others.
              reportTo: CSP_REPORT_GROUP,
              reportUri: [CSP_REPORT_PATH],
            }
          : undefined,
      reportingEndpoints:
        mode === "production" ? [{ name: CSP_REPORT_GROUP, url: `${baseUrl}${CSP_REPORT_PATH}` }] : undefined,
      // For browsers without CSP's frame-ancestors, in development too; it agrees with 'none'.
      xFrameOptions: "DENY",
      // Set below, only on answers served over https (browsers ignore it over http anyway).
      strictTransportSecurity: false,
      referrerPolicy: "strict-origin-when-cross-origin",
      crossOriginEmbedderPolicy: false,
    }),
  );
  const compressResponse = compress();
  // A compressed event stream would be held back in the compressor's buffer.
  // A page rendered for the cache is compressed there, once for every visitor.
  app.use("*", (c, next) =>
    c.req.header("accept")?.includes("text/event-stream") || c.get("pageCacheFill")
      ? next()
      : compressResponse(c, next),
  );

  // Over https (the visitor's URL, as trusted proxies report it, or an https BASE_URL):
  // browsers keep to https for a year, and every cookie the site sets is Secure. better-auth
  // marks its own; this covers the rest, such as the flash cookie.
  const httpsBaseUrl = new URL(baseUrl).protocol === "https:";
  app.use("*", async (c, next) => {
    await next();
    if (!httpsBaseUrl && new URL(c.req.url).protocol !== "https:") return;
    if (mode === "production") c.res.headers.set("Strict-Transport-Security", HSTS);
    markCookiesSecure(c.res.headers);
  });

  // Cross-site request forgery: a state-changing request must come from a page of this site.
  // The origin is the request's own, as React Router's check for actions takes it, so the
  // two agree; behind a proxy it is the visitor's origin only when TRUST_PROXY is set.
  // CSP reports are exempt: browsers send them without an Origin, or with "null" or the
  // origin of the page that broke the policy, and no cookies. The endpoint changes nothing
  // but a log line and its own rate limit, so a forged report can do no harm a limit
  // does not bound. Reports of browser errors are not exempt: the site's own pages send
  // them, with their origin, and nobody else may write to its log and error tracker.
  app.use("*", async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (c.req.path === CSP_REPORT_PATH) return next();
    // A payment provider's webhook is a server's request, with no Origin: its signature is its proof.
    if (PAYMENT_WEBHOOK_PATHS.test(c.req.path)) return next();
    const origin = c.req.header("origin") ?? originOf(c.req.header("referer"));
    // A mail provider's one-click "stop reminders" (RFC 8058) is a server's POST, with no
    // Origin: the link's token is its proof, and all it can do is stop one seat's reminders.
    // A browser's cross-site form has an Origin, and is refused below.
    if (!origin && STOP_REMINDERS_PATH.test(c.req.path)) return next();
    const requestOrigin = new URL(c.req.url).origin;
    if (!origin || origin !== requestOrigin) {
      if (origin === new URL(baseUrl).origin) warnProxyOnce(requestOrigin);
      return c.text(m.err_cross_site_form(), 403);
    }
    return next();
  });

  // A larger body is refused before anything reads it into memory: by its Content-Length,
  // or once a body sent without one passes the limit. The connection survives the refusal
  // (server/http/body-limit.ts).
  const tooLarge = (c: Context) => c.text(m.err_request_too_large(), 413);
  const siteBodyLimit = limitBody(MAX_BODY_BYTES, tooLarge);
  const uploadBodyLimit = limitBody(MAX_UPLOAD_BODY_BYTES, (c) => {
    // The upload field's own words for a file over the limit (~/lib/images).
    const message = m.images_file_too_large({ megabytes: MAX_IMAGE_MEGABYTES });
    return c.json({ error: message, fields: { file: message } }, 413);
  });
  const editorBodyLimit = limitBody(EDITOR_BODY_BYTES, tooLarge);
  const bankStatementBodyLimit = limitBody(BANK_STATEMENT_BODY_BYTES, tooLarge);
  const reportBodyLimit = limitBody(CSP_REPORT_BODY_BYTES, tooLarge);
  const clientErrorBodyLimit = limitBody(CLIENT_ERROR_BODY_BYTES, tooLarge);
  app.use("*", (c, next) => {
    if (c.req.path === IMAGE_UPLOAD_PATH) return uploadBodyLimit(c, next);
    if (EDITOR_PATHS.test(c.req.path)) return editorBodyLimit(c, next);
    if (BANK_STATEMENT_PATHS.test(c.req.path)) return bankStatementBodyLimit(c, next);
    if (c.req.path === CSP_REPORT_PATH) return reportBodyLimit(c, next);
    if (c.req.path === CLIENT_ERROR_PATH) return clientErrorBodyLimit(c, next);
    return siteBodyLimit(c, next);
  });

  // Personal pages and anything that sets a cookie must never sit in a shared cache. A
  // response that asks the browser alone to keep it and to ask again each time (the check-in
  // roster, revalidated by its ETag) keeps its own header.
  app.use("*", async (c, next) => {
    await next();
    if (c.res.headers.get("Cache-Control") === REVALIDATED_PRIVATELY) return;
    if (PRIVATE_PATHS.test(c.req.path) || c.res.headers.has("set-cookie")) {
      c.res.headers.set("Cache-Control", "private, no-store");
    }
  });

  app.route("/", healthChecks({ database, shutdown }));
  // Every mail as it looks, for whoever works on them; never served by a deployment.
  if (mode === "development") app.route("/dev/mail", mailPreviews(database.db));

  if (clientDir) {
    // File names under /assets carry a content hash, so they never change.
    app.use("/assets/*", staticFiles(clientDir, `public, max-age=${ONE_YEAR}, immutable`));
    const publicFiles = staticFiles(clientDir, "public, max-age=3600");
    // Only paths that name a file (favicon.svg, images/…) are looked up on disk; pages are not.
    app.use("*", async (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? publicFiles(c, next) : next()));
  }

  // Uploaded files, from whichever store holds them. Their names carry a content hash and
  // never change, so browsers and CDNs may keep them for a year.
  app.get("/uploads/:key", async (c) => {
    const key = c.req.param("key");
    const file = isFileKey(key) ? await files.get(key) : null;
    if (!file) return c.text(m.err_file_not_found(), 404);
    const headers: Record<string, string> = {
      "Content-Type": contentTypeOf(key),
      "Cache-Control": `public, max-age=${ONE_YEAR}, immutable`,
      "X-Content-Type-Options": "nosniff",
    };
    if (file.size !== undefined) headers["Content-Length"] = String(file.size);
    return new Response(c.req.method === "HEAD" ? null : file.body, { headers });
  });

  app.post(CSP_REPORT_PATH, (c) => receiveCspReport(c, database.db, clientIp(c, trustProxy)));
  app.post(CLIENT_ERROR_PATH, (c) => receiveClientError(c, database.db, clientIp(c, trustProxy)));
  app.post("/api/payments/webhooks/:provider", (c) =>
    receivePaymentWebhook(c, { db: database.db, jobs, baseUrl, payments }),
  );

  // better-auth's own endpoints: email verification and reset links land here.
  app.on(["GET", "POST"], "/api/auth/*", (c) => {
    // Only same-site redirect targets reach better-auth, whose own check lets some through.
    const request = withSafeAuthRedirects(c.req.raw, baseUrl);
    // better-auth keys its rate limits by the client address header, set from the real peer.
    return auth.handler(new Request(request, { headers: authHeaders(request, clientIp(c, trustProxy)) }));
  });

  const handleRequest = createRequestHandler(build, mode);
  app.all("*", async (c) => {
    let unavailable: Unavailability | undefined;
    const response = await handleRequest(
      c.req.raw,
      Object.assign(new RouterContextProvider(), {
        db: database.db,
        auth,
        jobs,
        files,
        payments,
        baseUrl,
        seatLinks,
        forecast,
        clientIp: clientIp(c, trustProxy),
        // A page for the cache marks its own scripts with a nonce never sent, to be hashed and removed.
        cspNonce: c.get("pageCacheFill")?.marker ?? c.get("secureHeadersNonce"),
        closing: shutdown.closing,
        reportUnavailable: (why: Unavailability) => {
          unavailable ??= why;
        },
      }),
    );
    if (!unavailable) return response;
    // React Router rendered its 500 page; the visitor gets the busy page instead.
    await response.body?.cancel();
    return unavailableResponse(c.req.raw, unavailable);
  });

  return { app, metrics, fills };
}
