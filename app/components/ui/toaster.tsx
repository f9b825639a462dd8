import { lazy, Suspense, useSyncExternalStore } from "react";

export type Notice = { kind: "success" | "error"; message: string; id?: string };

const SonnerToaster = lazy(() => import("./sonner-toaster"));

/**
 * Toasts without shipping the toast library to every page: most page views show none,
 * so Sonner loads the first time `notify` is called. Until it has loaded, notices wait
 * here in order.
 */
const waiting: Notice[] = [];
let show: ((notice: Notice) => void) | null = null;
/** Whether a notice has asked for the toaster; the root layout then loads it. */
let requested = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function notify(kind: Notice["kind"], message: string, options: { id?: string } = {}) {
  const notice = { kind, message, id: options.id };
  if (show) return show(notice);
  waiting.push(notice);
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
}

/** Called by the loaded toaster: shows what waited, then takes notices directly. */
export function connectToaster(display: (notice: Notice) => void) {
  show = display;
  for (const notice of waiting.splice(0)) display(notice);
  return () => {
    show = null;
  };
}

/** Mounted once by the root layout; renders nothing until there is a toast to show. */
export function Toaster() {
  const needed = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
