/**
 * The check-in page's data as the server sends it (ADR 038, the check-in contract):
 * the event's roster snapshot (`roster.json`) and the sync endpoint's request and answer.
 */
export type Attendance = { state: "present" | "absent"; byEmail: string; at: string };

export type Seat = {
  seatId: string;
  number: number;
  name: string | null;
  swims: boolean | null;
  declaration: "accepted" | "missing" | "outdated" | "not_needed";
  state: "no_address" | "invited" | "declaration_missing" | "confirmed";
  addedAtJetty: boolean;
  /** How the seat's declaration was given: the rower's own link, or at the jetty. */
  declaredBy: "link" | "staff" | null;
  attendance: null | Attendance;
};

export type Team = {
  registrationId: string;
  reference: string;
  teamName: string;
  company: string | null;
  captainName: string;
  status: "confirmed" | "held" | "waitlisted" | "cancelled";
  seats: Seat[];
};

export type Counts = {
  teams: number;
  teamsCheckedIn: number;
  rowers: number;
  rowersPresent: number;
  declarationsMissing: number;
};

export type RosterSnapshot = {
  event: {
    id: string;
    title: string;
    startsAt: string;
    endsAt: string;
    place: string;
    nonSwimmers: "not_allowed" | "with_rule";
    nonSwimmerRule: string;
    declarationVersion: number | null;
    declarationText: string | null;
    declarationLang: string | null;
  };
  generatedAt: string;
  teams: Team[];
  counts: Counts;
};

export type OpKind = "present" | "absent" | "undo" | "substitute" | "declare";

export type SubstitutePayload = {
  name: string;
  swims: boolean;
  acceptDeclarationVersion: number | null;
  replacesSeatId?: string | null;
};

/** A named rower's declaration given at the jetty, confirmed by staff. */
export type DeclarationPayload = {
  swims: boolean;
  emergencyName: string;
  emergencyPhone: string;
  acceptDeclarationVersion: number | null;
};

/** One tap on the phone, kept until the server has answered it. */
export type Op = {
  id: string;
  registrationId: string;
  /** Null for the whole team ("all present"). */
  seatId: string | null;
  kind: OpKind;
  payload?: SubstitutePayload | DeclarationPayload;
  clientAt: string;
};

export type SyncResult = {
  id: string;
  outcome: "applied" | "duplicate" | "refused";
  reason?: string;
  code?:
    | "already_checked_in"
    | "not_this_event"
    | "booking_not_confirmed"
    | "invalid"
    | "not_found"
    | "already_declared"
    | "declared_by_link"
    | "declaration_changed";
  attendance?: Array<{ seatId: string } & Attendance>;
};

export type SyncAnswer = { results: SyncResult[]; counts: Counts };

/** An op the server refused, kept on the phone with its reason until someone dismisses it. */
export type RefusedOp = { op: Op; reason: string };
