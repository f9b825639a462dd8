/**
 * Errors in the visitor's browser, reported to the site so they reach its log (and Sentry
 * when it is configured): what the browser sends, and the listeners that send it. The
 * server's endpoint is server/http/client-errors.ts.
 */

export const CLIENT_ERROR_PATH = "/api/client-errors";

/**
 * - `error`: an exception no code caught (the window's "error" event, where React's uncaught ones go too);
 * - `unhandledrejection`: a promise rejected with nobody to handle it;
 * - `render`: a page's component threw, and its error boundary shows instead;
 * - `hydration`: the browser's first render did not match the server's HTML.
 */
export const CLIENT_ERROR_KINDS = ["error", "unhandledrejection", "render", "hydration"] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** The longest text the server takes in each field; the browser cuts its own to fit. */
export const CLIENT_ERROR_LIMITS = { message: 1000, url: 1000, stack: 4000 } as const;

/** A page load sends at most this many reports, each different: a loop that throws stays quiet. */
const MAX_REPORTS_PER_PAGE = 5;

type Where = { filename?: string; lineno?: number; colno?: number };

const clip = (text: string | undefined, max: number) => text?.slice(0, max);

/**
 * Listens for the window's uncaught errors and unhandled rejections and sends each to the
 * site (same origin, surviving the page's unload); returns the sender, for React's hooks.
 * A page's address goes without its query or fragment, which may hold a token.
 */
export function reportBrowserErrors(): (kind: ClientErrorKind, error: unknown, where?: Where) => void {
  const sent = new Set<string>();
  const send = (kind: ClientErrorKind, error: unknown, where: Where = {}) => {
    const message = clip(error instanceof Error ? error.message : String(error), CLIENT_ERROR_LIMITS.message);
    const key = `${kind} ${message}`;
    if (sent.size >= MAX_REPORTS_PER_PAGE || sent.has(key)) return;
    sent.add(key);
    const report = {
      kind,
      message,
      page: location.origin + location.pathname,
      source: clip(where.filename, CLIENT_ERROR_LIMITS.url),
      line: where.lineno,
      column: where.colno,
      stack: clip(error instanceof Error ? error.stack : undefined, CLIENT_ERROR_LIMITS.stack),
    };
    fetch(CLIENT_ERROR_PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => undefined);
  };
  addEventListener("error", (event) => send("error", event.error ?? event.message, event));
  addEventListener("unhandledrejection", (event) => send("unhandledrejection", event.reason));
  return send;
}
