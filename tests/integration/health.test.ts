import { describe, expect, it, vi } from "vitest";
import { createEmptyDatabaseTarget, createTestDatabase } from "../support/database";
import { createServices } from "#server/services";
import { TEST_AUTH_SECRET, TEST_BASE_URL } from "../support/http-app";
import { createSite } from "#server/http/app";
import type { DatabaseHandle } from "#server/db/client";
import journal from "#server/db/migrations/meta/_journal.json";
import type { ServerBuild } from "react-router";

/** The host on `database`; the health checks never reach the router, so an empty build is enough. */
function hostOn(database: DatabaseHandle) {
  const services = createServices({ database, baseUrl: TEST_BASE_URL, authSecret: TEST_AUTH_SECRET });
  const draining = new AbortController();
  const shutdown = { draining: draining.signal, closing: new AbortController().signal };
  const { app } = createSite({ ...services, build: {} as ServerBuild, mode: "production", shutdown });
  /** What SIGTERM starts. */
  const drain = () => draining.abort();
  return { request: (path: string) => app.request(path), drain };
}

const LAST_MIGRATION = journal.entries.at(-1)!;

describe("/healthz", () => {
  it("answers 503 and logs when the database cannot be reached", async () => {
    const database = await createTestDatabase();
    const { request } = hostOn(database);
    expect((await request("/healthz")).status).toBe(200);

    await database.close();
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await request("/healthz");
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "error", database: { reachable: false } });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("database unreachable"));
    logged.mockClear();
  });

  it("answers 503 draining, without asking the database, once the server drains", async () => {
    const database = await createTestDatabase();
    const { request, drain } = hostOn(database);
    expect((await request("/healthz")).status).toBe(200);

    // The database is closed to show it is not asked.
    drain();
    await database.close();
    const response = await request("/healthz");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "draining" });
  });
});

describe("/livez", () => {
  it("answers 200 while the process runs: also while draining, and without its database", async () => {
    const database = await createTestDatabase();
    const { request, drain } = hostOn(database);
    const live = async () => {
      const response = await request("/livez");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok" });
    };
    await live();
    drain();
    await live();
    await database.close();
    await live();
  });
});

describe("/readyz", () => {
  it("answers 200 ready when the database answers and every migration is applied", async () => {
    const database = await createTestDatabase();
    try {
      const response = await hostOn(database).request("/readyz");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ready" });
    } finally {
      await database.close();
    }
  });

  it("answers 503 draining, without asking the database, once the server drains", async () => {
    const database = await createTestDatabase();
    const { request, drain } = hostOn(database);
    expect((await request("/readyz")).status).toBe(200);

    drain();
    await database.close();
    const response = await request("/readyz");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "draining" });
  });

  it("answers 503 and logs when the database cannot be reached, before and after it was ready", async () => {
    const before = await createTestDatabase();
    await before.close();
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const refused = await hostOn(before).request("/readyz");
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({
        status: "database unreachable",
        database: { kind: before.kind },
      });
      expect(logged).toHaveBeenCalledWith(expect.stringContaining("Readiness check: database unreachable"));

      // Once ready, the database is still asked each time.
      const after = await createTestDatabase();
      const { request } = hostOn(after);
      expect((await request("/readyz")).status).toBe(200);
      await after.close();
      const lost = await request("/readyz");
      expect(lost.status).toBe(503);
      expect(await lost.json()).toMatchObject({ status: "database unreachable" });
    } finally {
      logged.mockClear();
    }
  });

  it("answers 503 naming a migration this build knows that the database lacks, until it is applied", async () => {
    const database = await createTestDatabase();
    try {
      const recorded = await database.runSql(
        "select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1",
      );
      const { hash, created_at: createdAt } = recorded.rows[0] as { hash: string; created_at: string };
      expect(Number(createdAt)).toBe(LAST_MIGRATION.when);
      await database.runSql("delete from drizzle.__drizzle_migrations where created_at = $1", [createdAt]);

      const { request } = hostOn(database);
      const pending = await request("/readyz");
      expect(pending.status).toBe(503);
      expect(await pending.json()).toEqual({ status: "migrations pending", pending: [LAST_MIGRATION.tag] });

      // What the migrator records once it has applied it.
      await database.runSql("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [
        hash,
        createdAt,
      ]);
      expect((await request("/readyz")).status).toBe(200);

      // The positive answer is kept: migrations are not asked for again.
      await database.runSql("delete from drizzle.__drizzle_migrations");
      expect((await request("/readyz")).status).toBe(200);
    } finally {
      await database.close();
    }
  });

  it("answers 503 with every migration pending on a database never migrated", async () => {
    const target = await createEmptyDatabaseTarget("rcl-readyz");
    const database = await target.open();
    try {
      const response = await hostOn(database).request("/readyz");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: "migrations pending",
        pending: journal.entries.map(({ tag }) => tag),
      });
    } finally {
      await database.close();
      await target.drop();
    }
  });
});
