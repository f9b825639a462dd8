import { performance } from "node:perf_hooks";
import { log } from "./log";

/**
 * A debug line when a step of the start is done, with the milliseconds since the process
 * began: `LOG_LEVEL=debug npm start` shows where a slow start spends its time
 * (docs/decisions/026-every-core.md has the figures).
 */
export function startStepDone(step: string): void {
  log.debug({ startStep: step, sinceProcessStartMs: Math.round(performance.now()) }, `Start: ${step}`);
}
