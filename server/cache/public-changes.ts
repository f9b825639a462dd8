import { performance } from "node:perf_hooks";
import type { DatabaseHandle } from "#server/db/client";
import { log } from "#server/log";
import { forgetSiteSettings, rememberSiteSettings } from "#server/settings/queries";
import type { PageStore } from "./page-store";
import { tagsChangedBy } from "./public-pages";

/**
 * How often the instance reads the changes committed since its last look. Other instances'
 * writes reach its pages within this, plus the look itself.
 */
const LOOK_EVERY_MS = 200;
/**
 * Without a successful look for this long, a change may have been committed that this
 * instance has not read, so nothing is served from memory until the next one.
 */
const LIVE_FOR_MS = 2_000;

export type PublicChanges = {
  /** Whether changes are being read; while not, nothing may be served from memory. */
  readonly live: boolean;
  /**
   * Resolves once every change committed before the call has been applied here. Changes
   * arrive on their own within a fraction of a second; this is for a caller that must see
   * its write.
   */
  catchUp(): Promise<void>;
  close(): Promise<void>;
};

/** One look's rows: the changes since the last one, and the oldest transaction still running. */
const LOOK = `
  select now_running.xmin, change.id, change.xid, change.tag
  from (select (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint as xmin) now_running
  left join page_changes change on change.xid >= $1::bigint`;

/**
 * Applies every committed change to public data to this instance's page store and
 * settings (ADR 024), from whichever instance or tool made it. The database's triggers
 * write each change to `page_changes` in the writer's transaction (migration 0022); this
 * reads them a few times a second. A transaction that commits late has an id at or above
 * the oldest one running at the previous look, so reading from there misses none.
 */
export async function watchPublicChanges(database: DatabaseHandle, store: PageStore): Promise<PublicChanges> {
  /** Rows already applied, by id, with their transaction's id: forgotten once below `fromXid`. */
  const applied = new Map<number, number>();
  let fromXid: number | null = null;
  let lastLookStartedAt = Number.NEGATIVE_INFINITY;
  let failing = false;
  let closed = false;

  const dropEverything = () => {
    store.purgeAll();
    forgetSiteSettings(database.db);
  };

  async function look(): Promise<void> {
    const startedAt = performance.now();
    let rows: Record<string, unknown>[];
    try {
      ({ rows } = await database.runSql(LOOK, [fromXid ?? Number.MAX_SAFE_INTEGER]));
    } catch (error) {
      if (!failing) {
        failing = true;
        // Changes made meanwhile are read once the database answers again; until then
        // nothing is served from memory (`live`), and settings are read afresh.
        rememberSiteSettings(database.db, false);
        dropEverything();
        log.warn(
          { err: error },
          "Cannot read the changes to public pages; the page cache waits for the database.",
        );
      }
      return;
    }
    for (const row of rows) {
      if (row.id === null || row.id === undefined) continue;
      const id = Number(row.id);
      if (applied.has(id)) continue;
      applied.set(id, Number(row.xid));
      const tags = tagsChangedBy(String(row.tag));
      if (tags === "all") dropEverything();
      else store.purge(tags);
    }
    fromXid = Number(rows[0]?.xmin);
    for (const [id, xid] of applied) if (xid < fromXid) applied.delete(id);
    if (failing) {
      failing = false;
      rememberSiteSettings(database.db, true);
      log.info("Reading the changes to public pages again.");
    }
    lastLookStartedAt = startedAt;
  }

  // Looks run one after another: a catch-up waits for the look under way, then makes its own,
  // which starts after the caller's write committed.
  let looking: Promise<void> = Promise.resolve();
  const lookNow = () => (looking = looking.then(look, look));

  await lookNow();
  rememberSiteSettings(database.db, !failing);

  let timer: NodeJS.Timeout | undefined;
  const lookLater = () => {
    if (closed) return;
    timer = setTimeout(() => void lookNow().finally(lookLater), LOOK_EVERY_MS);
    timer.unref();
  };
  lookLater();

  return {
    get live() {
      return performance.now() - lastLookStartedAt < LIVE_FOR_MS;
    },
    catchUp: lookNow,
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await looking;
      rememberSiteSettings(database.db, false);
    },
  };
}
