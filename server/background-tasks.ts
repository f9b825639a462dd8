import { reportError } from "./error-reporting";

/**
 * Work that must not hold up a response, such as sending an account email: doing it
 * after answering keeps response times the same whether or not an address has an
 * account. Failures are logged; shutdown and tests can wait for what is still running.
 */
export function createBackgroundTasks() {
  const pending = new Set<Promise<unknown>>();
  return {
    run(task: Promise<unknown>) {
      const tracked = task
        .catch((error: unknown) => reportError(error, "A background task failed."))
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    /** Resolves once every task started so far has finished. */
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
