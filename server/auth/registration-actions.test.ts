import { describe, expect, it } from "vitest";
import type { Actor } from "./actor";
import { assertRegistrationAction, registrationActions } from "./registration-actions";

const OWN_PARTNER = "11111111-1111-4111-8111-111111111111";
const OTHER_PARTNER = "22222222-2222-4222-8222-222222222222";

const member: Actor = { userId: "member-1", role: "partner", partnerIds: [OWN_PARTNER] };
const otherMember: Actor = { userId: "member-2", role: "partner", partnerIds: [OTHER_PARTNER] };
const admin: Actor = { userId: "admin-1", role: "admin", partnerIds: [] };

const NOW = new Date("2027-05-10T10:00:00Z");
const LATER = new Date("2027-06-10T10:00:00Z");
const EARLIER = new Date("2027-05-10T08:00:00Z");

type Status = "confirmed" | "waitlisted" | "cancelled";
type EventStatus = "published" | "changes_requested" | "cancelled";
const team = (status: Status) => ({ status });
const event = ({
  status = "published" as EventStatus,
  started = false,
  confirmedTeams = 1,
  maxTeams = 2,
} = {}) => ({
  partnerId: OWN_PARTNER,
  status,
  startsAt: started ? EARLIER : LATER,
  endsAt: started ? new Date(NOW.getTime() + 3_600_000) : new Date(LATER.getTime() + 3_600_000),
  maxTeams,
  confirmedTeams,
});

describe("registrationActions", () => {
  it.each([
    [
      "a waitlisted team with a spot free",
      team("waitlisted"),
      event(),
      { confirm: true, move: true, cancel: true },
    ],
    [
      "a waitlisted team at a full event",
      team("waitlisted"),
      event({ confirmedTeams: 2 }),
      { confirm: false, move: true, cancel: true },
    ],
    [
      "a waitlisted team at an unpublished event",
      team("waitlisted"),
      event({ status: "changes_requested" }),
      { confirm: false, move: true, cancel: true },
    ],
    ["a confirmed team", team("confirmed"), event(), { confirm: false, move: true, cancel: true }],
    ["a cancelled team", team("cancelled"), event(), { confirm: false, move: false, cancel: false }],
    [
      "a team at an event under way",
      team("waitlisted"),
      event({ started: true }),
      { confirm: false, move: false, cancel: false },
    ],
  ] as const)("%s", (_name, registration, of, expected) => {
    expect(registrationActions(member, registration, of, NOW)).toEqual(expected);
    expect(registrationActions(admin, registration, of, NOW)).toEqual(expected);
  });

  it("offers nothing to another partner's member", () => {
    expect(registrationActions(otherMember, team("waitlisted"), event(), NOW)).toEqual({
      confirm: false,
      move: false,
      cancel: false,
    });
  });
});

describe("assertRegistrationAction", () => {
  const refusal = (run: () => void) => {
    try {
      run();
      return null;
    } catch (error) {
      if (error instanceof Error) return error;
      throw error;
    }
  };

  it("refuses with the commands' messages and reasons", () => {
    expect(
      refusal(() => assertRegistrationAction("cancel", member, team("cancelled"), event(), NOW)),
    ).toMatchObject({
      message: "This team's registration is already cancelled.",
      reason: "registration_cancelled",
    });
    expect(
      refusal(() =>
        assertRegistrationAction("cancel", member, team("confirmed"), event({ started: true }), NOW),
      ),
    ).toMatchObject({
      message: "This event has already started, so the team can no longer be cancelled.",
      reason: "started",
    });
    expect(
      refusal(() => assertRegistrationAction("confirm", member, team("confirmed"), event(), NOW))?.message,
    ).toBe("This team is already confirmed.");
    expect(
      refusal(() =>
        assertRegistrationAction("confirm", member, team("waitlisted"), event({ status: "cancelled" }), NOW),
      )?.message,
    ).toBe("This event has been cancelled, so no team can be confirmed.");
    expect(
      refusal(() =>
        assertRegistrationAction("confirm", member, team("waitlisted"), event({ confirmedTeams: 2 }), NOW),
      ),
    ).toMatchObject({ code: "conflict", reason: "full" });
    expect(
      refusal(() => assertRegistrationAction("move", member, team("cancelled"), event(), NOW))?.message,
    ).toBe("This team's registration is cancelled, so it cannot be moved.");
    expect(
      refusal(() => assertRegistrationAction("move", otherMember, team("confirmed"), event(), NOW)),
    ).toMatchObject({ code: "forbidden" });
  });
});
