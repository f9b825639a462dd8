import { describe, expect, it } from "vitest";
import { PageStore, type CachedPage } from "./page-store";

const bytes = (size: number) => new Uint8Array(new ArrayBuffer(size));
const page = (tags: string[], size = 10, storedAt = 0): CachedPage => ({
  status: 200,
  headers: [],
  bodies: { identity: bytes(size), gzip: bytes(size), br: bytes(size) },
  etag: 'W/"x"',
  tags,
  storedAt,
});

describe("PageStore", () => {
  it("holds a page until its time is up, then as expired for its stale time, then not at all", () => {
    let now = 1_000;
    const store = new PageStore({ maxBytes: 1_000, ttlMs: 100, staleMs: 50, now: () => now });
    // The store's clock, not the page's, says when it was stored.
    store.set("/a", page(["site"], 10, 0), store.stamp());
    now = 1_099;
    expect(store.get("/a")).toMatchObject({ expired: false });
    now = 1_100;
    expect(store.get("/a")).toMatchObject({ expired: true });
    now = 1_149;
    expect(store.get("/a")).toMatchObject({ expired: true });
    now = 1_150;
    expect(store.get("/a")).toBeUndefined();
    expect(store.byteSize).toBe(0);
  });

  it("serves no expired page once a change purged it: expired by age is not changed", () => {
    let now = 0;
    const store = new PageStore({ maxBytes: 1_000, ttlMs: 100, staleMs: 1_000, now: () => now });
    store.set("/events/a", page(["event:a"]), store.stamp());
    store.set("/events/b", page(["event:b"]), store.stamp());
    now = 500;
    expect(store.get("/events/a")?.expired).toBe(true);
    store.purge(["event:a"]);
    expect(store.get("/events/a")).toBeUndefined();
    expect(store.get("/events/b")?.expired).toBe(true);
    store.purgeAll();
    expect(store.get("/events/b")).toBeUndefined();
  });

  it("forgets a page that could not be rendered again only while it is expired", () => {
    let now = 0;
    const store = new PageStore({ maxBytes: 1_000, ttlMs: 100, staleMs: 1_000, now: () => now });
    store.set("/a", page(["site"]), store.stamp());
    store.forgetExpired("/a");
    expect(store.get("/a")).toBeDefined();
    now = 100;
    store.forgetExpired("/a");
    expect(store.get("/a")).toBeUndefined();
  });

  it("purges exactly the pages with a purged tag", () => {
    const store = new PageStore({ maxBytes: 1_000, ttlMs: 1_000, staleMs: 1_000, now: () => 0 });
    store.set("/events/a", page(["event:a", "catalogue"]), store.stamp());
    store.set("/events/b", page(["event:b", "catalogue"]), store.stamp());
    store.set("/about", page(["site"]), store.stamp());
    expect(store.purge(["event:a"])).toBe(1);
    expect(store.get("/events/a")).toBeUndefined();
    expect(store.get("/events/b")).toBeDefined();
    expect(store.purge(["catalogue"])).toBe(1);
    expect(store.get("/about")).toBeDefined();
    store.purgeAll();
    expect(store.size).toBe(0);
  });

  it("refuses a page rendered before a purge of one of its tags, and keeps one rendered after", () => {
    const store = new PageStore({ maxBytes: 1_000, ttlMs: 1_000, staleMs: 1_000, now: () => 0 });
    const before = store.stamp();
    store.purge(["event:a"]);
    expect(store.set("/events/a", page(["event:a"]), before)).toBe(false);
    expect(store.set("/about", page(["site"]), before)).toBe(true);
    expect(store.set("/events/a", page(["event:a"]), store.stamp())).toBe(true);
    expect(store.purgedSince(["event:a"], before)).toBe(true);
    expect(store.purgedSince(["site"], before)).toBe(false);
    const beforeAll = store.stamp();
    store.purgeAll();
    expect(store.set("/about", page(["site"]), beforeAll)).toBe(false);
  });

  it("lets the least recently used pages go once the bytes pass the limit", () => {
    const store = new PageStore({ maxBytes: 90, ttlMs: 1_000, staleMs: 1_000, now: () => 0 });
    store.set("/1", page(["site"]), store.stamp());
    store.set("/2", page(["site"]), store.stamp());
    store.set("/3", page(["site"]), store.stamp());
    store.get("/1");
    store.set("/4", page(["site"]), store.stamp());
    expect(store.get("/2")).toBeUndefined();
    expect(store.get("/1")).toBeDefined();
    expect(store.byteSize).toBe(90);
    // A page larger than the whole store is not held at all.
    expect(store.set("/big", page(["site"], 40), store.stamp())).toBe(false);
  });
});
