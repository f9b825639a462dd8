import { describe, expect, it } from "vitest";
import { copenhagenTime } from "~/lib/dates";
import { escapeText, eventCalendar, foldLine } from "./calendar";

const event = {
  id: "0b7f5a52-1111-4c1e-9b59-4d2f3b6f0a10",
  title: "Riverside Team Racing",
  description: "Race, learn; repeat, with colleagues",
  location: "Boathouse, Frankfurt am Main",
  url: "https://rcl.test/events/riverside-team-racing",
  organizerName: "Frankfurter RG Germania",
  startsAt: copenhagenTime(2027, 6, 15, 9),
  endsAt: copenhagenTime(2027, 6, 15, 17),
  updatedAt: new Date("2027-01-01T10:00:00Z"),
};

describe("eventCalendar", () => {
  const ics = eventCalendar(event, new Date("2027-02-03T04:05:06Z"));
  const lines = ics.split("\r\n");

  it("is a CRLF-separated VCALENDAR with one VEVENT", () => {
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines.at(-2)).toBe("END:VCALENDAR");
  });

  it("gives Copenhagen wall-clock times with the zone defined", () => {
    expect(lines).toContain("DTSTART;TZID=Europe/Copenhagen:20270615T090000");
    expect(lines).toContain("DTEND;TZID=Europe/Copenhagen:20270615T170000");
    expect(lines).toContain("BEGIN:VTIMEZONE");
    expect(lines).toContain("TZID:Europe/Copenhagen");
    expect(lines).toContain("DTSTAMP:20270203T040506Z");
  });

  it("has a UID that stays the same across downloads, and the event's URL", () => {
    const again = eventCalendar(event, new Date("2030-01-01T00:00:00Z")).split("\r\n");
    const uid = lines.find((line) => line.startsWith("UID:"));
    expect(uid).toBe(`UID:event-${event.id}@rethinkcorporatelife.dk`);
    expect(again).toContain(uid);
    expect(lines).toContain(`URL:${event.url}`);
  });

  it("escapes text values", () => {
    expect(lines).toContain("SUMMARY:Riverside Team Racing");
    expect(ics).toContain("Race\\, learn\\; repeat\\, with colleagues");
  });
});

describe("foldLine", () => {
  it("keeps every physical line within 75 octets, even with multi-byte characters", () => {
    const folded = foldLine(`DESCRIPTION:${"Ø".repeat(100)}`);
    for (const line of folded.split("\r\n"))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.split("\r\n ").join("")).toBe(`DESCRIPTION:${"Ø".repeat(100)}`);
  });
});

describe("escapeText", () => {
  it("escapes backslashes, semicolons, commas and newlines", () => {
    expect(escapeText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
  });
});

describe("organizer names", () => {
  it("are quoted, so a name with ; : or , stays one parameter", () => {
    const ics = eventCalendar({ ...event, organizerName: 'Club; "Rowers": East, West' }, new Date());
    expect(ics).toContain('ORGANIZER;CN="Club; Rowers: East, West":mailto:');
  });
});
