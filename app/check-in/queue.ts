import type { Attendance, Op, RefusedOp, SyncResult } from "./types";

/** The sync endpoint takes at most 500 ops; the page sends 100 at a time (ADR 038). */
const BATCH_SIZE = 100;

/** The next ops to send, oldest first. */
export const nextBatch = (queue: readonly Op[], size = BATCH_SIZE): Op[] => queue.slice(0, size);

type Settled = {
  /** Ops still to send: those the answer did not mention. */
  queue: Op[];
  /** Ops the server refused, with its reason, to show until dismissed. */
  refused: RefusedOp[];
  /** Seats' attendance as the server now holds it, to show at once. */
  attendance: Array<{ seatId: string } & Attendance>;
};

/**
 * The queue after the server's answer: applied and duplicate ops leave it (a duplicate is
 * an op the server had already counted, or a seat another phone took first), refused ones
 * move to the list shown with their reason, and ops the answer left out stay to be sent again.
 */
export function settle(
  queue: readonly Op[],
  results: readonly SyncResult[],
  fallbackReason: string,
): Settled {
  const byId = new Map(results.map((result) => [result.id, result]));
  const settled: Settled = { queue: [], refused: [], attendance: [] };
  for (const op of queue) {
    const result = byId.get(op.id);
    if (!result) {
      settled.queue.push(op);
      continue;
    }
    settled.attendance.push(...(result.attendance ?? []));
    if (result.outcome === "refused") settled.refused.push({ op, reason: result.reason ?? fallbackReason });
  }
  return settled;
}

/** How a sync attempt ended, for the status line. */
export type SyncStatus = "synced" | "offline" | "signed_out" | "failed";

/** What an answer's HTTP status means for the queue: only a 200 settles ops. */
export function answerStatus(status: number): SyncStatus | "ok" {
  if (status === 200) return "ok";
  // An ended session keeps every op: the person signs in again and the same ops go.
  if (status === 401) return "signed_out";
  return "failed";
}
