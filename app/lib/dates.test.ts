import { describe, expect, it } from "vitest";
import {
  copenhagenInputValue,
  copenhagenTime,
  formatDate,
  formatTimeRange,
  parseCopenhagenInput,
} from "./dates";

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

describe("datetime-local values in Copenhagen time", () => {
  it("reads summer and winter wall times with their own offsets", () => {
    expect(parseCopenhagenInput("2027-06-15T09:00")?.toISOString()).toBe("2027-06-15T07:00:00.000Z");
    expect(parseCopenhagenInput("2027-01-15T09:00")?.toISOString()).toBe("2027-01-15T08:00:00.000Z");
  });

  it("refuses what is not a real date and time", () => {
    for (const value of [
      "",
      "2027-02-30T09:00",
      "2027-13-01T09:00",
      "2027-06-15T24:00",
      "2027-06-15 09:00",
      "soon",
    ]) {
      expect(parseCopenhagenInput(value)).toBeNull();
    }
  });

  it("writes an instant back as the same wall time", () => {
    for (const value of ["2027-06-15T09:00", "2027-01-15T23:30", "2027-03-28T03:00", "2027-10-31T01:15"]) {
      expect(copenhagenInputValue(parseCopenhagenInput(value)!)).toBe(value);
    }
  });
});
