import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";

describe("formatMoney", () => {
  it("shows whole amounts without decimals", () => {
    expect(formatMoney(50_000, "GBP")).toBe("£500");
  });

  it("keeps the minor units when there are any", () => {
    expect(formatMoney(9_550, "GBP")).toBe("£95.50");
  });

  it("uses the currency's own number of minor digits", () => {
    expect(formatMoney(500, "JPY")).toBe("JP¥500");
    // Intl separates the code with a no-break space.
    expect(formatMoney(150_000, "DKK")).toMatch(/^DKK\s1,500$/);
  });
});
