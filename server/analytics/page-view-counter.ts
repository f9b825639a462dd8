import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { eventPageViews, events } from "#server/db/schema";
import { log } from "#server/log";
import { copenhagenDate, dateKey } from "~/lib/calendar-date";

export type PageViewCounter = {
  /** One view of the event page with this slug, now. */
  add(slug: string, now?: Date): Promise<void>;
  /** Writes what has been counted and not yet written. */
  flush(): Promise<void>;
  /** Writes the rest and stops the timer. */
  close(): Promise<void>;
};

/**
 * Counts event page views in memory and adds them to the daily counters in one
 * statement every `flushMs` (ADR 016, ADR 024): a page served from the cache is one
 * request with no database work, and views must not put it back. With `flushMs` 0 each
 * view is written before the response goes (tests read the counters at once). Only the
 * number is kept: no cookie, address or account. A failed write is logged and those
 * views are forgotten; the pages never fail because of it. Views of a slug no event has
 * (renamed since) are dropped by the join.
 */
export function createPageViewCounter(db: Database, { flushMs }: { flushMs: number }): PageViewCounter {
  /** "slug day" → views. */
  let pending = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;

  /** The writes started so far, one after another, so a flush waits for those before it. */
  let written: Promise<void> = Promise.resolve();

  const write = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const rows = [...batch].map(([key, views]) => {
      const [slug, day] = key.split(" ");
      return { slug, day, views };
    });
    try {
      // One statement however many events: the rows travel as one JSON parameter.
      await db.execute(sql`
        insert into ${eventPageViews} (${sql.identifier(eventPageViews.eventId.name)}, ${sql.identifier(eventPageViews.day.name)}, ${sql.identifier(eventPageViews.views.name)})
        select ${events.id}, v.day, v.views
        from json_to_recordset(${JSON.stringify(rows)}::json) as v(slug text, day date, views int)
        join ${events} on ${events.slug} = v.slug
        on conflict (${sql.identifier(eventPageViews.eventId.name)}, ${sql.identifier(eventPageViews.day.name)})
        do update set ${sql.identifier(eventPageViews.views.name)} = ${eventPageViews}.${sql.identifier(eventPageViews.views.name)} + excluded.${sql.identifier(eventPageViews.views.name)}`);
    } catch (error) {
      const total = rows.reduce((sum, row) => sum + row.views, 0);
      log.error({ err: error }, `${total} page views of ${rows.length} event pages were not counted.`);
    }
  };

  // A view counted while an earlier batch is still being written must still be written by
  // the next flush, and a flush (or close, before the database goes) must not return while
  // a batch taken before it is still on its way.
  const flush = () => {
    written = written.catch(() => undefined).then(write);
    return written;
  };

  return {
    add: async (slug, now = new Date()) => {
      const key = `${slug} ${dateKey(copenhagenDate(now))}`;
      pending.set(key, (pending.get(key) ?? 0) + 1);
      if (flushMs === 0) return flush();
      timer ??= setTimeout(() => {
        timer = undefined;
        void flush();
      }, flushMs);
      timer.unref();
    },
    flush,
    close: async () => {
      clearTimeout(timer);
      timer = undefined;
      await flush();
    },
  };
}
