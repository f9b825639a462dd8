/**
 * The rendered public pages an instance holds in memory (ADR 024): each already
 * compressed, tagged with what it shows, least recently used first out once the bytes
 * pass the limit. Tags are purged when the database says what changed.
 */
export type CachedPage = {
  status: number;
  /** Response headers as sent, without Content-Encoding and Content-Length. */
  headers: [string, string][];
  /** The same bytes in each encoding a browser may accept. */
  bodies: { identity: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer>; br: Uint8Array<ArrayBuffer> };
  /** A weak ETag: the same page in any encoding has the same one. */
  etag: string;
  tags: readonly string[];
  /** When the store took the page, by its clock. */
  storedAt: number;
};

/**
 * A page the store holds, and whether its time is up. An expired page is still served
 * while one render replaces it (stale-while-revalidate, ADR 024); a purged one is gone.
 */
export type HeldPage = { page: CachedPage; expired: boolean };

/** A point in the store's history of purges: a page rendered since may be stored only if nothing it shows was purged after. */
export type PurgeStamp = number;

export type PageStoreOptions = {
  /** The most bytes held, all encodings counted. */
  maxBytes: number;
  /** How long a page is served before it is rendered again, whatever was purged. */
  ttlMs: number;
  /**
   * How much longer an expired page may be served while it is rendered again: a render
   * that keeps failing (the database gone) must not leave an old page up for ever.
   */
  staleMs: number;
  now?: () => number;
};

const sizeOf = (page: CachedPage) =>
  page.bodies.identity.byteLength + page.bodies.gzip.byteLength + page.bodies.br.byteLength;

export class PageStore {
  private readonly pages = new Map<string, CachedPage>();
  private readonly keysByTag = new Map<string, Set<string>>();
  /** When each tag was last purged, as a purge count. */
  private readonly tagPurgedAt = new Map<string, number>();
  private allPurgedAt = 0;
  private purges = 0;
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly options: PageStoreOptions) {
    this.now = options.now ?? Date.now;
  }

  get size() {
    return this.pages.size;
  }

  get byteSize() {
    return this.bytes;
  }

  /**
   * The page for `key`, marked as the most recently used: fresh, or expired but within
   * `staleMs` of its time (the caller renders it again). Nothing once that has passed too.
   * A purge removes pages at once, so what was changed is never served from here.
   */
  get(key: string): HeldPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    const age = this.now() - page.storedAt;
    if (age >= this.options.ttlMs + this.options.staleMs) {
      this.remove(key);
      return undefined;
    }
    this.pages.delete(key);
    this.pages.set(key, page);
    return { page, expired: age >= this.options.ttlMs };
  }

  /** Forgets the page for `key` if its time is up: it could not be rendered as a page to hold again. */
  forgetExpired(key: string): void {
    const page = this.pages.get(key);
    if (page && this.now() - page.storedAt >= this.options.ttlMs) this.remove(key);
  }

  /** Taken before rendering a page, and given back to `set`. */
  stamp(): PurgeStamp {
    return this.purges;
  }

  /**
   * Keeps the page unless one of its tags was purged after `since`: it was then rendered
   * from data that has changed, and would otherwise outlive the purge meant for it.
   */
  set(key: string, page: CachedPage, since: PurgeStamp): boolean {
    if (this.purgedSince(page.tags, since)) return false;
    const size = sizeOf(page);
    if (size > this.options.maxBytes) return false;
    // Its age counts from now, on the store's own clock.
    page.storedAt = this.now();
    this.remove(key);
    this.pages.set(key, page);
    this.bytes += size;
    for (const tag of page.tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    for (const oldest of this.pages.keys()) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldest);
    }
    return true;
  }

  /** Whether a page with these tags, rendered from `since`, may show what has changed. */
  purgedSince(tags: readonly string[], since: PurgeStamp): boolean {
    if (this.allPurgedAt > since) return true;
    return tags.some((tag) => (this.tagPurgedAt.get(tag) ?? 0) > since);
  }

  /** Forgets every page with one of `tags`; returns how many. */
  purge(tags: readonly string[]): number {
    this.purges += 1;
    let removed = 0;
    for (const tag of tags) {
      this.tagPurgedAt.set(tag, this.purges);
      for (const key of this.keysByTag.get(tag) ?? []) {
        if (this.remove(key)) removed += 1;
      }
    }
    return removed;
  }

  purgeAll(): void {
    this.purges += 1;
    this.allPurgedAt = this.purges;
    // The per-tag history is no longer needed: every stamp taken before now is refused.
    this.tagPurgedAt.clear();
    for (const key of [...this.pages.keys()]) this.remove(key);
  }

  private remove(key: string): boolean {
    const page = this.pages.get(key);
    if (!page) return false;
    this.pages.delete(key);
    this.bytes -= sizeOf(page);
    for (const tag of page.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
    return true;
  }
}
