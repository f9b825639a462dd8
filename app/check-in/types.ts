/**
 * The check-in page's data as the server sends it (ADR 038, the check-in contract): the
 * event's roster snapshot (`roster.json`) and the sync endpoint's request and answer. The
 * types are the server's own, imported as types only, so the page and the endpoints
 * cannot drift apart and the page's bundle takes no server code.
 */
import type { CheckInCounts } from "#server/check-in/check-in-counts";
import type { Attendance, RosterSeat, RosterSnapshot, RosterTeam } from "#server/check-in/roster-snapshot";
import type { CheckInOp, OpResult, SyncAnswer } from "#server/check-in/sync-check-ins";
import type { JettyDeclarationPayload, SubstitutePayload } from "#server/db/schema";

export type { Attendance, RosterSnapshot, SubstitutePayload, SyncAnswer };
export type Seat = RosterSeat;
export type Team = RosterTeam;
export type Counts = CheckInCounts;
export type SyncResult = OpResult;
/** A named rower's declaration given at the jetty, confirmed by staff. */
export type DeclarationPayload = JettyDeclarationPayload;
export type OpKind = CheckInOp["kind"];

/**
 * One tap on the phone, kept until the server has answered it: the endpoint's op, held
 * as one shape on the phone (the endpoint checks which kinds carry a payload).
 */
export type Op = {
  id: string;
  registrationId: string;
  /** Null for the whole team ("all present"). */
  seatId: string | null;
  kind: OpKind;
  payload?: SubstitutePayload | DeclarationPayload;
  clientAt: string;
  /**
   * Who tapped it, kept on the phone only (the endpoint names the signed-in person): an op
   * is sent only in its tapper's session, never in the name of whoever signs in next.
   */
  by?: string;
};

/** An op the server refused, kept on the phone with its reason until someone dismisses it. */
export type RefusedOp = { op: Op; reason: string };
