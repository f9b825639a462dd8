import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "#server/db/client";
import { log } from "#server/log";
import { forgetSiteSettings, rememberSiteSettings } from "#server/settings/queries";
import type { PageStore } from "./page-store";
import { tagsChangedBy } from "./public-pages";

/** The channel migration 0009's triggers notify on. */
const PUBLIC_PAGES_CHANNEL = "public_pages";
/** A notification this instance sends itself to know it has heard everything committed before. */
const SYNC = "sync:";
const CATCH_UP_TIMEOUT_MS = 5_000;
/**
 * How often the instance checks that it still hears the channel, by sending itself a
 * notification: a half-open connection would otherwise look live while every change is
 * missed.
 */
const HEARTBEAT_MS = 30_000;

/** The instance's own notification did not come back: the listening connection hears nothing. */
class NotHeard extends Error {
  constructor() {
    super(`No notification came back on ${PUBLIC_PAGES_CHANNEL} within ${CATCH_UP_TIMEOUT_MS} ms.`);
  }
}

export type PublicChanges = {
  /** Whether changes are being heard; while not, nothing may be served from memory. */
  readonly live: boolean;
  /**
   * Resolves once every change committed before the call has been applied here. Changes
   * arrive on their own within milliseconds; this is for a caller that must see its write.
   */
  catchUp(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Applies every committed change to public data to this instance's page store and
 * settings (ADR 024), from whichever instance or tool made it. While the database
 * connection that hears them is lost, changes may be missed, so everything held is
 * dropped and nothing is held until it is back.
 */
export async function watchPublicChanges(database: DatabaseHandle, store: PageStore): Promise<PublicChanges> {
  const waiting = new Map<string, () => void>();
  const dropEverything = () => {
    store.purgeAll();
    forgetSiteSettings(database.db);
  };
  const listener = await database.listen(PUBLIC_PAGES_CHANNEL, {
    message(payload) {
      if (payload.startsWith(SYNC)) {
        waiting.get(payload.slice(SYNC.length))?.();
        return;
      }
      const tags = tagsChangedBy(payload);
      if (tags === "all") {
        dropEverything();
      } else {
        store.purge(tags);
      }
    },
    lost() {
      rememberSiteSettings(database.db, false);
      dropEverything();
    },
    restored() {
      dropEverything();
      rememberSiteSettings(database.db, true);
      log.info(`Hearing database channel ${PUBLIC_PAGES_CHANNEL} again; the page cache starts afresh.`);
    },
  });
  rememberSiteSettings(database.db, true);

  const catchUp = async () => {
    // Not hearing changes, the cache holds nothing to catch up.
    if (!listener.live) return;
    const token = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve, reject) => {
      timer = setTimeout(() => reject(new NotHeard()), CATCH_UP_TIMEOUT_MS);
      waiting.set(token, resolve);
    });
    // Handled below; this only keeps a rejection during a slow send from counting as unhandled.
    heard.catch(() => undefined);
    try {
      // Notifications are delivered in commit order, so once this one is back, so is every earlier one.
      await database.runSql("select pg_notify($1, $2)", [PUBLIC_PAGES_CHANNEL, SYNC + token]);
      await heard;
    } finally {
      clearTimeout(timer);
      waiting.delete(token);
    }
  };
  const heartbeat = setInterval(() => {
    catchUp().catch((error: unknown) => {
      // A busy pool that could not send the check says nothing about the listening connection.
      if (!(error instanceof NotHeard)) return;
      log.warn(`Database channel ${PUBLIC_PAGES_CHANNEL} stopped answering; reconnecting.`);
      listener.reconnect();
    });
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    get live() {
      return listener.live;
    },
    catchUp,
    close: async () => {
      clearInterval(heartbeat);
      rememberSiteSettings(database.db, false);
      await listener.close();
    },
  };
}
