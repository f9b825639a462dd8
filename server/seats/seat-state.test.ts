import { describe, expect, it } from "vitest";
import { seatState, unansweredRequired } from "./seat-state";

const confirmedAt = new Date("2027-05-01T10:00:00Z");

describe("a rower seat's state", () => {
  it("has no address when the roster gives none and nobody confirmed at the jetty", () => {
    expect(seatState({ email: null, confirmedAt: null, swims: null }, null, 1)).toEqual({
      state: "no_address",
      reasons: [{ kind: "swim_answer_missing" }, { kind: "acceptance_missing", currentVersion: 1 }],
    });
  });

  it("is invited while the rower with an address has not confirmed", () => {
    expect(seatState({ email: "a@x.dk", confirmedAt: null, swims: null }, null, null).state).toBe("invited");
  });

  it("misses the declaration when the swim answer or the current acceptance is missing, saying which", () => {
    expect(seatState({ email: "a@x.dk", confirmedAt, swims: null }, 2, 2)).toEqual({
      state: "declaration_missing",
      reasons: [{ kind: "swim_answer_missing" }],
    });
    expect(seatState({ email: "a@x.dk", confirmedAt, swims: true }, null, 2)).toEqual({
      state: "declaration_missing",
      reasons: [{ kind: "acceptance_missing", currentVersion: 2 }],
    });
    expect(seatState({ email: "a@x.dk", confirmedAt, swims: false }, 2, 3)).toEqual({
      state: "declaration_missing",
      reasons: [{ kind: "acceptance_outdated", acceptedVersion: 2, currentVersion: 3 }],
    });
  });

  it("is confirmed with a swim answer and the current version accepted, or when there is no declaration", () => {
    expect(seatState({ email: "a@x.dk", confirmedAt, swims: false }, 3, 3)).toEqual({
      state: "confirmed",
      reasons: [],
    });
    expect(seatState({ email: null, confirmedAt, swims: true }, null, null).state).toBe("confirmed");
  });

  it("counts no swim answer missing once the answers were pruned after the event", () => {
    const pruned = { email: "a@x.dk", confirmedAt, swims: null, prunedAt: new Date() };
    expect(seatState(pruned, 1, 1)).toEqual({ state: "confirmed", reasons: [] });
  });

  it("misses the declaration while a required rower question is unanswered, naming the questions", () => {
    expect(
      seatState({ email: "a@x.dk", confirmedAt, swims: true, unansweredRequired: ["q-1"] }, 1, 1),
    ).toEqual({ state: "declaration_missing", reasons: [{ kind: "answer_missing", questionIds: ["q-1"] }] });
    expect(seatState({ email: "a@x.dk", confirmedAt, swims: true, unansweredRequired: [] }, 1, 1).state).toBe(
      "confirmed",
    );
  });

  it("counts only required rower questions as unanswered", () => {
    const questions = [
      { id: "a", scope: "rower", required: true },
      { id: "b", scope: "rower", required: false },
      { id: "c", scope: "team", required: true },
      { id: "d", scope: "rower", required: true },
    ] as const;
    expect(unansweredRequired(questions, new Set(["d"]))).toEqual(["a"]);
  });
});
