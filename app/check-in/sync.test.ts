import { describe, expect, it } from "vitest";
import { sendableBy, syncQueue, type SyncDeps } from "./sync";
import type { Op, RefusedOp, SyncAnswer } from "./types";

const COUNTS = { teams: 1, teamsCheckedIn: 1, rowers: 4, rowersPresent: 1, declarationsMissing: 0 };

const op = (index: number): Op => ({
  id: `op-${index}`,
  registrationId: "team",
  seatId: `seat-${index}`,
  kind: "present",
  clientAt: "2026-06-01T08:00:00.000Z",
});

/** A phone's storage in memory, and a server answering as `answer` says. */
function phone(ops: Op[], answer: (body: { deviceId: string; ops: Op[] }) => Response | Promise<Response>) {
  let queue = [...ops];
  const refused: RefusedOp[] = [];
  const sent: Array<{ deviceId: string; ops: Op[] }> = [];
  const deps: SyncDeps = {
    url: "/sync",
    deviceId: "device-1",
    loadQueue: async () => queue,
    dequeue: async (answered) => {
      queue = queue.filter((item) => !answered.has(item.id));
    },
    addRefused: async (list) => {
      refused.push(...list);
    },
    fetch: async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { deviceId: string; ops: Op[] };
      sent.push(body);
      return answer(body);
    },
    fallbackReason: "Refused",
  };
  return { deps, sent, refused, queue: () => queue };
}

const json = (value: SyncAnswer, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { "Content-Type": "application/json" } });

describe("syncQueue", () => {
  it("sends 250 ops in batches of 100 with the device's id and empties the queue", async () => {
    const ops = Array.from({ length: 250 }, (_, index) => op(index));
    const { deps, sent, queue } = phone(ops, (body) =>
      json({ results: body.ops.map((item) => ({ id: item.id, outcome: "applied" })), counts: COUNTS }),
    );
    const outcome = await syncQueue(deps);
    expect(outcome.status).toBe("synced");
    expect(sent.map((body) => body.ops.length)).toEqual([100, 100, 50]);
    expect(sent.every((body) => body.deviceId === "device-1")).toBe(true);
    expect(queue()).toEqual([]);
    expect(outcome.counts).toEqual(COUNTS);
  });

  it("keeps the queue when the phone is offline", async () => {
    const { deps, queue } = phone([op(1)], () => Promise.reject(new TypeError("Failed to fetch")));
    expect((await syncQueue(deps)).status).toBe("offline");
    expect(queue()).toHaveLength(1);
  });

  it("keeps the queue on 401 and asks to sign in again", async () => {
    const { deps, queue } = phone([op(1), op(2)], () => json({ results: [], counts: COUNTS }, 401));
    expect((await syncQueue(deps)).status).toBe("signed_out");
    expect(queue()).toHaveLength(2);
  });

  it("lists refused ops with their reason, drops duplicates and passes on who took a seat", async () => {
    const taken = {
      seatId: "seat-2",
      state: "present" as const,
      byEmail: "anna@club.dk",
      at: "2026-06-01T08:01:00Z",
    };
    const { deps, queue, refused } = phone([op(1), op(2)], () =>
      json({
        results: [
          { id: "op-1", outcome: "refused", reason: "Not this event's team", code: "not_this_event" },
          { id: "op-2", outcome: "duplicate", reason: "Already checked in", attendance: [taken] },
        ],
        counts: COUNTS,
      }),
    );
    const outcome = await syncQueue(deps);
    expect(outcome.status).toBe("synced");
    expect(queue()).toEqual([]);
    expect(refused).toEqual([{ op: op(1), reason: "Not this event's team" }]);
    expect(outcome.attendance).toEqual([taken]);
  });

  it("stops instead of sending the same batch forever when the answer settles nothing", async () => {
    const { deps, sent, queue } = phone([op(1)], () => json({ results: [], counts: COUNTS }));
    expect((await syncQueue(deps)).status).toBe("failed");
    expect(sent).toHaveLength(1);
    expect(queue()).toHaveLength(1);
  });

  it("sends nothing when the queue is empty", async () => {
    const { deps, sent } = phone([], () => json({ results: [], counts: COUNTS }));
    expect((await syncQueue(deps)).status).toBe("synced");
    expect(sent).toEqual([]);
  });
});

describe("sendableBy", () => {
  const op = (by?: string): Op => ({
    id: `op-${by ?? "none"}`,
    registrationId: "team-1",
    seatId: null,
    kind: "present",
    clientAt: "2026-06-01T08:00:00.000Z",
    ...(by === undefined ? {} : { by }),
  });

  it("sends the signed-in person's own taps and older ops that name no tapper, never another's", () => {
    const queue = [op("anna@club.dk"), op("mia@club.dk"), op()];
    expect(queue.filter(sendableBy("anna@club.dk")).map((entry) => entry.id)).toEqual([
      "op-anna@club.dk",
      "op-none",
    ]);
    expect(queue.filter(sendableBy("mia@club.dk")).map((entry) => entry.id)).toEqual([
      "op-mia@club.dk",
      "op-none",
    ]);
  });
});
