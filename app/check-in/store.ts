import { clear, createStore, delMany, get, keys, set, update, type UseStore } from "idb-keyval";
import type { Op, RefusedOp, RosterSnapshot } from "./types";

/**
 * What the phone keeps in IndexedDB for the day (ADR 038), per event: the roster with its
 * ETag, the taps not yet sent and the ones the server refused; and one id for the device.
 */
export type SavedRoster = { snapshot: RosterSnapshot; etag: string | null; savedAt: string };

const store: UseStore = createStore("rcl-check-in", "keyval");

export const loadRoster = (eventId: string) => get<SavedRoster>(`roster:${eventId}`, store);
export const saveRoster = (eventId: string, roster: SavedRoster) => set(`roster:${eventId}`, roster, store);

export const loadQueue = async (eventId: string) => (await get<Op[]>(`queue:${eventId}`, store)) ?? [];

/** Adds a tap in one transaction, so a sync finishing at the same moment loses nothing. */
export const enqueue = (eventId: string, op: Op) =>
  update<Op[]>(`queue:${eventId}`, (queue) => [...(queue ?? []), op], store);

/** Takes the answered ops out, in one transaction with whatever was tapped meanwhile. */
export const dequeue = (eventId: string, answered: ReadonlySet<string>) =>
  update<Op[]>(`queue:${eventId}`, (queue) => (queue ?? []).filter((op) => !answered.has(op.id)), store);

export const loadRefused = async (eventId: string) =>
  (await get<RefusedOp[]>(`refused:${eventId}`, store)) ?? [];

export const addRefused = (eventId: string, refused: readonly RefusedOp[]) =>
  update<RefusedOp[]>(`refused:${eventId}`, (list) => [...(list ?? []), ...refused], store);

export const dismissRefused = (eventId: string, opId: string) =>
  update<RefusedOp[]>(
    `refused:${eventId}`,
    (list) => (list ?? []).filter((item) => item.op.id !== opId),
    store,
  );

/** Check-ins not sent yet, of every event this phone holds: what signing out would delete. */
export async function waitingCount(): Promise<number> {
  const queues = (await keys(store)).filter((key) => String(key).startsWith("queue:"));
  const lists = await Promise.all(queues.map((key) => get<Op[]>(key, store)));
  return lists.reduce((sum, list) => sum + (list?.length ?? 0), 0);
}

/**
 * The session is gone: every saved roster (names, swim answers) leaves the phone. The queue
 * stays, to be sent once someone signs in again (ADR 038).
 */
export async function forgetRosters(): Promise<void> {
  const rosters = (await keys(store)).filter((key) => String(key).startsWith("roster:"));
  await delMany(rosters, store);
}

/** Signing out: nothing of the day stays on the phone, nor the pages the worker kept. */
export async function forgetEverything(): Promise<void> {
  await clear(store);
  if (typeof caches === "undefined") return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith("check-in-")).map((name) => caches.delete(name)));
}

/** The phone's own id, which the server records with each check-in it made. */
export async function deviceId(): Promise<string> {
  const known = await get<string>("device", store);
  if (known) return known;
  const made = crypto.randomUUID();
  await set("device", made, store);
  return made;
}
