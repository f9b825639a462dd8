import { Hono, type Context } from "hono";
import type { DatabaseHandle } from "#server/db/client";
import journal from "#server/db/migrations/meta/_journal.json";
import { databaseUnavailability } from "#server/db/unavailable";
import { log } from "#server/log";
import { UNAVAILABLE_HEADERS } from "./overload";
import type { ShutdownSignals } from "./shutdown";

/** The migrations this build knows, by the time drizzle records for each (its `created_at`). */
const KNOWN_MIGRATIONS: { when: number; tag: string }[] = journal.entries;

/**
 * The tags of the migrations this build knows that the database has not recorded; none
 * when every one is applied. Drizzle applies those newer than the last one it recorded,
 * so that one alone tells.
 */
async function pendingMigrations(database: DatabaseHandle): Promise<string[]> {
  const [table] = (
    await database.runSql("select to_regclass('drizzle.__drizzle_migrations') is not null as present")
  ).rows;
  if (!table?.present) return KNOWN_MIGRATIONS.map(({ tag }) => tag);
  const [applied] = (
    await database.runSql("select max(created_at)::text as last from drizzle.__drizzle_migrations")
  ).rows;
  const last = Number(applied?.last ?? 0);
  return KNOWN_MIGRATIONS.filter(({ when }) => when > last).map(({ tag }) => tag);
}

/** The database's own words: Drizzle's "Failed query: select 1" says only what was asked. */
function innermostMessage(error: unknown): string {
  let current = error;
  for (let depth = 0; depth < 8 && current instanceof Error && current.cause instanceof Error; depth++) {
    current = current.cause;
  }
  return current instanceof Error ? current.message : String(error);
}

/**
 * The instance's health for load balancers and orchestrators, answered by the host before
 * the router:
 * - `/livez`: the process answers. Always 200, also while draining: restarting an instance
 *   that is finishing its requests would only cut them short.
 * - `/readyz`: it should get requests. 200 when the database answers, every migration this
 *   build knows is applied and the instance is not draining; otherwise 503, its body saying
 *   which.
 * - `/healthz`, for deployments that ask it: the database answers and it is not draining.
 */
export function healthChecks({
  database,
  shutdown,
}: {
  database: DatabaseHandle;
  shutdown: ShutdownSignals;
}) {
  const checks = new Hono();
  /** Migrations stay applied once they are: after the first positive answer, only the database is asked. */
  let migrated = false;

  /**
   * The 503 with `body` when the database could not answer, naming the `problem` when it
   * is a known shortage (busy, unreachable, timeout), with Retry-After as the site's other
   * answers then carry. No free connection is load, logged as a warning; a database that
   * cannot be reached or does not answer is an error an operator must hear about.
   */
  const unreachable = (c: Context, error: unknown, check: string, body: (problem?: string) => object) => {
    const problem = databaseUnavailability(error) ?? undefined;
    if (problem === "busy") {
      log.warn(
        { class: "overload", database: problem },
        `Overload: ${check} answered 503, no database connection was free in time.`,
      );
    } else {
      const state = problem === "timeout" ? "did not answer in time" : "unreachable";
      log.error(`${check}: database ${state}: ${innermostMessage(error)}`);
    }
    return c.json(body(problem), 503, problem ? UNAVAILABLE_HEADERS : { "Cache-Control": "no-store" });
  };

  checks.get("/livez", (c) => c.json({ status: "ok" }));

  checks.get("/readyz", async (c) => {
    // Shutting down: a load balancer stops sending requests, which are still served meanwhile.
    if (shutdown.draining.aborted) return c.json({ status: "draining" }, 503);
    try {
      if (migrated) {
        await database.ping();
      } else {
        const pending = await pendingMigrations(database);
        if (pending.length > 0) return c.json({ status: "migrations pending", pending }, 503);
        migrated = true;
      }
      return c.json({ status: "ready" });
    } catch (error) {
      return unreachable(c, error, "Readiness check", (problem) => ({
        status: problem === "busy" ? "database busy" : "database unreachable",
        database: { kind: database.kind, problem },
      }));
    }
  });

  checks.get("/healthz", async (c) => {
    // As before /readyz existed: the database answers and the instance is not draining.
    if (shutdown.draining.aborted) return c.json({ status: "draining" }, 503);
    try {
      await database.ping();
      return c.json({ status: "ok", database: { kind: database.kind, reachable: true } });
    } catch (error) {
      return unreachable(c, error, "Health check", (problem) => ({
        status: "error",
        database: { kind: database.kind, reachable: false, problem },
      }));
    }
  });

  return checks;
}
