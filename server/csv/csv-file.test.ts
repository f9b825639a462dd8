import { describe, expect, it } from "vitest";
import { copenhagenInputValue } from "~/lib/dates";
import { csvDateTime } from "./csv-file";

describe("csvDateTime", () => {
  it("writes Copenhagen time as Intl does, across both changes of summer time, every 7 minutes", () => {
    // 2027: summer time from 01:00 UTC on 28 March until 01:00 UTC on 31 October.
    for (const [from, to] of [
      ["2027-03-27T20:00:00Z", "2027-03-28T06:00:00Z"],
      ["2027-10-30T20:00:00Z", "2027-10-31T06:00:00Z"],
    ] as const) {
      for (let time = Date.parse(from); time < Date.parse(to); time += 7 * 60_000 + 13_000) {
        const instant = new Date(time);
        expect(csvDateTime(instant), instant.toISOString()).toBe(
          copenhagenInputValue(instant).replace("T", " "),
        );
      }
    }
    expect(csvDateTime(new Date("2027-03-28T00:59:59Z"))).toBe("2027-03-28 01:59");
    expect(csvDateTime(new Date("2027-03-28T01:00:00Z"))).toBe("2027-03-28 03:00");
    expect(csvDateTime(new Date("2027-10-31T00:30:00Z"))).toBe("2027-10-31 02:30");
    expect(csvDateTime(new Date("2027-10-31T01:30:00Z"))).toBe("2027-10-31 02:30");
    expect(csvDateTime(new Date("1999-12-31T23:00:00Z"))).toBe("2000-01-01 00:00");
    expect(csvDateTime(null)).toBe("");
  });
});
