import fs from "node:fs";
import http from "node:http";
import { describe, expect, it } from "vitest";
import { startBuiltServer, stopServer } from "./server";

/** A GET over `agent`, resolved with the status, the Connection header and the body. */
function get(agent: http.Agent, url: string) {
  return new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }),
        );
      })
      .on("error", reject);
  });
}

describe("graceful shutdown", () => {
  it("finishes requests in flight on SIGTERM, then closes the database and exits 0", async () => {
    const server = await startBuiltServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 5 });
    const page = `${server.url}/events/riverside-team-racing`;
    try {
      // Open five keep-alive connections first, so the server has accepted all of them...
      await Promise.all(Array.from({ length: 5 }, () => get(agent, page)));
      // ...then send a request on each and signal while they are being answered.
      const inFlight = Array.from({ length: 5 }, () => get(agent, page));
      const exited = stopServer(server);
      const responses = await Promise.all(inFlight);

      expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
      for (const response of responses) expect(response.body).toContain("Riverside Team Racing");
      expect(await exited).toBe(0);
      expect(server.output()).toContain("SIGTERM received");
      expect(server.output()).toContain("Shut down cleanly.");
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    } finally {
      agent.destroy();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});
