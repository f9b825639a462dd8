import { randomBytes } from "node:crypto";
import type { CachedPage, PageStore, PurgeStamp } from "#server/cache/page-store";
import { reportError } from "#server/error-reporting";
import { loggedPath } from "./request-log";
import { toPage } from "./page-cache";

/**
 * Renders of public pages for the page cache (ADR 024), one per page at a time. A render
 * is a request the site makes of itself, through the same middleware and router as a
 * visitor's, but it is nobody's: no visitor's leaving stops it, and the cache is filled
 * however many of those who asked for it are still there.
 */

/** What a render for the cache came to; null when it failed before there was a page. */
export type FillResult = {
  page: CachedPage;
  /** A plain 200 that sets nothing: the same for every anonymous visitor. */
  cacheable: boolean;
  /** Held now: cacheable, and nothing it shows changed while it was rendered. */
  stored: boolean;
} | null;

/** A render under way, and the point in the store's purges it started from. */
export type Fill = { since: PurgeStamp; result: Promise<FillResult> };

/**
 * The site's own render requests, each with the nonce that marks the inline scripts it
 * renders (hashed, then removed: page-cache.ts `hashedPolicy`). Kept by object, so no
 * header a visitor sends can pass for one.
 */
const fillMarkers = new WeakMap<Request, string>();

/**
 * The marker of a request the page cache made to render a page, undefined for any other.
 * Such a request is not a visit: it is neither logged nor counted as one.
 */
export function pageFillMarker(request: Request): string | undefined {
  return fillMarkers.get(request);
}

/** A visitor's conditional and range headers would ask the render for a 304 or a part of the page. */
const NOT_FORWARDED = [
  "if-none-match",
  "if-modified-since",
  "if-match",
  "if-unmodified-since",
  "if-range",
  "range",
];

export class PageFills {
  private readonly filling = new Map<string, Fill>();

  constructor(
    private readonly store: PageStore,
    /** Sends a request through the whole site, as a visitor's goes. */
    private readonly render: (request: Request) => Promise<Response>,
  ) {}

  /** The marker of a render this started, undefined for a visitor's request. */
  markerOf(request: Request): string | undefined {
    return pageFillMarker(request);
  }

  /**
   * The render of `key` under way whose page may still be held: not one that started
   * before a write changed what the page shows (its page would be refused, and is stale).
   */
  pending(key: string, tags: readonly string[]): Fill | undefined {
    const fill = this.filling.get(key);
    return fill && !this.store.purgedSince(tags, fill.since) ? fill : undefined;
  }

  /** The render of `key` under way, or a new one, for the request `from`: its URL and headers, never its signal. */
  refresh(key: string, tags: readonly string[], from: Request): Fill {
    return this.pending(key, tags) ?? this.start(key, tags, from);
  }

  /** Renders `key` for the cache as the visitor's request `from` asks for it, whoever else is rendering it. */
  start(key: string, tags: readonly string[], from: Request): Fill {
    const since = this.store.stamp();
    const headers = new Headers(from.headers);
    for (const name of NOT_FORWARDED) headers.delete(name);
    // A GET whatever the visitor sent (a HEAD renders no body to keep), and no signal: it runs to the end.
    const request = new Request(from.url, { method: "GET", headers });
    const marker = randomBytes(18).toString("base64url");
    fillMarkers.set(request, marker);
    const fill: Fill = { since, result: this.run(key, tags, request, marker, since) };
    this.filling.set(key, fill);
    void fill.result.finally(() => {
      if (this.filling.get(key) === fill) this.filling.delete(key);
    });
    return fill;
  }

  private async run(
    key: string,
    tags: readonly string[],
    request: Request,
    marker: string,
    since: PurgeStamp,
  ): Promise<FillResult> {
    try {
      const response = await this.render(request);
      const { page, cacheable } = await toPage(response, [...tags], marker);
      const stored = cacheable && this.store.set(key, page, since);
      // A page that is now a 404 or a redirect is no longer one to hold: its old copy goes.
      // A failure (5xx, the database gone) leaves the old copy served until its stale time
      // ends; the next visitor tries again.
      if (!cacheable && response.status < 500) this.store.forgetExpired(key);
      return { page, cacheable, stored };
    } catch (error) {
      const path = loggedPath(new URL(request.url).pathname);
      reportError(error, `Error while rendering GET ${path} for the page cache`, { method: "GET", path });
      return null;
    }
  }
}
