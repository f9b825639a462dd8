// One factor scales every wait of the test suites, so a busy machine (a shared CI runner, a
// laptop on battery) gets slower tests instead of a wall of timeouts.
import os from "node:os";

/**
 * TEST_TIMEOUT_FACTOR, or unset, the machine's load per core when the run starts (at a load
 * of 8 on two cores every wait is four times as long), at least 1 and at most 8. The
 * configurations call it once and hand the result to the test processes in the same variable.
 */
export function timeoutFactor(): number {
  const chosen = Number(process.env.TEST_TIMEOUT_FACTOR);
  if (Number.isFinite(chosen) && chosen > 0) return chosen;
  const loadPerCore = os.loadavg()[0]! / Math.max(1, os.availableParallelism());
  return Math.min(8, Math.max(1, Math.ceil(loadPerCore)));
}

/** A wait in a test, scaled by the run's timeout factor. */
export function scaled(milliseconds: number): number {
  return milliseconds * timeoutFactor();
}
