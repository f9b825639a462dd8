import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { momsOf, percentOf } from "~/lib/billing/moms";
import { creditAmounts } from "./credit-amounts";

const price = fc.integer({ min: 1, max: 100_000_000 });

describe("creditAmounts", () => {
  it("credits a policy's share of an untouched invoice with that share's own moms", () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 1, max: 99 }), (net, percent) => {
        const left = { netMinor: net, vatMinor: momsOf(net, 25) };
        const credit = creditAmounts({ percent }, net, left, 25);
        expect(credit.netMinor).toBe(percentOf(net, percent));
        // The credit note's moms is its net's moms (BR-CO-17), and the fee keeps the rest.
        expect(credit.vatMinor).toBe(Math.min(momsOf(credit.netMinor, 25), left.vatMinor));
        expect(credit.vatMinor).toBeLessThanOrEqual(left.vatMinor);
      }),
    );
  });

  it("never credits more than is left, and the whole rest takes exactly the moms left", () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 0, max: 100 }), fc.nat(), (net, percent, takenSeed) => {
        const taken = takenSeed % (net + 1);
        const vat = momsOf(net, 25);
        const left = { netMinor: net - taken, vatMinor: vat - Math.min(momsOf(taken, 25), vat) };
        const credit = creditAmounts({ percent }, net, left, 25);
        expect(credit.netMinor).toBeLessThanOrEqual(left.netMinor);
        expect(credit.vatMinor).toBeLessThanOrEqual(left.vatMinor);
        if (credit.netMinor === left.netMinor) expect(credit.vatMinor).toBe(left.vatMinor);
        expect(creditAmounts("rest", net, left, 25)).toEqual(left);
      }),
    );
  });

  it("gives 100 % as the rest, 0 % as nothing, and a number as asked", () => {
    const left = { netMinor: 300_001, vatMinor: 75_000 };
    expect(creditAmounts({ percent: 100 }, 400_000, left, 25)).toEqual(left);
    expect(creditAmounts({ percent: 0 }, 400_000, left, 25)).toEqual({ netMinor: 0, vatMinor: 0 });
    // Half of 400,000 is 200,000, and its moms 50,000.
    expect(creditAmounts({ percent: 50 }, 400_000, left, 25)).toEqual({
      netMinor: 200_000,
      vatMinor: 50_000,
    });
    expect(creditAmounts(1, 400_000, left, 25)).toEqual({ netMinor: 1, vatMinor: 0 });
  });
});
