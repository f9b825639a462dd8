import { describe, expect, it } from "vitest";
import type { Actor } from "./actor";
import { assertBookingAction, bookingActions } from "./booking-actions";

const booker: Actor = { userId: "booker-1", role: "user", partnerIds: [] };
const someoneElse: Actor = { userId: "other-1", role: "admin", partnerIds: [] };

const NOW = new Date("2027-05-10T10:00:00Z");
const day = (offset: number) => new Date(NOW.getTime() + offset * 86_400_000);

type Status = "confirmed" | "waitlisted" | "cancelled";
const booking = (status: Status) => ({ userId: booker.userId, status });
/** An event the given number of days from now, its deadline and start relative to NOW. */
const event = ({ deadline = 5, starts = 10, status = "published" as "published" | "cancelled" } = {}) => ({
  status,
  registrationDeadline: day(deadline),
  startsAt: day(starts),
  endsAt: day(starts + 0.1),
});

describe("bookingActions", () => {
  it.each([
    ["a confirmed booking before the deadline", booking("confirmed"), event(), [true, true, null]],
    ["a waitlisted booking before the deadline", booking("waitlisted"), event(), [true, true, null]],
    [
      "a booking after the deadline",
      booking("confirmed"),
      event({ deadline: -1 }),
      [false, true, "deadline"],
    ],
    [
      "a booking once the event started",
      booking("confirmed"),
      event({ deadline: -3, starts: -1 }),
      [false, false, "deadline"],
    ],
    ["a cancelled booking", booking("cancelled"), event(), [false, false, "registration_cancelled"]],
    [
      "a booking of a cancelled event",
      booking("confirmed"),
      event({ status: "cancelled" }),
      [false, true, "cancelled"],
    ],
  ] as const)("%s", (_name, facts, of, [edit, cancel, editClosed]) => {
    expect(bookingActions(booker, facts, of, NOW)).toEqual({ edit, cancel, editClosed });
  });

  it("offers nothing to anyone but the person who booked, an admin included", () => {
    expect(bookingActions(someoneElse, booking("confirmed"), event(), NOW)).toEqual({
      edit: false,
      cancel: false,
      editClosed: null,
    });
  });
});

describe("assertBookingAction", () => {
  const refusal = (...facts: Parameters<typeof assertBookingAction>) => {
    try {
      assertBookingAction(...facts);
      return null;
    } catch (error) {
      if (error instanceof Error) return error;
      throw error;
    }
  };

  it("refuses with the commands' messages and reasons", () => {
    expect(refusal("edit", booker, booking("cancelled"), event(), NOW)).toMatchObject({
      message: "This registration has been cancelled, so it can no longer be changed.",
      reason: "registration_cancelled",
    });
    expect(refusal("edit", booker, booking("confirmed"), event({ status: "cancelled" }), NOW)).toMatchObject({
      message: "This event has been cancelled, so its bookings can no longer be changed.",
      reason: "cancelled",
    });
    expect(refusal("edit", booker, booking("confirmed"), event({ deadline: -1 }), NOW)?.message).toMatch(
      /^Changes closed with the registration deadline on /,
    );
    expect(
      refusal("cancel", booker, booking("confirmed"), event({ deadline: -3, starts: -1 }), NOW),
    ).toMatchObject({
      message: "This event has already started, so the booking can no longer be cancelled.",
      reason: "ended",
    });
    expect(refusal("cancel", someoneElse, booking("confirmed"), event(), NOW)).toMatchObject({
      code: "forbidden",
    });
    expect(refusal("cancel", booker, booking("waitlisted"), event({ deadline: -1 }), NOW)).toBeNull();
  });
});
