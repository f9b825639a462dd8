import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { seedSampleContent } from "#server/db/seed/seed";
import { createHttpApp } from "#server/http/app";
import { createServices, type Services } from "#server/services";
import { createTestDatabase } from "./database";

export const TEST_BASE_URL = "https://rcl.test";
export const TEST_AUTH_SECRET = "test-secret-that-is-long-enough-for-better-auth";

export type TestSite = Services & {
  /** Sends a real request through the HTTP host: middleware, router, loaders, rendering. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
};

let vite: ViteDevServer | undefined;

/** The app's server build compiled from source by Vite, shared by the tests of a file. */
async function loadServerBuild(): Promise<ServerBuild> {
  vite ??= await createServer({
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "error",
  });
  return (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
}

/** The whole site on a fresh database with the sample content. */
export async function createTestSite({
  seed = true,
  trustProxy = false,
}: {
  seed?: boolean;
  /** Lets a test pick the client address with X-Forwarded-For. */
  trustProxy?: boolean;
} = {}): Promise<TestSite> {
  const database = await createTestDatabase();
  if (seed) await seedSampleContent(database.db);
  const services = createServices({
    database,
    baseUrl: TEST_BASE_URL,
    authSecret: TEST_AUTH_SECRET,
    trustProxy,
  });
  const app = createHttpApp({ ...services, build: await loadServerBuild(), mode: "production" });
  return {
    ...services,
    request: async (path, init) => app.request(`${TEST_BASE_URL}${path}`, init),
    close: async () => {
      await vite?.close();
      vite = undefined;
      await database.close();
    },
  };
}
