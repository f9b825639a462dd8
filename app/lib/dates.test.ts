import { describe, expect, it } from "vitest";
import { copenhagenTime, formatDate, formatTimeRange } from "./dates";

describe("copenhagenTime", () => {
  it("uses summer time (UTC+2) in June", () => {
    expect(copenhagenTime(2027, 6, 15, 9).toISOString()).toBe("2027-06-15T07:00:00.000Z");
  });

  it("uses winter time (UTC+1) in January", () => {
    expect(copenhagenTime(2027, 1, 10, 9, 30).toISOString()).toBe("2027-01-10T08:30:00.000Z");
  });

  it("handles the morning of the spring daylight-saving change", () => {
    // Clocks jump from 02:00 to 03:00 on 28 March 2027; 04:00 is already summer time.
    expect(copenhagenTime(2027, 3, 28, 4).toISOString()).toBe("2027-03-28T02:00:00.000Z");
  });
});

describe("formatting", () => {
  it("shows the date and time range as Copenhagen reads them", () => {
    const start = copenhagenTime(2027, 6, 15, 9);
    const end = copenhagenTime(2027, 6, 15, 17);
    expect(formatDate(start)).toBe("June 15, 2027");
    expect(formatTimeRange(start, end)).toBe("9:00 AM - 5:00 PM");
  });
});
