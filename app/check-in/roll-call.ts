import type { Attendance, Op, Seat, SubstitutePayload, Team } from "./types";

/** A seat as the roll call shows it: the server's record with this phone's waiting taps on top. */
export type SeatView = {
  seatId: string;
  number: number;
  name: string | null;
  swims: boolean | null;
  declaration: Seat["declaration"];
  state: Seat["state"];
  addedAtJetty: boolean;
  declaredBy: Seat["declaredBy"];
  mark: "present" | "absent" | null;
  /** Another phone's record, which this phone cannot change: "checked in by … at …". */
  takenBy: Attendance | null;
  /** A tap on this phone the server has not answered yet. */
  waiting: boolean;
  /** A declaration recorded on this phone and not sent yet. */
  declarationWaiting: boolean;
};

/** A substitute added on this phone and not yet sent. */
type PendingSubstitute = { opId: string; name: string; swims: boolean; declarationAccepted: boolean };

type RollCall = { seats: SeatView[]; substitutes: PendingSubstitute[] };

/**
 * The team's roll call: each seat's attendance as the roster (and the latest sync answers)
 * hold it, then this phone's queued taps in order. A seat another person marked present
 * stays theirs: the server keeps the first 'present', and 'absent' never overrides it, so
 * showing the tap would only show what will not happen.
 */
export function rollCall(team: Team, queue: readonly Op[], me: string): RollCall {
  const seats: SeatView[] = team.seats.map((seat) => {
    const attendance = seat.attendance;
    return {
      seatId: seat.seatId,
      number: seat.number,
      name: seat.name,
      swims: seat.swims,
      declaration: seat.declaration,
      state: seat.state,
      addedAtJetty: seat.addedAtJetty,
      declaredBy: seat.declaredBy,
      mark: attendance?.state ?? null,
      takenBy: attendance && attendance.byEmail !== me ? attendance : null,
      waiting: false,
      declarationWaiting: false,
    };
  });
  const bySeat = new Map(seats.map((seat) => [seat.seatId, seat]));
  const substitutes: PendingSubstitute[] = [];
  for (const op of queue) {
    if (op.registrationId !== team.registrationId) continue;
    if (op.kind === "substitute") {
      const payload = op.payload as SubstitutePayload | undefined;
      if (payload) {
        substitutes.push({
          opId: op.id,
          name: payload.name,
          swims: payload.swims,
          declarationAccepted: payload.acceptDeclarationVersion !== null,
        });
      }
      continue;
    }
    if (op.kind === "declare") {
      const seat = op.seatId === null ? undefined : bySeat.get(op.seatId);
      if (seat && op.payload) {
        // Shown as given until the server answers; the roster fetched after the sync is the record.
        seat.swims = op.payload.swims;
        seat.declaredBy = "staff";
        if (op.payload.acceptDeclarationVersion !== null) seat.declaration = "accepted";
        seat.declarationWaiting = true;
      }
      continue;
    }
    const targets = op.seatId === null ? seats : [bySeat.get(op.seatId)].filter((seat) => seat !== undefined);
    for (const seat of targets) {
      if (seat.takenBy?.state === "present") continue;
      // "All present" marks those not marked yet; a seat already absent is an exception the staff made.
      if (op.seatId === null && seat.mark !== null) continue;
      seat.mark = op.kind === "undo" ? null : op.kind;
      seat.takenBy = null;
      seat.waiting = true;
    }
  }
  return { seats, substitutes };
}

/**
 * Whether staff may take the rower's declaration at the jetty: the seat lacks a swim answer
 * or the current declaration, and it was not taken on this phone already. A rower who
 * accepted the current text by their own link but never gave the swim answer gives that
 * at the jetty; their link's acceptance stands (the form does not ask it again).
 */
export function canDeclareAtJetty(seat: SeatView): boolean {
  if (seat.declarationWaiting) return false;
  if (seat.declaration === "accepted" && seat.declaredBy === "link") return seat.swims === null;
  return seat.swims === null || seat.declaration === "missing" || seat.declaration === "outdated";
}

/** Writes the server's answer about seats into the team, so the roll call shows it at once. */
export function withAttendance(team: Team, attendance: ReadonlyArray<{ seatId: string } & Attendance>): Team {
  const bySeat = new Map(attendance.map(({ seatId, ...record }) => [seatId, record]));
  if (!team.seats.some((seat) => bySeat.has(seat.seatId))) return team;
  return {
    ...team,
    seats: team.seats.map((seat) =>
      bySeat.has(seat.seatId) ? { ...seat, attendance: bySeat.get(seat.seatId)! } : seat,
    ),
  };
}

/** The roster's teams by reference, for a scan or a typed code to open at once. */
export function teamsByReference(teams: readonly Team[]): Map<string, Team> {
  return new Map(teams.map((team) => [team.reference.toUpperCase(), team]));
}
