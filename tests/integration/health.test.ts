import { describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../support/database";
import { createServices } from "#server/services";
import { TEST_AUTH_SECRET, TEST_BASE_URL } from "../support/http-app";
import { createSite } from "#server/http/app";
import type { ServerBuild } from "react-router";

describe("/healthz", () => {
  it("answers 503 and logs when the database cannot be reached", async () => {
    const database = await createTestDatabase();
    // The health check never reaches the router, so an empty build is enough here.
    const services = createServices({ database, baseUrl: TEST_BASE_URL, authSecret: TEST_AUTH_SECRET });
    const { app } = createSite({ ...services, build: {} as ServerBuild, mode: "production" });
    expect((await app.request("/healthz")).status).toBe(200);

    await database.close();
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await app.request("/healthz");
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "error", database: { reachable: false } });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("database unreachable"));
    logged.mockClear();
  });

  it("answers 503 draining, without asking the database, once the server drains", async () => {
    const database = await createTestDatabase();
    const services = createServices({ database, baseUrl: TEST_BASE_URL, authSecret: TEST_AUTH_SECRET });
    const draining = new AbortController();
    const shutdown = { draining: draining.signal, closing: new AbortController().signal };
    const { app } = createSite({ ...services, build: {} as ServerBuild, mode: "production", shutdown });
    expect((await app.request("/healthz")).status).toBe(200);

    // What SIGTERM starts; the database is closed to show it is not asked.
    draining.abort();
    await database.close();
    const response = await app.request("/healthz");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "draining" });
  });
});
