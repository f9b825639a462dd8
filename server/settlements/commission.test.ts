import { describe, expect, it } from "vitest";
import { statementFigures } from "./commission";
import { formatStatementMonth, lastDayOf, monthOf, nextMonth, previousMonth } from "./statement-month";

describe("a statement's figures", () => {
  it("takes the share of the net sales and 25 % moms on it, each rounded half up to the øre", () => {
    // 12 % of 1.000,05 kr. is 120,006 → 120,01; its moms 30,0025 → 30,00.
    expect(statementFigures({ netMinor: 100_005, vatMinor: 25_001 }, 12)).toEqual({
      netMinor: 100_005,
      vatMinor: 25_001,
      grossMinor: 125_006,
      revenueSharePercent: 12,
      commissionNetMinor: 12_001,
      commissionVatMinor: 3_000,
      partnerKeepsMinor: 125_006 - 12_001 - 3_000,
    });
    // Exactly half an øre goes up: 10 % of 0,05 kr. is 0,005 → 0,01.
    expect(statementFigures({ netMinor: 5, vatMinor: 0 }, 10).commissionNetMinor).toBe(1);
    // 25 % moms of 0,02 kr. is 0,005 → 0,01.
    expect(statementFigures({ netMinor: 20, vatMinor: 0 }, 10).commissionVatMinor).toBe(1);
  });

  it("charges no share to a basic partner, or in a month whose credits exceed its sales", () => {
    expect(statementFigures({ netMinor: 400_000, vatMinor: 100_000 }, null)).toMatchObject({
      commissionNetMinor: 0,
      commissionVatMinor: 0,
      partnerKeepsMinor: 500_000,
    });
    expect(statementFigures({ netMinor: -400_000, vatMinor: -100_000 }, 15)).toMatchObject({
      revenueSharePercent: 15,
      commissionNetMinor: 0,
      partnerKeepsMinor: -500_000,
    });
  });
});

describe("a statement's month", () => {
  it("is the month before on Copenhagen's calendar, across a year and a time zone's edge", () => {
    // 00:30 on 1 January in Copenhagen is still 31 December in UTC.
    expect(monthOf(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    expect(previousMonth("2027-01-01")).toBe("2026-12-01");
    expect(nextMonth("2026-12-01")).toBe("2027-01-01");
    expect(lastDayOf("2028-02-01")).toBe("2028-02-29");
    expect(formatStatementMonth("2027-05-01", "da")).toBe("maj 2027");
    expect(formatStatementMonth("2027-05-01", "en")).toBe("May 2027");
  });
});
