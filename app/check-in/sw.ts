/**
 * The check-in pages' service worker (ADR 038), scoped to /dashboard/partner/check-in/.
 * It keeps each event's page (network first, the stored copy when offline) and the page's
 * files under /assets/ (cache first: their names carry a content hash), and nothing else:
 * the roster and the queue live in IndexedDB, and their requests pass straight through.
 */
// The worker's own types, declared here: the project's TypeScript library is the DOM's,
// and the webworker library cannot be added beside it.
type ExtendableEvent = Event & { waitUntil(work: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(answer: Promise<Response>): void };
type WorkerMessageEvent = ExtendableEvent & { data: unknown };
type WorkerScope = {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: WorkerMessageEvent) => void): void;
};
declare const self: WorkerScope;
/** The page's script, the scanner ponyfill and zxing's wasm, named by the build. */
declare const CHECK_IN_FILES: string[];
/** A hash of those names: a new build gets a new cache for its files and drops the old one. */
declare const CHECK_IN_BUILD: string;

const PAGES = "check-in-pages";
const FILES = `check-in-files-${CHECK_IN_BUILD}`;
const SCOPE = new URL("./", self.location.href).pathname;
/** An event's check-in page: the folder and an id, nothing under it (roster.json, sync). */
const PAGE = new RegExp(`^${SCOPE.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[0-9a-f-]{36}$`);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(FILES)
      .then((cache) => cache.addAll(CHECK_IN_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("check-in-files-") && name !== FILES)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** Stores an event's page as it was answered; a redirect (to sign in) or an error is not the page. */
async function keepPage(request: Request | string, response: Response) {
  if (response.status !== 200 || response.redirected) return;
  const cache = await caches.open(PAGES);
  await cache.put(request, response);
}

async function networkFirst(request: Request): Promise<Response> {
  const key = new URL(request.url);
  key.search = "";
  try {
    const response = await fetch(request);
    await keepPage(key.href, response.clone());
    return response;
  } catch (error) {
    const kept = await caches.match(key.href, { cacheName: PAGES });
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const kept = await caches.match(request, { cacheName: FILES });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(FILES)).put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && PAGE.test(url.pathname)) event.respondWith(networkFirst(request));
  else if (url.pathname.startsWith("/assets/")) event.respondWith(cacheFirst(request));
});

/**
 * The page's first visit comes before the worker controls it: the page then asks the worker
 * to keep itself and its stylesheet, so the next visit works offline too.
 */
self.addEventListener("message", (event) => {
  const data = event.data as { keep?: unknown } | null | undefined;
  if (!data || !Array.isArray(data.keep)) return;
  const urls = data.keep.filter((item): item is string => typeof item === "string");
  event.waitUntil(
    Promise.all(
      urls.map(async (href) => {
        const url = new URL(href, self.location.href);
        if (url.origin !== self.location.origin) return;
        if (PAGE.test(url.pathname)) {
          url.search = "";
          await keepPage(url.href, await fetch(url.href, { credentials: "same-origin" }));
        } else if (url.pathname.startsWith("/assets/")) {
          const cache = await caches.open(FILES);
          if (!(await cache.match(url.href))) await cache.add(url.href);
        }
      }),
    ).catch(() => undefined),
  );
});

export {};
