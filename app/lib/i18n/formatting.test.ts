import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// Issue 25: every date and time is shown in Copenhagen's time, whatever the server's time
// zone, across the summer-time changes, in both languages; money in each language's form.
// Each time zone runs in a process of its own: a process reads TZ once, when it starts.

const INSTANTS = {
  summerMorning: "2025-06-15T07:00:00Z", // 09:00 in Copenhagen (CEST)
  winterEvening: "2025-01-10T16:30:00Z", // 17:30 (CET)
  beforeSpringChange: "2025-03-30T00:30:00Z", // 01:30 CET, the night clocks go forward
  afterSpringChange: "2025-03-30T01:30:00Z", // 03:30 CEST
  firstAutumnHalfPast: "2025-10-26T00:30:00Z", // 02:30 CEST, the night clocks go back
  secondAutumnHalfPast: "2025-10-26T01:30:00Z", // 02:30 CET, an hour later
  newYearInCopenhagen: "2025-12-31T23:30:00Z", // already 1 January 2026
};

const SCRIPT = `
import { formatDate, formatInstant, formatTime, formatTimeRange, copenhagenYear } from "./app/lib/dates.ts";
import { formatMoney } from "./app/lib/money.ts";
const instants = ${JSON.stringify(INSTANTS)};
const out = {};
for (const locale of ["en", "da"]) {
  for (const [name, iso] of Object.entries(instants)) {
    const at = new Date(iso);
    out[locale + ":" + name] = [formatDate(at, locale), formatTime(at, locale), formatInstant(at, locale), copenhagenYear(at)];
  }
  out[locale + ":range"] = formatTimeRange(new Date(instants.summerMorning), new Date("2025-06-15T15:00:00Z"), locale);
  out[locale + ":money"] = [formatMoney(499500, "DKK", locale), formatMoney(499550, "DKK", locale), formatMoney(50000, "GBP", locale)];
}
console.log(JSON.stringify(out));
`;

function formattedIn(timeZone: string): Record<string, unknown> {
  const result = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", SCRIPT], {
    env: { ...process.env, TZ: timeZone },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

describe("dates, times and money whatever the server's time zone", () => {
  const copenhagen = formattedIn("Europe/Copenhagen");

  it("gives the same text on a server in UTC and in New York as in Copenhagen", () => {
    expect(formattedIn("UTC")).toEqual(copenhagen);
    expect(formattedIn("America/New_York")).toEqual(copenhagen);
  });

  it("writes English as the specification does", () => {
    expect(copenhagen["en:summerMorning"]).toEqual([
      "June 15, 2025",
      "9:00 AM",
      "June 15, 2025 at 9:00 AM",
      2025,
    ]);
    expect(copenhagen["en:range"]).toBe("9:00 AM - 5:00 PM");
    // Intl keeps the amount and its currency together with a no-break space.
    expect(copenhagen["en:money"]).toEqual(["DKK\u00a04,995", "DKK\u00a04,995.50", "£500"]);
  });

  it("writes Danish as Danes do: the day first, a full stop in the time, kroner after the amount", () => {
    expect(copenhagen["da:summerMorning"]).toEqual(["15. juni 2025", "9.00", "15. juni 2025 kl. 9.00", 2025]);
    expect(copenhagen["da:winterEvening"]).toEqual([
      "10. januar 2025",
      "17.30",
      "10. januar 2025 kl. 17.30",
      2025,
    ]);
    expect(copenhagen["da:range"]).toBe("9.00–17.00");
    expect(copenhagen["da:money"]).toEqual(["4.995\u00a0kr.", "4.995,50\u00a0kr.", "500\u00a0£"]);
  });

  it("follows Copenhagen's clocks across the summer-time changes", () => {
    expect((copenhagen["da:beforeSpringChange"] as string[])[1]).toBe("1.30");
    expect((copenhagen["da:afterSpringChange"] as string[])[1]).toBe("3.30");
    expect((copenhagen["da:firstAutumnHalfPast"] as string[])[1]).toBe("2.30");
    expect((copenhagen["da:secondAutumnHalfPast"] as string[])[1]).toBe("2.30");
    expect((copenhagen["en:afterSpringChange"] as string[])[1]).toBe("3:30 AM");
    expect(copenhagen["da:newYearInCopenhagen"]).toEqual([
      "1. januar 2026",
      "0.30",
      "1. januar 2026 kl. 0.30",
      2026,
    ]);
  });
});
