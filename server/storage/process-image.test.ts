import { describe, expect, it } from "vitest";
import { variantWidths } from "./process-image";

describe("variantWidths", () => {
  it("never enlarges, and always writes at least one variant", () => {
    expect(variantWidths(5000)).toEqual([320, 640, 1280]);
    expect(variantWidths(1280)).toEqual([320, 640, 1280]);
    expect(variantWidths(700)).toEqual([320, 640]);
    expect(variantWidths(200)).toEqual([200]);
  });
});
