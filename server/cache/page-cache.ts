import type { DatabaseHandle } from "#server/db/client";
import { PageStore } from "./page-store";
import { watchPublicChanges, type PublicChanges } from "./public-changes";

export type PageCache = { store: PageStore; changes: PublicChanges };

export type PageCacheSettings = {
  /** The most memory the rendered pages may take, all encodings counted. */
  maxBytes?: number;
  /** A page is rendered again after this long even if nothing it shows changed (dates pass). */
  ttlMs?: number;
  /** The clock pages age by; tests let time pass with their own. */
  now?: () => number;
};

/** 64 MB holds a few thousand pages in three encodings. */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const DEFAULT_TTL_MS = 60_000;
/**
 * An expired page is served for up to a minute more while it is rendered again, as the
 * `stale-while-revalidate=60` held pages are sent with lets a shared cache do.
 */
const STALE_MS = 60_000;

/** This instance's store of rendered public pages, kept current by the database's notifications (ADR 024). */
export async function openPageCache(
  database: DatabaseHandle,
  { maxBytes = DEFAULT_MAX_BYTES, ttlMs = DEFAULT_TTL_MS, now }: PageCacheSettings = {},
): Promise<PageCache> {
  const store = new PageStore({ maxBytes, ttlMs, staleMs: STALE_MS, now });
  const changes = await watchPublicChanges(database, store);
  return { store, changes };
}
