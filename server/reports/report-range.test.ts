import { describe, expect, it } from "vitest";
import { copenhagenTime } from "~/lib/dates";
import { defaultRange, monthsOf, rangeBounds, readReportRange } from "./report-range";

// 31 December 2026 at 23:30 in Copenhagen is already 2027 there, still 2026 in UTC.
const newYearsEve = new Date("2026-12-31T23:30:00Z");
const read = (query: string, now = newYearsEve) => readReportRange(new URLSearchParams(query), now);

describe("report months", () => {
  it("defaults to the past twelve months, this one in Copenhagen included, and the twelve ahead", () => {
    expect(defaultRange(newYearsEve)).toEqual({ from: "2026-02", to: "2028-01" });
    expect(defaultRange(new Date("2027-06-15T10:00:00Z"))).toEqual({ from: "2026-07", to: "2028-06" });
    expect(read("")).toEqual({
      range: { from: "2026-02", to: "2028-01" },
      problems: {},
      values: { from: "2026-02", to: "2028-01" },
    });
  });

  it("takes a range from the address, up to 36 months", () => {
    expect(read("from=2024-02&to=2027-01").range).toEqual({ from: "2024-02", to: "2027-01" });
    expect(read("from=2025-03&to=2025-03").range).toEqual({ from: "2025-03", to: "2025-03" });
  });

  it("fills a missing end: `to` is this month (or `from` when later), `from` eleven months before `to`", () => {
    expect(read("from=2026-06").range).toEqual({ from: "2026-06", to: "2027-01" });
    expect(read("from=2027-05").range).toEqual({ from: "2027-05", to: "2027-05" });
    expect(read("to=2025-03").range).toEqual({ from: "2024-04", to: "2025-03" });
  });

  it("falls back to the default range, with the reason under the field at fault", () => {
    const fallback = { from: "2026-02", to: "2028-01" };
    for (const [query, field] of [
      ["from=2025-13", "from"],
      ["from=2025-1", "from"],
      ["to=yesterday", "to"],
      ["from=0999-01", "from"],
    ] as const) {
      const { range, problems, values } = read(query);
      expect(range, query).toEqual(fallback);
      expect(problems[field], query).toBe("Enter a month as YYYY-MM, such as 2027-06.");
      expect(values, query).toEqual({
        from: new URLSearchParams(query).get("from") ?? "",
        to: new URLSearchParams(query).get("to") ?? "",
      });
    }
    expect(read("from=2025-06&to=2025-05")).toMatchObject({
      range: fallback,
      problems: { to: "The “to” month is before the “from” month." },
    });
    expect(read("from=2024-01&to=2027-01")).toMatchObject({
      range: fallback,
      problems: { to: "A report covers at most 36 months; choose a shorter range." },
    });
    expect(read("from=2020-01").problems).toEqual({
      from: "A report covers at most 36 months; choose a shorter range.",
    });
  });

  it("lists every month and bounds the range by Copenhagen's midnights", () => {
    expect(monthsOf({ from: "2026-11", to: "2027-02" })).toEqual([
      "2026-11",
      "2026-12",
      "2027-01",
      "2027-02",
    ]);
    expect(rangeBounds({ from: "2027-03", to: "2027-03" })).toEqual({
      start: copenhagenTime(2027, 3, 1),
      end: copenhagenTime(2027, 4, 1),
    });
    expect(rangeBounds({ from: "2027-03", to: "2027-03" }).start.toISOString()).toBe(
      "2027-02-28T23:00:00.000Z",
    );
    expect(rangeBounds({ from: "2027-12", to: "2027-12" }).end.toISOString()).toBe(
      "2027-12-31T23:00:00.000Z",
    );
  });
});
