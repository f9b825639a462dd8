import { describe, expect, it } from "vitest";
import { answerStatus, nextBatch, settle } from "./queue";
import type { Op } from "./types";

const op = (id: string, seatId: string | null = `seat-${id}`): Op => ({
  id,
  registrationId: "team",
  seatId,
  kind: "present",
  clientAt: "2026-06-01T08:00:00.000Z",
});

describe("the op queue", () => {
  it("sends the oldest 100 first", () => {
    const queue = Array.from({ length: 250 }, (_, index) => op(String(index)));
    expect(nextBatch(queue).map((item) => item.id)).toEqual(queue.slice(0, 100).map((item) => item.id));
    expect(nextBatch(queue.slice(200))).toHaveLength(50);
  });

  it("takes applied and duplicate ops out, keeps refused ones with the reason, and unanswered ones to send again", () => {
    const queue = [op("a"), op("b"), op("c"), op("d")];
    const attendance = {
      seatId: "seat-b",
      state: "present" as const,
      byEmail: "anna@club.dk",
      at: "2026-06-01T08:01:00Z",
    };
    const settled = settle(
      queue,
      [
        { id: "a", outcome: "applied" },
        { id: "b", outcome: "duplicate", attendance: [attendance] },
        { id: "c", outcome: "refused", reason: "Booking cancelled", code: "booking_not_confirmed" },
      ],
      "Refused",
    );
    expect(settled.queue.map((item) => item.id)).toEqual(["d"]);
    expect(settled.refused).toEqual([{ op: queue[2], reason: "Booking cancelled" }]);
    expect(settled.attendance).toEqual([attendance]);
  });

  it("gives a refusal without the server's words the page's own", () => {
    expect(settle([op("a")], [{ id: "a", outcome: "refused" }], "Refused").refused[0]?.reason).toBe(
      "Refused",
    );
  });

  it("keeps every op on an ended session and on errors; only a 200 settles", () => {
    expect(answerStatus(200)).toBe("ok");
    expect(answerStatus(401)).toBe("signed_out");
    for (const status of [400, 403, 404, 413, 500, 503]) expect(answerStatus(status)).toBe("failed");
  });
});
