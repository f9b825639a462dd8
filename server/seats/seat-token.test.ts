import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  crewRegistrationIdOf,
  crewToken,
  crewTokenMatches,
  seatIdOf,
  seatToken,
  seatTokenMatches,
} from "./seat-token";

const secret = "a test auth secret of thirty-two characters or more";

describe("a rower seat's link token", () => {
  const seat = { id: randomUUID(), tokenVersion: 1 };

  it("names its seat and matches it at its version", () => {
    const token = seatToken(secret, seat);
    expect(token.startsWith(`${seat.id}.`)).toBe(true);
    expect(seatIdOf(token)).toBe(seat.id);
    expect(seatTokenMatches(secret, token, seat)).toBe(true);
    // The same link again, for a reminder.
    expect(seatToken(secret, seat)).toBe(token);
  });

  it("fails for another seat, a raised version, another secret or a changed signature", () => {
    const token = seatToken(secret, seat);
    expect(seatTokenMatches(secret, token, { id: randomUUID(), tokenVersion: 1 })).toBe(false);
    expect(seatTokenMatches(secret, token, { ...seat, tokenVersion: 2 })).toBe(false);
    expect(seatTokenMatches(`${secret}!`, token, seat)).toBe(false);
    const last = token.at(-2) === "A" ? "B" : "A";
    expect(seatTokenMatches(secret, `${token.slice(0, -2)}${last}${token.at(-1)}`, seat)).toBe(false);
    // Another seat's id with this seat's signature.
    const other = randomUUID();
    expect(seatTokenMatches(secret, `${other}${token.slice(36)}`, { id: other, tokenVersion: 1 })).toBe(
      false,
    );
  });

  it("reads nothing from what is not a token", () => {
    for (const token of [
      undefined,
      42,
      "",
      "abc",
      seat.id,
      `${seat.id}.`,
      `${seat.id}.short`,
      `x.${"a".repeat(43)}`,
    ]) {
      expect(seatIdOf(token)).toBeNull();
    }
    expect(seatIdOf(`${seat.id}.${"a".repeat(43)}${"b".repeat(100)}`)).toBeNull();
  });
});

describe("a captain's crew link token", () => {
  const booking = { id: randomUUID(), tokenVersion: 1 };

  it("matches its booking at its version, and is no seat link for the same id", () => {
    const token = crewToken(secret, booking);
    expect(crewRegistrationIdOf(token)).toBe(booking.id);
    expect(crewTokenMatches(secret, token, booking)).toBe(true);
    expect(crewTokenMatches(secret, token, { ...booking, tokenVersion: 2 })).toBe(false);
    // Its own key: a seat's token for the same id opens no crew page, and the reverse.
    expect(crewTokenMatches(secret, seatToken(secret, booking), booking)).toBe(false);
    expect(seatTokenMatches(secret, token, booking)).toBe(false);
  });
});
