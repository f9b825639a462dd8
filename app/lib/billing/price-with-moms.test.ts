import { describe, expect, it } from "vitest";
import { priceWithMoms, shownVatStatus } from "./price-with-moms";

// Intl separates thousands and the currency with no-break spaces; compare with plain ones.
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, " ");

describe("priceWithMoms", () => {
  it("shows a registered seller's price with moms first and the net beside it", () => {
    const da = priceWithMoms(400_000, "DKK", "registered", "da");
    expect(plain(da.text)).toBe("5.000,00 kr. inkl. moms (4.000,00 kr. ekskl. moms)");
    expect(plain(da.spoken)).toBe("5.000,00 kr. inklusive moms, 4.000,00 kr. eksklusive moms");
    expect(da.grossMinor).toBe(500_000);
    const en = priceWithMoms(400_000, "DKK", "registered", "en");
    expect(plain(en.text)).toBe("DKK 5,000.00 incl. VAT (DKK 4,000.00 excl. VAT)");
    expect(plain(en.spoken)).toBe("DKK 5,000.00 including VAT, DKK 4,000.00 excluding VAT");
  });

  it("marks an exempt seller's price momsfri, with nothing added", () => {
    const da = priceWithMoms(400_000, "DKK", "exempt", "da");
    expect(plain(da.text)).toBe("4.000,00 kr. (momsfri)");
    expect(plain(da.spoken)).toBe("4.000,00 kr., fritaget for moms");
    expect(da.grossMinor).toBe(400_000);
    expect(plain(priceWithMoms(400_000, "DKK", "exempt", "en").text)).toBe("DKK 4,000.00 (VAT exempt)");
  });

  it("says free for a free event, whatever the seller", () => {
    expect(priceWithMoms(0, "DKK", "registered", "en").text).toBe("Free");
    expect(priceWithMoms(0, "DKK", "exempt", "da").text).toBe("Gratis");
  });

  it("shows a seller without a profile at the standard rate", () => {
    expect(shownVatStatus(null)).toBe("registered");
    expect(shownVatStatus(undefined)).toBe("registered");
    expect(shownVatStatus("exempt")).toBe("exempt");
    expect(priceWithMoms(10_000, "DKK", null, "da").grossMinor).toBe(12_500);
  });

  it("rounds the moms half up to the øre, as the invoice does", () => {
    // 0.02 kr. net: 0.005 kr. moms rounds up to 0.01.
    expect(priceWithMoms(2, "DKK", "registered", "da").grossMinor).toBe(3);
    // 99,99 kr.: 24,9975 kr. moms rounds to 25,00.
    expect(plain(priceWithMoms(9_999, "DKK", "registered", "da").text)).toBe(
      "124,99 kr. inkl. moms (99,99 kr. ekskl. moms)",
    );
    // 0.01 kr.: 0.0025 kr. moms rounds down to nothing.
    expect(priceWithMoms(1, "DKK", "registered", "da").grossMinor).toBe(1);
  });
});
