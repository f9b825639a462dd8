import { isbot } from "isbot";

/**
 * Headers browsers put on a request made ahead of time, in case the page is opened
 * later: speculation rules and <link rel="prefetch"> (Sec-Purpose, Purpose), and old
 * Firefox (X-Moz). A prerender says "prefetch;prerender".
 */
const PREFETCH_HEADERS = ["sec-purpose", "purpose", "x-moz"];

/** What the view count reads of a request: a web Request, or the same read from Node's. */
export type ViewedRequest = { method: string; url: string; headers: { get(name: string): string | null } };

/** Visitors' browsers are few next to their page views, and isbot's pattern is long. */
const knownAgents = new Map<string, boolean>();
const MAX_KNOWN_AGENTS = 1000;
const MAX_KEPT_AGENT_LENGTH = 512;

function isCrawler(userAgent: string): boolean {
  const known = knownAgents.get(userAgent);
  if (known !== undefined) return known;
  const crawler = isbot(userAgent);
  // Real browsers' agents are short; a long one is checked each time rather than held.
  if (userAgent.length > MAX_KEPT_AGENT_LENGTH) return crawler;
  // Forgotten all at once when full: a flood of made-up agents costs what it did before.
  if (knownAgents.size >= MAX_KNOWN_AGENTS) knownAgents.clear();
  knownAgents.set(userAgent, crawler);
  return crawler;
}

/**
 * Whether a request for an event page is a person opening it: a GET (a document load or
 * a client-side navigation's `.data` request alike), from a browser that is not a
 * crawler, and not a prefetch. A request without a User-Agent is a script, not a person.
 */
export function countsAsPageView(request: ViewedRequest): boolean {
  if (request.method !== "GET") return false;
  const userAgent = request.headers.get("user-agent");
  if (!userAgent || isCrawler(userAgent)) return false;
  return !PREFETCH_HEADERS.some((name) => /prefetch/i.test(request.headers.get(name) ?? ""));
}

const EVENT_PAGE = /^(?:\/da)?\/events\/([a-z0-9][a-z0-9-]*)(\.data)?$/;
/** The event page's routes, English and Danish, as a client navigation's `_routes` names the loaders it wants. */
const EVENT_ROUTES = ["routes/events.$slug", "da/routes/events.$slug"];

/**
 * The event whose page a person just saw, by its slug, or null: the request counts
 * (`countsAsPageView`), it was for an event page (or the page's data on a client-side
 * navigation that ran its loader), and the page was shown (200, or 304 when the browser
 * showed its copy; a draft or unknown event is a 404). Whether served from the page cache or rendered, it is the same view.
 */
export function viewedEventSlug(request: ViewedRequest, status: number): string | null {
  // A 304 is the browser showing the page it kept, after asking: a view too.
  if (status !== 200 && status !== 304) return null;
  const url = new URL(request.url);
  const match = EVENT_PAGE.exec(url.pathname);
  // The path first: the crawler check is the costly part, and runs on every response.
  if (!match || !countsAsPageView(request)) return null;
  const routes = url.searchParams.get("_routes");
  if (match[2] && routes !== null && !routes.split(",").some((route) => EVENT_ROUTES.includes(route)))
    return null;
  return match[1]!;
}
