import { afterAll } from "vitest";

type Closable = { close(): Promise<void> };

// One set per test process, not per module instance: the files of a worker run one after
// another in one process (vitest.config.ts, `isolate: false`), and the setup file below may
// be evaluated again for each while the support modules that call closeAtEnd are not.
const OPEN = Symbol.for("rcl.tests.openResources");
const shared = globalThis as typeof globalThis & { [OPEN]?: Set<Closable> };
const open = (shared[OPEN] ??= new Set<Closable>());

/**
 * Closes `resource` when its test file ends, whatever happened: a file whose set-up failed
 * half-way, or timed out and finished later, still closes what it opened, and its own
 * teardown never trips over a resource that was never made. `close` becomes safe to call
 * more than once, so a test may still close it early.
 */
export function closeAtEnd<T extends Closable>(resource: T): T {
  const closeOnce = resource.close.bind(resource);
  let closing: Promise<void> | undefined;
  resource.close = () => {
    open.delete(resource);
    closing ??= closeOnce();
    return closing;
  };
  open.add(resource);
  return resource;
}

// Registered as a setup file (vitest.config.ts): its hook is the file's first, so it runs
// after every other teardown of the file.
afterAll(async () => {
  await Promise.all([...open].map((resource) => resource.close()));
});
