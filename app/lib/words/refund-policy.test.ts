import { describe, expect, it } from "vitest";
// A test is never bundled for the browser: it answers as the server does, in a request's language.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { withLocale } from "#server/http/language";
import { DEFAULT_REFUND_POLICY } from "~/lib/billing/refund-policy";
import { copenhagenTime } from "~/lib/dates";
import { refundPolicyLines } from "./refund-policy";

// Starts after the spring change; its 30-day window ends before it, in winter time.
const start = copenhagenTime(2027, 4, 10, 10, 0);

describe("refundPolicyLines", () => {
  it("says each window and what is left, in English", () => {
    expect(withLocale("en", () => refundPolicyLines(DEFAULT_REFUND_POLICY))).toEqual([
      "Full refund if you cancel until 30 days before the event",
      "50 % refunded if you cancel until 8 days before the event",
      "No refund after that",
    ]);
  });

  it("gives each window's end as a date and time in Copenhagen when the start is known", () => {
    expect(withLocale("en", () => refundPolicyLines(DEFAULT_REFUND_POLICY, start))).toEqual([
      "Full refund if you cancel until 30 days before the event (until March 11, 2027 at 10:00 AM)",
      "50 % refunded if you cancel until 8 days before the event (until April 2, 2027 at 10:00 AM)",
      "No refund after that",
    ]);
  });

  it("says it in Danish", () => {
    expect(withLocale("da", () => refundPolicyLines(DEFAULT_REFUND_POLICY, start))).toEqual([
      "Fuld refusion, hvis du afmelder indtil 30 dage før arrangementet (indtil 11. marts 2027 kl. 10.00)",
      "50 % tilbagebetales, hvis du afmelder indtil 8 dage før arrangementet (indtil 2. april 2027 kl. 10.00)",
      "Ingen refusion derefter",
    ]);
  });

  it("says a window to the start without a line after it, and one day in the singular", () => {
    const policy = [
      { daysBefore: 1, percent: 100 },
      { daysBefore: 0, percent: 0 },
    ];
    expect(withLocale("en", () => refundPolicyLines(policy))).toEqual([
      "Full refund if you cancel until 1 day before the event",
      "No refund if you cancel until the event starts",
    ]);
    expect(withLocale("da", () => refundPolicyLines([{ daysBefore: 0, percent: 100 }], start))).toEqual([
      "Fuld refusion, hvis du afmelder indtil arrangementet starter (indtil 10. april 2027 kl. 10.00)",
    ]);
  });

  it("says an empty policy refunds nothing", () => {
    expect(withLocale("en", () => refundPolicyLines([], start))).toEqual(["No refund if you cancel"]);
    expect(withLocale("da", () => refundPolicyLines([]))).toEqual(["Ingen refusion ved afmelding"]);
  });
});
