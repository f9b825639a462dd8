import { describe, expect, it } from "vitest";
import { copenhagenTime } from "~/lib/dates";
import {
  chartBuckets,
  defaultRange,
  fillBuckets,
  parseDay,
  rangeInstants,
  readDateRange,
} from "./date-range";

// 23:30 on 14 June in Copenhagen is already 15 June nowhere else but there: 21:30 UTC.
const NOW = copenhagenTime(2027, 6, 14, 23, 30);
const read = (query: string) => readDateRange(new URLSearchParams(query), NOW);

describe("parseDay", () => {
  it("reads real days only", () => {
    expect(parseDay("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
    for (const value of [
      "2027-02-29",
      "2027-13-01",
      "2027-06-31",
      "27-06-01",
      "2027-6-1",
      "0099-01-01",
      "",
    ]) {
      expect(parseDay(value), value).toBeNull();
    }
  });
});

describe("readDateRange", () => {
  it("defaults to the last 30 days up to today in Copenhagen", () => {
    expect(defaultRange(NOW)).toEqual({ from: "2027-05-16", to: "2027-06-14" });
    expect(read("")).toEqual({
      range: { from: "2027-05-16", to: "2027-06-14" },
      asked: { from: "", to: "" },
      problems: {},
    });
    // Half an hour later it is the 15th in Copenhagen, while UTC still says the 14th.
    expect(defaultRange(copenhagenTime(2027, 6, 15, 0, 30)).to).toBe("2027-06-15");
  });

  it("takes the range from the address", () => {
    expect(read("from=2027-01-01&to=2027-01-31").range).toEqual({ from: "2027-01-01", to: "2027-01-31" });
    expect(read("from=2027-06-14&to=2027-06-14").range).toEqual({ from: "2027-06-14", to: "2027-06-14" });
  });

  it("fills a missing end with today and a missing start with 30 days before the end", () => {
    expect(read("from=2027-06-01").range).toEqual({ from: "2027-06-01", to: "2027-06-14" });
    expect(read("to=2027-03-31").range).toEqual({ from: "2027-03-02", to: "2027-03-31" });
  });

  it("falls back to the default with a message next to the field it cannot use", () => {
    const fallback = { from: "2027-05-16", to: "2027-06-14" };
    expect(read("from=2027-02-30&to=2027-03-01")).toEqual({
      range: fallback,
      asked: { from: "2027-02-30", to: "2027-03-01" },
      problems: { from: "Enter a date such as 2027-06-15." },
    });
    expect(read("to=soon")).toMatchObject({
      range: fallback,
      problems: { to: "Enter a date such as 2027-06-15." },
    });
    expect(read("from=2027-03-02&to=2027-03-01")).toMatchObject({
      range: fallback,
      problems: { to: "The end date must be on or after the start date." },
    });
    expect(read("from=2027-07-01")).toMatchObject({
      range: fallback,
      problems: { from: "The start date must be today or earlier." },
    });
  });

  it("allows at most 366 days", () => {
    expect(read("from=2024-01-01&to=2024-12-31").range).toEqual({ from: "2024-01-01", to: "2024-12-31" });
    expect(read("from=2024-01-01&to=2025-01-01")).toMatchObject({
      range: { from: "2027-05-16", to: "2027-06-14" },
      problems: { from: "Choose a range of at most 366 days." },
    });
  });
});

describe("rangeInstants", () => {
  it("runs from midnight of the first day to midnight after the last, in Copenhagen", () => {
    // Summer time starts on 28 March 2027: that day has 23 hours.
    expect(rangeInstants({ from: "2027-03-28", to: "2027-03-28" })).toEqual({
      start: new Date("2027-03-27T23:00:00Z"),
      end: new Date("2027-03-28T22:00:00Z"),
    });
  });
});

describe("chartBuckets", () => {
  it("gives a bar per day up to 62 days", () => {
    const days = chartBuckets({ from: "2027-01-01", to: "2027-03-03" });
    expect(days).toHaveLength(62);
    expect(days[0]).toEqual({ from: "2027-01-01", to: "2027-01-01", week: null });
    expect(days.at(-1)).toEqual({ from: "2027-03-03", to: "2027-03-03", week: null });
  });

  it("gives a bar per Monday-to-Sunday week above 62 days, cut to the range at both ends", () => {
    // 1 January 2027 is a Friday; 4 March is a Thursday: 63 days.
    const weeks = chartBuckets({ from: "2027-01-01", to: "2027-03-04" });
    expect(weeks[0]).toEqual({ from: "2027-01-01", to: "2027-01-03", week: 53 });
    expect(weeks[1]).toEqual({ from: "2027-01-04", to: "2027-01-10", week: 1 });
    expect(weeks.at(-1)).toEqual({ from: "2027-03-01", to: "2027-03-04", week: 9 });
    expect(weeks).toHaveLength(10);
  });
});

describe("fillBuckets", () => {
  it("sums the days into their bars and fills the rest with zero", () => {
    const weeks = chartBuckets({ from: "2027-01-01", to: "2027-03-04" });
    const counts = fillBuckets(weeks, [
      { day: "2027-01-02", count: 2 },
      { day: "2027-01-04", count: 3 },
      { day: "2027-01-10", count: 4 },
      { day: "2027-03-04", count: 1 },
      { day: "2027-03-05", count: 9 },
      { day: "2026-12-31", count: 9 },
    ]);
    expect(counts).toEqual([2, 7, 0, 0, 0, 0, 0, 0, 0, 1]);
  });
});
