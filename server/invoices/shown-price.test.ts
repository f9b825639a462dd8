import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceWithMoms } from "~/lib/billing/price-with-moms";
import { documentLine, totalsOf } from "./document";

describe("the price pages show", () => {
  it("equals the gross of the invoice for one team place at that price", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.constantFrom("registered", "exempt"),
        (net, status) => {
          const invoice = totalsOf([documentLine("Team place", 1, net, status)]);
          expect(priceWithMoms(net, "DKK", status, "da").grossMinor).toBe(invoice.grossMinor);
        },
      ),
    );
  });
});
