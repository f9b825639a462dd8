import { answerStatus, nextBatch, settle, type SyncStatus } from "./queue";
import type { Attendance, Counts, Op, RefusedOp, SyncAnswer } from "./types";

export type SyncDeps = {
  url: string;
  deviceId: string;
  loadQueue: () => Promise<Op[]>;
  dequeue: (answered: ReadonlySet<string>) => Promise<void>;
  addRefused: (refused: readonly RefusedOp[]) => Promise<void>;
  fetch: typeof fetch;
  /** Shown for a refusal that came without the server's words. */
  fallbackReason: string;
};

export type SyncOutcome = {
  status: SyncStatus;
  attendance: Array<{ seatId: string } & Attendance>;
  refused: RefusedOp[];
  counts: Counts | null;
};

/**
 * Sends the queue in batches of 100 until it is empty or a batch cannot go (ADR 038).
 * Each op carries the id made when it was tapped, so a batch sent twice (an answer lost
 * on the way back) counts once on the server. Only ops the server answered leave the queue.
 */
export async function syncQueue(deps: SyncDeps): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { status: "synced", attendance: [], refused: [], counts: null };
  for (;;) {
    const batch = nextBatch(await deps.loadQueue());
    if (batch.length === 0) return outcome;
    let response: Response;
    try {
      response = await deps.fetch(deps.url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ deviceId: deps.deviceId, ops: batch }),
        credentials: "same-origin",
      });
    } catch {
      return { ...outcome, status: "offline" };
    }
    const status = answerStatus(response.status);
    if (status !== "ok") return { ...outcome, status };
    let answer: SyncAnswer;
    try {
      answer = (await response.json()) as SyncAnswer;
    } catch {
      return { ...outcome, status: "failed" };
    }
    const settled = settle(batch, answer.results ?? [], deps.fallbackReason);
    const answered = new Set(batch.filter((op) => !settled.queue.includes(op)).map((op) => op.id));
    if (settled.refused.length > 0) await deps.addRefused(settled.refused);
    await deps.dequeue(answered);
    outcome.attendance.push(...settled.attendance);
    outcome.refused.push(...settled.refused);
    outcome.counts = answer.counts ?? outcome.counts;
    // An answer that settles nothing would send the same batch forever.
    if (answered.size === 0) return { ...outcome, status: "failed" };
  }
}

/** The ops the signed-in person may send: their own, and those stored before ops named a tapper. */
export const sendableBy = (email: string) => (op: Op) => op.by === undefined || op.by === email;
