import { describe, expect, it } from "vitest";
import { restartDelay } from "./cluster";

describe("restartDelay", () => {
  it("waits a second after a first death, doubling with each death in a row up to 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
