import { describe, expect, it } from "vitest";
import { copenhagenTime } from "~/lib/dates";
import { refundPolicySchema } from "~/lib/forms/refund-policy-schema";
import { DEFAULT_REFUND_POLICY, refundCutoff, refundPercentAt } from "./refund-policy";

const MINUTE = 60_000;
const at = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * MINUTE);

describe("refundCutoff", () => {
  it("ends a window at the start's wall-clock time, that many calendar days before", () => {
    const start = copenhagenTime(2027, 6, 15, 9, 30);
    expect(refundCutoff(start, 30)).toEqual(copenhagenTime(2027, 5, 16, 9, 30));
    expect(refundCutoff(start, 8)).toEqual(copenhagenTime(2027, 6, 7, 9, 30));
    expect(refundCutoff(start, 0)).toEqual(start);
  });

  it("keeps the local minute across the spring change: 10:00 summer time back to 10:00 winter time", () => {
    // Clocks go forward on 28 March 2027; the event starts after, the cutoff falls before.
    const start = copenhagenTime(2027, 4, 10, 10, 0);
    expect(start.toISOString()).toBe("2027-04-10T08:00:00.000Z");
    const cutoff = refundCutoff(start, 30);
    expect(cutoff.toISOString()).toBe("2027-03-11T09:00:00.000Z");
    expect(cutoff).toEqual(copenhagenTime(2027, 3, 11, 10, 0));
    // 30 × 24 hours would have ended it at 09:00 Copenhagen time.
    expect(start.getTime() - cutoff.getTime()).toBe(30 * 24 * 60 * MINUTE - 60 * MINUTE);
  });

  it("keeps the local minute across the autumn change: 10:00 winter time back to 10:00 summer time", () => {
    // Clocks go back on 31 October 2027.
    const start = copenhagenTime(2027, 11, 5, 10, 0);
    expect(start.toISOString()).toBe("2027-11-05T09:00:00.000Z");
    const cutoff = refundCutoff(start, 8);
    expect(cutoff.toISOString()).toBe("2027-10-28T08:00:00.000Z");
    expect(start.getTime() - cutoff.getTime()).toBe(8 * 24 * 60 * MINUTE + 60 * MINUTE);
  });

  it("crosses a month and a year end on the calendar", () => {
    const start = copenhagenTime(2028, 1, 5, 18, 0);
    expect(refundCutoff(start, 30)).toEqual(copenhagenTime(2027, 12, 6, 18, 0));
  });
});

describe("refundPercentAt", () => {
  const start = copenhagenTime(2027, 6, 15, 9, 0);
  const cutoff30 = copenhagenTime(2027, 5, 16, 9, 0);
  const cutoff8 = copenhagenTime(2027, 6, 7, 9, 0);
  const percent = (now: Date) => refundPercentAt(DEFAULT_REFUND_POLICY, start, now);

  it("gives each window's share inside it", () => {
    expect(percent(copenhagenTime(2027, 3, 1, 12, 0))).toBe(100);
    expect(percent(copenhagenTime(2027, 6, 1, 12, 0))).toBe(50);
    expect(percent(copenhagenTime(2027, 6, 10, 12, 0))).toBe(0);
  });

  it("counts the minute before a cutoff in the window, and the cutoff itself in the next", () => {
    expect(percent(at(cutoff30, -1))).toBe(100);
    expect(percent(at(cutoff30, 0))).toBe(50);
    expect(percent(at(cutoff30, 1))).toBe(50);
    expect(percent(new Date(cutoff30.getTime() - 1))).toBe(100);

    expect(percent(at(cutoff8, -1))).toBe(50);
    expect(percent(at(cutoff8, 0))).toBe(0);
    expect(percent(at(cutoff8, 1))).toBe(0);
  });

  it("moves the window's end with the clock across the spring change", () => {
    const spring = copenhagenTime(2027, 4, 10, 10, 0);
    const policy = [{ daysBefore: 30, percent: 100 }];
    // 09:59 and 10:00 Copenhagen time on 11 March, winter time.
    expect(refundPercentAt(policy, spring, new Date("2027-03-11T08:59:00.000Z"))).toBe(100);
    expect(refundPercentAt(policy, spring, new Date("2027-03-11T09:00:00.000Z"))).toBe(0);
  });

  it("moves the window's end with the clock across the autumn change", () => {
    const autumn = copenhagenTime(2027, 11, 5, 10, 0);
    const policy = [{ daysBefore: 8, percent: 50 }];
    // 09:59 and 10:00 Copenhagen time on 28 October, still summer time.
    expect(refundPercentAt(policy, autumn, new Date("2027-10-28T07:59:00.000Z"))).toBe(50);
    expect(refundPercentAt(policy, autumn, new Date("2027-10-28T08:00:00.000Z"))).toBe(0);
  });

  it("refunds nothing under an empty policy", () => {
    expect(refundPercentAt([], start, copenhagenTime(2026, 1, 1))).toBe(0);
  });

  it("refunds in full until the start with a window of 0 days, and nothing from the start", () => {
    const policy = [{ daysBefore: 0, percent: 100 }];
    expect(refundPercentAt(policy, start, at(start, -1))).toBe(100);
    expect(refundPercentAt(policy, start, start)).toBe(0);
    expect(refundPercentAt(policy, start, at(start, 60))).toBe(0);
  });
});

