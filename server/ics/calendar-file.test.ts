import { describe, expect, it } from "vitest";
import { copenhagenTime } from "~/lib/dates";
import { calendarLinks, escapeText, eventCalendar, foldLine } from "./calendar-file";

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
  sequence: 2,
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

  it("carries the event's SEQUENCE, so a later file replaces the entry under the same UID", () => {
    expect(lines).toContain("SEQUENCE:2");
    const moved = eventCalendar({ ...event, sequence: 3 }, new Date()).split("\r\n");
    expect(moved).toContain("SEQUENCE:3");
    expect(moved.find((line) => line.startsWith("UID:"))).toBe(lines.find((line) => line.startsWith("UID:")));
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

describe("calendarLinks", () => {
  const summer = event; // June 15, 09:00–17:00 Copenhagen summer time (UTC+2)
  const winter = {
    ...event,
    startsAt: copenhagenTime(2027, 1, 20, 9, 30),
    endsAt: copenhagenTime(2027, 1, 20, 12),
  }; // UTC+1
  const paramsOf = (link: string) => new URL(link).searchParams;

  it("names the event's .ics file", () => {
    expect(calendarLinks(summer, "/events/riverside-team-racing/calendar.ics").ics).toBe(
      "/events/riverside-team-racing/calendar.ics",
    );
  });

  it("fills Google Calendar's form with Copenhagen wall-clock times and the zone, summer and winter", () => {
    const google = calendarLinks(summer, "/x.ics").google;
    expect(google.startsWith("https://calendar.google.com/calendar/render?action=TEMPLATE&")).toBe(true);
    const params = paramsOf(google);
    expect(params.get("text")).toBe("Riverside Team Racing");
    expect(params.get("dates")).toBe("20270615T090000/20270615T170000");
    expect(params.get("ctz")).toBe("Europe/Copenhagen");
    expect(params.get("location")).toBe("Boathouse, Frankfurt am Main");
    expect(params.get("details")).toBe(`${event.description}\n\n${event.url}`);
    expect(paramsOf(calendarLinks(winter, "/x.ics").google).get("dates")).toBe(
      "20270120T093000/20270120T120000",
    );
  });

  it("fills Outlook's form with the exact instants in UTC, summer and winter", () => {
    const outlook = calendarLinks(summer, "/x.ics").outlook;
    expect(outlook.startsWith("https://outlook.live.com/calendar/0/action/compose?")).toBe(true);
    const params = paramsOf(outlook);
    expect(params.get("subject")).toBe("Riverside Team Racing");
    expect(params.get("rru")).toBe("addevent");
    expect(params.get("startdt")).toBe("2027-06-15T07:00:00Z");
    expect(params.get("enddt")).toBe("2027-06-15T15:00:00Z");
    expect(params.get("location")).toBe("Boathouse, Frankfurt am Main");
    expect(params.get("body")).toBe(`${event.description}\n\n${event.url}`);
    const winterParams = paramsOf(calendarLinks(winter, "/x.ics").outlook);
    expect(winterParams.get("startdt")).toBe("2027-01-20T08:30:00Z");
    expect(winterParams.get("enddt")).toBe("2027-01-20T11:00:00Z");
  });

  it("encodes spaces as %20 and keeps every character of the text", () => {
    const tricky = { ...event, title: "Row & talk: 50% off + more #1", bookingReference: "RCL-7K3Q9P" };
    const links = calendarLinks(tricky, "/x.ics");
    for (const link of [links.google, links.outlook]) {
      expect(link).not.toMatch(/[ +]/);
      const params = paramsOf(link);
      expect(params.get("text") ?? params.get("subject")).toBe(tricky.title);
      expect(params.get("details") ?? params.get("body")).toMatch(/^Booking reference: RCL-7K3Q9P\n\n/);
    }
  });

  it("describes the event as the .ics file does", () => {
    const booked = { ...event, bookingReference: "RCL-7K3Q9P" };
    const ics = eventCalendar(booked, new Date()).replace(/\r\n /g, "");
    const details = paramsOf(calendarLinks(booked, "/x.ics").google).get("details")!;
    expect(ics).toContain(`DESCRIPTION:${escapeText(details)}`);
  });
});
