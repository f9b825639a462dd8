import { describe, expect, it } from "vitest";
import { canDeclareAtJetty, rollCall, teamsByReference, withAttendance } from "./roll-call";
import type { Op, Seat, Team } from "./types";

const ME = "me@club.dk";

const seat = (number: number, extra: Partial<Seat> = {}): Seat => ({
  seatId: `seat-${number}`,
  number,
  name: `Rower ${number}`,
  swims: true,
  declaration: "accepted",
  state: "confirmed",
  addedAtJetty: false,
  declaredBy: null,
  attendance: null,
  ...extra,
});

const team: Team = {
  registrationId: "team-1",
  reference: "RCL-7K3Q9P",
  teamName: "Harbour Rowers",
  company: "Acme",
  captainName: "Cap",
  status: "confirmed",
  seats: [
    seat(1),
    seat(2, { attendance: { state: "present", byEmail: "anna@club.dk", at: "2026-06-01T07:12:00Z" } }),
    seat(3),
  ],
};

let counter = 0;
const op = (kind: Op["kind"], seatId: string | null, registrationId = "team-1"): Op => ({
  id: `op-${++counter}`,
  registrationId,
  seatId,
  kind,
  clientAt: "2026-06-01T08:00:00.000Z",
});

const marks = (queue: Op[]) => rollCall(team, queue, ME).seats.map((item) => [item.mark, item.waiting]);

describe("the roll call", () => {
  it("shows who took a seat on another phone, and nothing marked on the rest", () => {
    const view = rollCall(team, [], ME);
    expect(view.seats[1]?.takenBy).toEqual({
      state: "present",
      byEmail: "anna@club.dk",
      at: "2026-06-01T07:12:00Z",
    });
    expect(view.seats[0]).toMatchObject({ mark: null, takenBy: null, waiting: false });
  });

  it("shows this phone's taps at once, in order, as waiting", () => {
    expect(marks([op("present", "seat-1"), op("absent", "seat-3")])).toEqual([
      ["present", true],
      ["present", false],
      ["absent", true],
    ]);
    expect(marks([op("present", "seat-1"), op("undo", "seat-1")])[0]).toEqual([null, true]);
  });

  it("'all present' marks the seats not marked yet and leaves an absent one and another phone's alone", () => {
    const view = rollCall(team, [op("absent", "seat-3"), op("present", null)], ME);
    expect(view.seats.map((item) => item.mark)).toEqual(["present", "present", "absent"]);
    expect(view.seats[1]?.takenBy?.byEmail).toBe("anna@club.dk");
  });

  it("never shows a tap over another phone's present: the first present wins", () => {
    const view = rollCall(team, [op("absent", "seat-2")], ME);
    expect(view.seats[1]).toMatchObject({ mark: "present", waiting: false });
    expect(view.seats[1]?.takenBy?.byEmail).toBe("anna@club.dk");
  });

  it("treats this person's own record as theirs to change", () => {
    const mine = {
      ...team,
      seats: [seat(1, { attendance: { state: "present", byEmail: ME, at: "2026-06-01T07:00:00Z" } })],
    };
    const view = rollCall(mine, [op("undo", "seat-1")], ME);
    expect(view.seats[0]).toMatchObject({ mark: null, takenBy: null, waiting: true });
  });

  it("lists substitutes waiting to be sent, and ignores other teams' ops", () => {
    const substitute: Op = {
      ...op("substitute", null),
      payload: { name: "Sub Stitute", swims: false, acceptDeclarationVersion: 2, replacesSeatId: "seat-3" },
    };
    const view = rollCall(team, [substitute, op("present", "seat-1", "team-2")], ME);
    expect(view.substitutes).toEqual([
      { opId: substitute.id, name: "Sub Stitute", swims: false, declarationAccepted: true },
    ]);
    expect(view.seats[0]?.mark).toBeNull();
  });

  it("takes the server's answer about seats into the team", () => {
    const answer = { seatId: "seat-1", state: "present" as const, byEmail: ME, at: "2026-06-01T08:01:00Z" };
    const updated = withAttendance(team, [answer]);
    expect(updated.seats[0]?.attendance).toEqual({
      state: "present",
      byEmail: ME,
      at: "2026-06-01T08:01:00Z",
    });
    expect(withAttendance(team, [{ ...answer, seatId: "other" }])).toBe(team);
  });

  it("finds teams by their reference in capitals", () => {
    expect(teamsByReference([{ ...team, reference: "rcl-7k3q9p" }]).get("RCL-7K3Q9P")?.teamName).toBe(
      "Harbour Rowers",
    );
  });
});

describe("a named rower's declaration at the jetty", () => {
  const missing = { ...team, seats: [seat(1, { declaration: "missing", swims: null, state: "invited" })] };

  it("is offered for a seat without a swim answer or the current declaration, not for a link's", () => {
    const view = (extra: Partial<Seat>) => rollCall({ ...team, seats: [seat(1, extra)] }, [], ME).seats[0]!;
    expect(canDeclareAtJetty(view({ declaration: "missing", swims: null }))).toBe(true);
    expect(canDeclareAtJetty(view({ declaration: "outdated", declaredBy: "link" }))).toBe(true);
    expect(canDeclareAtJetty(view({ declaration: "not_needed", swims: null }))).toBe(true);
    expect(canDeclareAtJetty(view({ declaration: "accepted", declaredBy: "link" }))).toBe(false);
    // Accepted by link but no swim answer: the swim answer and contact are taken at the jetty.
    expect(canDeclareAtJetty(view({ declaration: "accepted", declaredBy: "link", swims: null }))).toBe(true);
    expect(canDeclareAtJetty(view({ declaration: "accepted", declaredBy: "staff" }))).toBe(false);
    expect(canDeclareAtJetty(view({ declaration: "not_needed", swims: false }))).toBe(false);
  });

  it("shows a queued declaration's answers at once, waiting, and offers it no more", () => {
    const declare: Op = {
      id: "op-1",
      registrationId: "team-1",
      seatId: "seat-1",
      kind: "declare",
      payload: {
        swims: false,
        emergencyName: "Karen",
        emergencyPhone: "12345678",
        acceptDeclarationVersion: 2,
      },
      clientAt: "2026-06-01T08:00:00Z",
    };
    const [shown] = rollCall(missing, [declare], ME).seats;
    expect(shown).toMatchObject({
      swims: false,
      declaration: "accepted",
      declaredBy: "staff",
      declarationWaiting: true,
      mark: null,
    });
    expect(canDeclareAtJetty(shown!)).toBe(false);
    // Another team's op changes nothing here.
    const [other] = rollCall(missing, [{ ...declare, registrationId: "team-2" }], ME).seats;
    expect(other).toMatchObject({ swims: null, declarationWaiting: false });
  });
});