describe("refundPolicySchema", () => {
  const parse = (value: unknown) => refundPolicySchema.safeParse(value);
  const messages = (value: unknown) => {
    const result = parse(value);
    return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
  };

  it("reads the form's rows as numbers, and stored numbers as they are", () => {
    expect(
      parse([
        { daysBefore: " 30 ", percent: "100" },
        { daysBefore: "8", percent: "50" },
      ]).data,
    ).toEqual(DEFAULT_REFUND_POLICY);
    expect(parse(DEFAULT_REFUND_POLICY).data).toEqual(DEFAULT_REFUND_POLICY);
    expect(parse([{ daysBefore: 0, percent: 0 }]).data).toEqual([{ daysBefore: 0, percent: 0 }]);
  });

  it("takes an emptied list (nothing posted) as no refund", () => {
    expect(parse(undefined).data).toEqual([]);
    expect(parse("").data).toEqual([]);
    expect(parse([]).data).toEqual([]);
  });

  it("refuses more than five windows", () => {
    const six = [60, 50, 40, 30, 20, 10].map((daysBefore) => ({ daysBefore, percent: 50 }));
    expect(messages(six)).toEqual([["", "Please keep to 5 refund windows or fewer"]]);
    expect(parse(six.slice(0, 5)).success).toBe(true);
  });

  it("refuses days that are not a whole number from 0 to 365", () => {
    const message = "Please enter the days before the event as a whole number from 0 to 365";
    for (const daysBefore of ["", "abc", "-1", "366", "2.5", 2.5, -1, 366]) {
      expect(messages([{ daysBefore, percent: "50" }])).toEqual([["0.daysBefore", message]]);
    }
    expect(parse([{ daysBefore: "365", percent: "50" }]).success).toBe(true);
  });

  it("refuses a percent that is not a whole number from 0 to 100", () => {
    const message = "Please enter the refund as a whole number of percent from 0 to 100";
    for (const percent of ["", "101", "-5", "50.5", "half", 101]) {
      expect(messages([{ daysBefore: "10", percent }])).toEqual([["0.percent", message]]);
    }
  });

  it("refuses a window that does not end fewer days before than the one above it", () => {
    expect(
      messages([
        { daysBefore: "8", percent: "100" },
        { daysBefore: "8", percent: "50" },
      ]),
    ).toEqual([
      ["1.daysBefore", "Please end this window fewer days before the event than the one above it (8 days)"],
    ]);
    expect(
      messages([
        { daysBefore: "8", percent: "100" },
        { daysBefore: "30", percent: "50" },
      ]),
    ).toHaveLength(1);
  });

  it("refuses a later window that refunds more than the one above it, and allows the same", () => {
    expect(
      messages([
        { daysBefore: "30", percent: "50" },
        { daysBefore: "8", percent: "100" },
      ]),
    ).toEqual([["1.percent", "A later window cannot refund more than the one above it (50 %)"]]);
    expect(
      parse([
        { daysBefore: "30", percent: "50" },
        { daysBefore: "8", percent: "50" },
      ]).success,
    ).toBe(true);
  });
});
