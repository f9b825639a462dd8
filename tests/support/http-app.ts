import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { seedSampleContent } from "#server/db/seed/seed";
import { openPageCache, type PageCache } from "#server/cache/page-cache";
import type { RequestListener } from "node:http";
import { createSite } from "#server/http/app";
import type { PageFills } from "#server/http/page-fills";
import { createServices, type Services } from "#server/services";
import type { FileStore } from "#server/storage/file-store";
import type { ForecastSource } from "#server/weather/fetch-forecasts";
import { closeAtEnd } from "./close-at-end";
import { testPasswordHashing } from "./password-hashing";
import { createTestDatabase } from "./database";

export const TEST_BASE_URL = "https://rcl.test";
export const TEST_AUTH_SECRET = "test-secret-that-is-long-enough-for-better-auth";

export type TestSite = Services & {
  /** The site's page cache: what it holds, and `changes.catchUp()` to wait for a write to reach it. */
  pageCache: PageCache;
  /** The page cache's renders (server/http/page-fills.ts), to count them. */
  pageFills: PageFills;
  /** Lets `ms` pass on the page cache's clock, so held pages expire without waiting for them. */
  agePages(ms: number): void;
  /** Sends a real request through the HTTP host: middleware, router, loaders, rendering. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** The host's request listener, for serving the site on a real port (tests/support/serve-site.ts). */
  listener: RequestListener;
  close(): Promise<void>;
};

const SERVER_BUILD = fileURLToPath(new URL("../../build/server/index.js", import.meta.url));
let serverBuild: Promise<ServerBuild> | undefined;

/** The production server build, made by the global setup (tests/support/build-site.mjs). */
function loadServerBuild(): Promise<ServerBuild> {
  serverBuild ??= import(SERVER_BUILD) as Promise<ServerBuild>;
  return serverBuild;
}

/** The whole site on a fresh database with the sample content, closed when the test file ends. */
export async function createTestSite({
  seed = true,
  trustProxy = false,
  smtpUrl,
  files,
  baseUrl = TEST_BASE_URL,
  metricsToken,
  clientDir,
  forecast,
}: {
  seed?: boolean;
  /**
   * Lets a test pick the client address with X-Forwarded-For: the number of trusted
   * proxies (TRUST_PROXY), `true` being one.
   */
  trustProxy?: boolean | number;
  /** Mail goes to this server instead of the dev outbox. */
  smtpUrl?: string;
  /** Where uploads go; a temporary folder otherwise. */
  files?: FileStore;
  /** The public origin (BASE_URL); in-process requests are made for it too. */
  baseUrl?: string;
  /** METRICS_TOKEN: serves /metrics for this Bearer token. */
  metricsToken?: string;
  /** The client build's folder, to serve its files as production does. */
  clientDir?: string;
  /** Where forecasts come from (DMI's recorded answers); not configured otherwise. */
  forecast?: ForecastSource;
} = {}): Promise<TestSite> {
  const database = await createTestDatabase();
  if (seed) await seedSampleContent(database.db);
  // The test provider's webhooks go to this site itself, which listens on no port.
  let site: { app: { request(request: Request): Response | Promise<Response> } } | undefined;
  const services = createServices({
    database,
    baseUrl,
    authSecret: TEST_AUTH_SECRET,
    trustProxy: trustProxy === true ? 1 : trustProxy || 0,
    smtpUrl,
    files,
    // Tests read the counters right after a page is opened.
    pageViewFlushMs: 0,
    passwordHashing: testPasswordHashing,
    forecast,
    webhookFetch: async (request) => {
      if (!site) throw new Error("The site is not built yet.");
      return site.app.request(request);
    },
  });
  // A page held by one test must not expire before a later test of the file asks for it,
  // however slow a loaded machine makes the file; the expiry itself is a unit test's.
  let pageClockOffset = 0;
  const pageCache = await openPageCache(database, {
    ttlMs: 60 * 60_000,
    now: () => Date.now() + pageClockOffset,
  });
  const { app, listener, fills } = (site = createSite({
    ...services,
    build: await loadServerBuild(),
    mode: "production",
    metricsToken,
    pageCache,
    clientDir,
  }));
  if (!fills) throw new Error("The test site has a page cache, so it renders pages for it.");
  return closeAtEnd<TestSite>({
    ...services,
    pageCache,
    pageFills: fills,
    agePages: (ms) => {
      pageClockOffset += ms;
    },
    // A write made just before (by the test, through the database) has reached the cache.
    request: async (path, init) => {
      await pageCache.changes.catchUp();
      return app.request(`${baseUrl}${path}`, init);
    },
    listener,
    close: async () => {
      await pageCache.changes.close();
      await database.close();
    },
  });
}
