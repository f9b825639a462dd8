import http from "node:http";
import type { AddressInfo } from "node:net";
import { withForwardedOrigin } from "#server/http/forwarded-origin";
import type { TestSite } from "./http-app";

export type ServedSite = { url: string; close(): Promise<void> };

/**
 * Serves the in-process site on a loopback port with the same listener as the real host
 * (server/start.ts): held pages answered before Hono, behind the forwarded-origin rewrite.
 */
export async function serveSite(site: TestSite, trustedProxies: number): Promise<ServedSite> {
  const server = http.createServer(withForwardedOrigin(site.listener, trustedProxies));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
