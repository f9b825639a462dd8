import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { grossOf, momsOf, momsPercentFor } from "./moms";

describe("moms", () => {
  it("is 25 % of the net amount, rounded half up to the øre", () => {
    expect(momsOf(400_000, 25)).toBe(100_000);
    expect(momsOf(1, 25)).toBe(0); // 0.25 øre
    expect(momsOf(2, 25)).toBe(1); // 0.5 øre rounds up
    expect(momsOf(3, 25)).toBe(1); // 0.75 øre
    expect(momsOf(250_050, 25)).toBe(62_513); // 62,512.5 øre
    expect(grossOf(400_000, 25)).toBe(500_000);
  });

  it("is none for exempt sellers", () => {
    expect(momsPercentFor("exempt")).toBe(0);
    expect(momsPercentFor("registered")).toBe(25);
    expect(momsOf(250_050, 0)).toBe(0);
  });

  it("mirrors a credit exactly: the moms of −x is −(moms of x)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (net) => momsOf(-net, 25) === -momsOf(net, 25)),
    );
  });

  it("is never more than half an øre from the exact amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.constantFrom(0, 25), (net, percent) => {
        const exact = (net * percent) / 100;
        const moms = momsOf(net, percent);
        return Math.abs(moms - exact) <= 0.5 && moms - exact !== -0.5;
      }),
    );
  });

  it("refuses fractions of an øre and fractional rates", () => {
    expect(() => momsOf(1.5, 25)).toThrow(RangeError);
    expect(() => momsOf(100, 12.5)).toThrow(RangeError);
  });
});
