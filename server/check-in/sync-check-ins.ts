import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { formatTime } from "~/lib/dates";
import { seatConfirmationSchema } from "~/lib/forms/seat-schemas";
import { isUuid } from "~/lib/ids";
import { m } from "~/paraglide/messages";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import type { Transaction } from "#server/db/rows";
import {
  checkInOps,
  declarationAcceptances,
  rowerSeats,
  seatAttendance,
  teamRegistrations,
  type JettyDeclarationPayload,
  type RosterMember,
  type SubstitutePayload,
} from "#server/db/schema";
import { AppError } from "#server/errors";
import { eventCheckInCounts } from "./check-in-counts";
import {
  currentDeclaration,
  loadCheckInEvent,
  type CheckInEvent,
  type RosterSnapshot,
} from "./roster-snapshot";

/** The most ops one sync may carry: the page sends batches of 100. */
const MAX_OPS_PER_SYNC = 500;

/** Why an op was a duplicate or refused, as the phone reads it (the check-in contract). */
type CheckInCode =
  | "already_checked_in"
  | "not_this_event"
  | "booking_not_confirmed"
  | "invalid"
  | "not_found"
  | "already_declared"
  | "declared_by_link"
  | "declaration_changed";

/** The finer reason stored with an op, so a replay is answered in the words of its first outcome. */
type StoredCode =
  | "already_checked_in"
  | "not_found"
  | "replaced_not_found"
  | "booking_cancelled"
  | "booking_waitlisted"
  | "booking_held"
  | "already_declared"
  | "declared_by_link"
  | "declaration_changed";

type Outcome = "applied" | "duplicate" | "refused";

type SeatAttendanceAnswer = {
  seatId: string;
  state: "present" | "absent";
  byEmail: string;
  at: string;
};

export type OpResult = {
  id: string;
  outcome: Outcome;
  reason?: string;
  code?: CheckInCode;
  attendance?: SeatAttendanceAnswer[];
};

export type SyncAnswer = { results: OpResult[]; counts: RosterSnapshot["counts"] };

const uuid = z.string().check(z.refine(isUuid));

// PostgreSQL stores no NUL character in text or jsonb: refused here, as the forms' reader
// refuses it, rather than failing the op's insert and the batch behind it.
const noNul = z.string().check(z.refine((value) => !value.includes("\u0000")));

const declarationVersion = z.nullable(z.number().check(z.int(), z.positive()));

const substitutePayload = z.object({
  name: z.pipe(
    z.string(),
    z.pipe(
      z.transform((value: string) => value.trim()),
      z.string().check(
        z.minLength(1),
        z.maxLength(200),
        z.refine((value) => !value.includes("\u0000")),
      ),
    ),
  ),
  swims: z.boolean(),
  acceptDeclarationVersion: declarationVersion,
  replacesSeatId: z.optional(z.nullable(uuid)),
});

/** A named rower's declaration at the jetty: what the rower's link asks, by the same rules. */
const jettyDeclarationPayload = z.object({
  swims: z.boolean(),
  emergencyName: z.pipe(seatConfirmationSchema.shape.emergencyName, noNul),
  emergencyPhone: z.pipe(seatConfirmationSchema.shape.emergencyPhone, noNul),
  acceptDeclarationVersion: declarationVersion,
});

const opBase = {
  id: uuid,
  registrationId: uuid,
  clientAt: z.iso.datetime({ offset: true }),
};

// A substitute carries who they are, a declaration the rower's answers and names its seat;
// no other op carries anything.
const opSchema = z.discriminatedUnion("kind", [
  z.object({
    ...opBase,
    seatId: z.nullable(uuid),
    kind: z.enum(["present", "absent", "undo"]),
    payload: z.optional(z.undefined()),
  }),
  z.object({
    ...opBase,
    seatId: z.nullable(uuid),
    kind: z.literal("substitute"),
    payload: substitutePayload,
  }),
  z.object({ ...opBase, seatId: uuid, kind: z.literal("declare"), payload: jettyDeclarationPayload }),
]);

/** One check-in op as the phone sends it (the check-in contract). */
export type CheckInOp = z.infer<typeof opSchema>;
type Op = CheckInOp;

const requestSchema = z.object({ deviceId: uuid, ops: z.array(z.unknown()) });

export type SyncCheckInsRequest = {
  actor: Actor;
  /** The signed-in person's address, copied onto each op and attendance as "checked in by". */
  email: string;
  /** The event named in the URL. */
  eventId: unknown;
  /** The posted JSON. */
  input: unknown;
  now?: Date;
};

/** The request itself is not a sync (not the shape, or more ops than a batch may carry). */
const invalidSync = () => new AppError("invalid", m.check_in_sync_invalid());
const tooManyOps = () => new AppError("too_large", m.err_request_too_large());

type Team = { id: string; eventId: string; status: string; seats: Set<string> };

const CONTRACT_CODE: Record<StoredCode, CheckInCode> = {
  already_checked_in: "already_checked_in",
  not_found: "not_found",
  replaced_not_found: "not_found",
  booking_cancelled: "booking_not_confirmed",
  booking_waitlisted: "booking_not_confirmed",
  booking_held: "booking_not_confirmed",
  already_declared: "already_declared",
  declared_by_link: "declared_by_link",
  declaration_changed: "declaration_changed",
};

/** What the words about a seat's declaration name: who gave it at the jetty or by link, and when. */
type DeclarationFacts = {
  atJetty?: { byEmail: string; at: Date };
  byLinkAt?: Date;
  currentVersion?: number;
};

/** The words of a refusal or duplicate, in the reader's language. */
function reasonOf(
  code: StoredCode,
  attendance: SeatAttendanceAnswer[],
  facts: DeclarationFacts = {},
): string {
  switch (code) {
    case "already_declared":
      return m.check_in_sync_already_declared({
        email: facts.atJetty?.byEmail ?? "",
        time: facts.atJetty ? formatTime(facts.atJetty.at) : "",
      });
    case "declared_by_link":
      // An event without a declaration has no acceptance: the rower's answers are what stand.
      return facts.byLinkAt
        ? m.check_in_sync_declared_by_link({ time: formatTime(facts.byLinkAt) })
        : m.check_in_sync_answered_by_link();
    case "declaration_changed":
      return facts.currentVersion === undefined
        ? m.check_in_sync_declaration_removed()
        : m.check_in_sync_declaration_changed({ version: facts.currentVersion });
    case "already_checked_in": {
      const present = attendance.find((seat) => seat.state === "present");
      return present
        ? m.check_in_sync_already_checked_in({
            email: present.byEmail,
            time: formatTime(new Date(present.at)),
          })
        : m.check_in_sync_already_checked_in({ email: "", time: "" });
    }
    case "not_found":
      return m.check_in_sync_seat_not_found();
    case "replaced_not_found":
      return m.check_in_sync_replaced_seat_not_found();
    case "booking_cancelled":
      return m.check_in_sync_booking_cancelled();
    case "booking_waitlisted":
      return m.check_in_sync_booking_waitlisted();
    case "booking_held":
      return m.check_in_sync_booking_held();
  }
}

const notConfirmed = (status: string): StoredCode | null =>
  status === "confirmed"
    ? null
    : status === "waitlisted"
      ? "booking_waitlisted"
      : status === "held"
        ? "booking_held"
        : "booking_cancelled";

/**
 * The check-in page's queue arrives (ADR 038 "Check-ins"): each op is stored once by the id
 * the phone made, and answered with its outcome.
 *
 * - A replayed op (same id) is answered with its first outcome and changes nothing.
 * - The first 'present' for a seat wins; a later one from any phone is a 'duplicate' naming
 *   who checked the rower in and when. A 'present' turns an 'absent' into present.
 * - 'absent' never overrides another phone's 'present'; 'undo' removes only attendance its
 *   own phone made.
 * - A substitute is appended to the team's roster (the roster trigger makes the seat, marked
 *   added at the jetty, with the op's id as its id), with the swim answer, and with the
 *   staff's acceptance of the declaration if the version they showed is the current one; the
 *   substitute is present, and the rower they replace, not yet seen, absent. A substitute
 *   changes the booking's roster, so it is audited; other check-ins are not.
 * - A malformed op, another event's team, a seat not on the team and a booking that is not
 *   confirmed are refused one by one, changing nothing; the rest of the batch goes on.
 *
 * Each op is its own transaction, holding at most its own seats' rows: two phones syncing
 * at once wait for each other seat by seat, never in a circle.
 */
export async function syncCheckIns(
  db: Database,
  { actor, email, eventId, input, now = new Date() }: SyncCheckInsRequest,
): Promise<SyncAnswer> {
  const event = await loadCheckInEvent(db, actor, eventId, now);
  const request = z.safeParse(requestSchema, input);
  if (!request.success) throw invalidSync();
  const { deviceId, ops: rawOps } = request.data;
  if (rawOps.length > MAX_OPS_PER_SYNC) throw tooManyOps();

  const parsed = rawOps.map((raw) => {
    const op = z.safeParse(opSchema, raw);
    return op.success ? op.data : null;
  });
  const valid = parsed.filter((op): op is Op => op !== null);
  const [stored, teams, declaration] = await Promise.all([
    storedOps(
      db,
      valid.map((op) => op.id),
    ),
    teamsOf(db, event, [...new Set(valid.map((op) => op.registrationId))]),
    valid.some((op) => op.kind === "substitute" || op.kind === "declare")
      ? currentDeclaration(db, event.id)
      : Promise.resolve(null),
  ]);

  type Pending = {
    id: string;
    outcome: Outcome;
    code?: StoredCode | "not_this_event" | "invalid";
    seats: string[];
  };
  const pending: Pending[] = [];
  for (const [index, op] of parsed.entries()) {
    if (!op) {
      const raw = rawOps[index] as { id?: unknown } | null;
      const id = raw && typeof raw === "object" && typeof raw.id === "string" ? raw.id : "";
      pending.push({ id, outcome: "refused", code: "invalid", seats: [] });
      continue;
    }
    const first = stored.get(op.id);
    const team = teams.get(op.registrationId);
    if (first) {
      // Another event's op sent here is no replay of this event's.
      if (first.eventId !== event.id)
        pending.push({ id: op.id, outcome: "refused", code: "invalid", seats: [] });
      else
        pending.push({
          id: op.id,
          outcome: first.outcome,
          code: first.code ?? undefined,
          seats: seatsOf(first, team),
        });
      continue;
    }
    if (!team || team.eventId !== event.id) {
      pending.push({ id: op.id, outcome: "refused", code: "not_this_event", seats: [] });
      continue;
    }
    const answer = await applyOp(db, { actor, email, deviceId, now, event, team, op, declaration });
    pending.push({ id: op.id, ...answer });
  }

  const seatIds = [...new Set(pending.flatMap((answer) => answer.seats))];
  const declarationSeats = pending
    .filter((answer) => answer.code !== undefined && answer.code in DECLARATION_CODES)
    .flatMap((answer) => answer.seats);
  const [attendance, counts, declarations, current] = await Promise.all([
    attendanceOf(db, seatIds),
    eventCheckInCounts(db, event.id),
    declarationFactsOf(db, declarationSeats),
    declarationSeats.length > 0 ? currentDeclaration(db, event.id) : Promise.resolve(null),
  ]);
  const results = pending.map(({ id, outcome, code, seats }): OpResult => {
    const shown = seats.flatMap((seat) => attendance.get(seat) ?? []);
    if (code === "invalid") return { id, outcome, code, reason: m.check_in_sync_invalid() };
    if (code === "not_this_event") return { id, outcome, code, reason: m.check_in_sync_not_this_event() };
    if (code === undefined) return { id, outcome, attendance: shown };
    const facts = { ...declarations.get(seats[0] ?? ""), currentVersion: current?.version };
    return {
      id,
      outcome,
      code: CONTRACT_CODE[code],
      reason: reasonOf(code, shown, facts),
      attendance: shown,
    };
  });
  return { results, counts };
}

/** The ops of the batch already stored: a replay, or the same op sent by another request meanwhile. */
async function storedOps(db: Database | Transaction, ids: string[]) {
  const found = new Map<
    string,
    {
      eventId: string;
      registrationId: string;
      seatId: string | null;
      outcome: Outcome;
      code: StoredCode | null;
    }
  >();
  if (ids.length === 0) return found;
  const rows = await db
    .select({
      id: checkInOps.id,
      eventId: checkInOps.eventId,
      registrationId: checkInOps.registrationId,
      seatId: checkInOps.seatId,
      outcome: checkInOps.outcome,
      code: checkInOps.code,
    })
    .from(checkInOps)
    .where(inArray(checkInOps.id, ids));
  for (const { id, code, ...row } of rows) found.set(id, { ...row, code: code as StoredCode | null });
  return found;
}

/** The seats a stored op's answer shows: its own seat, or the whole team's. */
function seatsOf(op: { seatId: string | null }, team: Team | undefined): string[] {
  if (op.seatId) return [op.seatId];
  return team ? [...team.seats] : [];
}

/** The ops' teams wherever they are booked (another event's team is refused by the caller), with their seats. */
async function teamsOf(db: Database, event: CheckInEvent, registrationIds: string[]) {
  const teams = new Map<string, Team>();
  if (registrationIds.length === 0) return teams;
  const registrations = await db
    .select({
      id: teamRegistrations.id,
      eventId: teamRegistrations.eventId,
      status: teamRegistrations.status,
    })
    .from(teamRegistrations)
    .where(inArray(teamRegistrations.id, registrationIds));
  for (const row of registrations) teams.set(row.id, { ...row, seats: new Set() });
  const ours = registrations.filter((row) => row.eventId === event.id).map((row) => row.id);
  if (ours.length > 0) {
    const seats = await db
      .select({ id: rowerSeats.id, registrationId: rowerSeats.registrationId })
      .from(rowerSeats)
      .where(inArray(rowerSeats.registrationId, ours));
    for (const seat of seats) teams.get(seat.registrationId)?.seats.add(seat.id);
  }
  return teams;
}

const DECLARATION_CODES = { already_declared: 1, declared_by_link: 1, declaration_changed: 1 };

/** For the words of a declaration's refusal: the seat's declaration at the jetty, or by link. */
async function declarationFactsOf(db: Database, seatIds: string[]) {
  const found = new Map<string, DeclarationFacts>();
  if (seatIds.length === 0) return found;
  const [jetty, links] = await Promise.all([
    db
      .select({
        seatId: checkInOps.seatId,
        byEmail: checkInOps.byEmail,
        at: sql<Date>`least(${checkInOps.clientAt}, ${checkInOps.receivedAt})`.mapWith(checkInOps.clientAt),
      })
      .from(checkInOps)
      .where(
        and(
          inArray(checkInOps.seatId, seatIds),
          eq(checkInOps.kind, "declare"),
          eq(checkInOps.outcome, "applied"),
        ),
      )
      .orderBy(desc(checkInOps.receivedAt)),
    db
      .select({ seatId: declarationAcceptances.seatId, at: declarationAcceptances.acceptedAt })
      .from(declarationAcceptances)
      .where(and(inArray(declarationAcceptances.seatId, seatIds), eq(declarationAcceptances.method, "link"))),
  ]);
  for (const row of jetty) {
    if (row.seatId && !found.has(row.seatId))
      found.set(row.seatId, { atJetty: { byEmail: row.byEmail, at: row.at } });
  }
  for (const row of links) found.set(row.seatId, { ...found.get(row.seatId), byLinkAt: row.at });
  return found;
}

/** Each seat's attendance now, for the answers. */
async function attendanceOf(db: Database, seatIds: string[]) {
  const found = new Map<string, SeatAttendanceAnswer>();
  if (seatIds.length === 0) return found;
  const rows = await db
    .select({
      seatId: seatAttendance.seatId,
      state: seatAttendance.state,
      byEmail: seatAttendance.byEmail,
      at: seatAttendance.at,
    })
    .from(seatAttendance)
    .where(inArray(seatAttendance.seatId, seatIds));
  for (const row of rows) found.set(row.seatId, { ...row, at: row.at.toISOString() });
  return found;
}

type ApplyContext = {
  actor: Actor;
  email: string;
  deviceId: string;
  now: Date;
  event: CheckInEvent;
  team: Team;
  op: Op;
  declaration: { id: string; version: number } | null;
};

/** When the op was tapped: offline taps sent later keep their time, never later than they arrived. */
const tappedAt = (context: ApplyContext) =>
  new Date(Math.min(Date.parse(context.op.clientAt), context.now.getTime()));

type Applied = { outcome: Outcome; code?: StoredCode | "invalid"; seats: string[] };

/** One op of one of the event's teams, in its own transaction. */
async function applyOp(db: Database, context: ApplyContext): Promise<Applied> {
  const { op, team } = context;
  return db.transaction(async (tx) => {
    const refusal = notConfirmed(team.status);
    const seatKnown = op.seatId === null || team.seats.has(op.seatId);
    const replaced = op.kind === "substitute" ? (op.payload.replacesSeatId ?? null) : null;
    const code: StoredCode | null =
      refusal ??
      (op.kind === "substitute"
        ? replaced !== null && !team.seats.has(replaced)
          ? "replaced_not_found"
          : null
        : seatKnown
          ? null
          : "not_found");
    const [inserted] = await tx
      .insert(checkInOps)
      .values({
        id: op.id,
        eventId: context.event.id,
        registrationId: team.id,
        seatId: op.kind === "substitute" ? null : op.seatId,
        kind: op.kind,
        payload: op.payload ?? null,
        byUserId: context.actor.userId,
        byEmail: context.email,
        deviceId: context.deviceId,
        clientAt: new Date(op.clientAt),
        receivedAt: context.now,
        outcome: code ? "refused" : "applied",
        code,
      })
      .onConflictDoNothing({ target: checkInOps.id })
      .returning({ id: checkInOps.id });
    if (!inserted) {
      // The same op, stored by a request that ran at the same time: answered as it was.
      const first = (await storedOps(tx, [op.id])).get(op.id);
      if (!first || first.eventId !== context.event.id)
        return { outcome: "refused", code: "invalid", seats: [] };
      return { outcome: first.outcome, code: first.code ?? undefined, seats: seatsOf(first, team) };
    }
    const targets = op.seatId === null ? [...team.seats].sort() : [op.seatId];
    if (code)
      return { outcome: "refused", code, seats: op.kind === "substitute" || !seatKnown ? [] : targets };

    let result: Applied;
    switch (op.kind) {
      case "present":
        result = await markPresent(tx, context, targets);
        break;
      case "absent":
        result = await markAbsent(tx, context, targets);
        break;
      case "undo":
        result = await undo(tx, context, targets);
        break;
      case "substitute":
        result = await substitute(tx, context, op.payload);
        break;
      case "declare":
        result = await declareAtJetty(tx, context, op.seatId, op.payload);
        break;
    }
    if (result.outcome !== "applied") {
      await tx
        .update(checkInOps)
        .set({ outcome: result.outcome, code: result.code === "invalid" ? null : (result.code ?? null) })
        .where(eq(checkInOps.id, op.id));
    }
    return result;
  });
}

const attendanceRow = (context: ApplyContext, seatId: string, state: "present" | "absent") => ({
  seatId,
  state,
  opId: context.op.id,
  deviceId: context.deviceId,
  byEmail: context.email,
  // When it was tapped, so a check-in made offline and sent later says 09:12, not 11:00;
  // never later than it arrived, whatever the phone's clock says.
  at: tappedAt(context),
});

const takeOver = {
  state: sql`excluded.state`,
  opId: sql`excluded.op_id`,
  deviceId: sql`excluded.device_id`,
  byEmail: sql`excluded.by_email`,
  at: sql`excluded.at`,
};

/** The first 'present' wins; one over an 'absent' (the rower came after all) takes its place. */
async function markPresent(tx: Transaction, context: ApplyContext, seats: string[]): Promise<Applied> {
  if (seats.length === 0) return { outcome: "applied", seats };
  const changed = await tx
    .insert(seatAttendance)
    .values(seats.map((seat) => attendanceRow(context, seat, "present")))
    .onConflictDoUpdate({
      target: seatAttendance.seatId,
      set: takeOver,
      setWhere: sql`${seatAttendance.state} = 'absent'`,
    })
    .returning({ seatId: seatAttendance.seatId });
  return changed.length > 0
    ? { outcome: "applied", seats }
    : { outcome: "duplicate", code: "already_checked_in", seats };
}

/** 'absent' replaces an 'absent', or this phone's own 'present'; never another phone's 'present'. */
async function markAbsent(tx: Transaction, context: ApplyContext, seats: string[]): Promise<Applied> {
  if (seats.length === 0) return { outcome: "applied", seats };
  const changed = await tx
    .insert(seatAttendance)
    .values(seats.map((seat) => attendanceRow(context, seat, "absent")))
    .onConflictDoUpdate({
      target: seatAttendance.seatId,
      set: takeOver,
      setWhere: sql`${seatAttendance.state} = 'absent' or ${seatAttendance.deviceId} = ${context.deviceId}`,
    })
    .returning({ seatId: seatAttendance.seatId });
  return changed.length > 0
    ? { outcome: "applied", seats }
    : { outcome: "duplicate", code: "already_checked_in", seats };
}

/**
 * Takes back what this phone marked. Another phone's attendance stays: that is a
 * 'duplicate' naming who made it. Nothing marked at all is already as the phone wants it.
 */
async function undo(tx: Transaction, context: ApplyContext, seats: string[]): Promise<Applied> {
  if (seats.length === 0) return { outcome: "applied", seats };
  const removed = await tx
    .delete(seatAttendance)
    .where(and(inArray(seatAttendance.seatId, seats), eq(seatAttendance.deviceId, context.deviceId)))
    .returning({ seatId: seatAttendance.seatId });
  if (removed.length > 0) return { outcome: "applied", seats };
  const [others] = await tx
    .select({ seatId: seatAttendance.seatId })
    .from(seatAttendance)
    .where(inArray(seatAttendance.seatId, seats))
    .limit(1);
  return others ? { outcome: "duplicate", code: "already_checked_in", seats } : { outcome: "applied", seats };
}

/** A rower who was not on the roster, added at the jetty: see `syncCheckIns`. */
async function substitute(
  tx: Transaction,
  context: ApplyContext,
  payload: SubstitutePayload,
): Promise<Applied> {
  const { op, team, event, actor } = context;
  const entry: RosterMember = { id: op.id, name: payload.name };
  // Appended in the statement, so roster edits and other substitutes at the same time all stay.
  const [updated] = await tx
    .update(teamRegistrations)
    .set({
      roster: sql`${teamRegistrations.roster} || ${JSON.stringify([entry])}::jsonb`,
      updatedAt: context.now,
    })
    .where(and(eq(teamRegistrations.id, team.id), eq(teamRegistrations.status, "confirmed")))
    .returning({ roster: teamRegistrations.roster });
  if (!updated) return { outcome: "refused", code: "booking_cancelled", seats: [] };
  // The roster trigger keeps the op's id as the seat's unless it was taken; the last entry is ours.
  const seatId = updated.roster.at(-1)?.id;
  if (!seatId) throw new Error("The roster trigger gave the substitute no seat.");
  await tx.update(rowerSeats).set({ addedAtJetty: true }).where(eq(rowerSeats.id, seatId));
  const accepted = await recordJettyDeclaration(tx, context, seatId, payload);
  await tx.insert(seatAttendance).values(attendanceRow(context, seatId, "present"));
  const replaced = payload.replacesSeatId ?? null;
  if (replaced) {
    // The rower replaced is not coming: absent, unless a phone saw them after all.
    await tx
      .insert(seatAttendance)
      .values(attendanceRow(context, replaced, "absent"))
      .onConflictDoNothing({ target: seatAttendance.seatId });
  }
  await tx.update(checkInOps).set({ seatId }).where(eq(checkInOps.id, op.id));
  team.seats.add(seatId);
  await recordAudit(tx, actor, {
    action: "registration.substitute",
    entityId: team.id,
    partnerId: event.partnerId,
    summary: payload.name,
    changes: {
      roster: {
        before: null,
        after: {
          seatId,
          name: payload.name,
          swims: payload.swims,
          declarationVersion: accepted ? context.declaration!.version : null,
          replacesSeatId: replaced,
        },
      },
    },
  });
  return { outcome: "applied", seats: replaced ? [seatId, replaced] : [seatId] };
}

/**
 * Answers given at the jetty and the rower's acceptance of the declaration, confirmed by
 * staff: the version, the time of the tap and who recorded it. The one way both a
 * substitute's and a named rower's jetty declaration are written. An acceptance is recorded
 * only of the current version; whether it was given, returned.
 */
async function recordJettyDeclaration(
  tx: Transaction,
  context: ApplyContext,
  seatId: string,
  answers: {
    swims: boolean;
    emergencyName?: string;
    emergencyPhone?: string;
    acceptDeclarationVersion: number | null;
  },
): Promise<boolean> {
  const at = tappedAt(context);
  await tx
    .update(rowerSeats)
    .set({
      swims: answers.swims,
      emergencyName: answers.emergencyName,
      emergencyPhone: answers.emergencyPhone,
      confirmedAt: at,
      prunedAt: null,
      updatedAt: context.now,
    })
    .where(and(eq(rowerSeats.id, seatId), eq(rowerSeats.registrationId, context.team.id)));
  const declaration = context.declaration;
  if (declaration === null || answers.acceptDeclarationVersion !== declaration.version) return false;
  const accepted = {
    declarationId: declaration.id,
    acceptedAt: at,
    method: "staff" as const,
    staffUserId: context.actor.userId,
    staffEmail: context.email,
  };
  await tx
    .insert(declarationAcceptances)
    .values({ seatId, ...accepted })
    .onConflictDoUpdate({ target: declarationAcceptances.seatId, set: accepted });
  return true;
}

/**
 * A named rower who had no link, or did not use it, declares at the jetty (ADR 038): staff
 * record the swim answer, the emergency contact and the acceptance of the version they
 * read out. A rower who accepted the current version by their own link but gave no swim
 * answer gives the answers only: the link's acceptance stands, and the op names no version.
 * Refused, changing nothing, when the rower's own answers and acceptance are complete
 * (they stand), or when the version read is no longer the current one (staff read the new
 * text). A second phone's declaration of the same seat and version is a duplicate naming
 * who recorded the first.
 */
async function declareAtJetty(
  tx: Transaction,
  context: ApplyContext,
  seatId: string,
  payload: JettyDeclarationPayload,
): Promise<Applied> {
  const seats = [seatId];
  // The seat locked: two phones declaring the same rower take turns, and the second sees the first.
  const [seat] = await tx
    .select({
      id: rowerSeats.id,
      swims: rowerSeats.swims,
      emergencyName: rowerSeats.emergencyName,
      emergencyPhone: rowerSeats.emergencyPhone,
    })
    .from(rowerSeats)
    .where(and(eq(rowerSeats.id, seatId), eq(rowerSeats.registrationId, context.team.id)))
    .for("update", { of: rowerSeats });
  if (!seat) return { outcome: "refused", code: "not_found", seats: [] };
  const current = context.declaration;
  const [acceptance] = await tx
    .select({ method: declarationAcceptances.method, declarationId: declarationAcceptances.declarationId })
    .from(declarationAcceptances)
    .where(eq(declarationAcceptances.seatId, seatId));
  const answered = seat.swims !== null && Boolean(seat.emergencyName) && Boolean(seat.emergencyPhone);
  const acceptedByLink =
    current !== null && acceptance?.method === "link" && acceptance.declarationId === current.id;
  const [earlier] = await tx
    .select({ id: checkInOps.id })
    .from(checkInOps)
    .where(
      and(
        eq(checkInOps.seatId, seatId),
        eq(checkInOps.kind, "declare"),
        eq(checkInOps.outcome, "applied"),
        ne(checkInOps.id, context.op.id),
        sql`coalesce((${checkInOps.payload} ->> 'acceptDeclarationVersion')::int, 0) = ${current?.version ?? 0}`,
      ),
    )
    .limit(1);
  if (earlier) return { outcome: "duplicate", code: "already_declared", seats };
  // The rower's own answers and acceptance (or an event with nothing to accept) stand.
  if (answered && (acceptedByLink || (current === null && acceptance === undefined)))
    return { outcome: "refused", code: "declared_by_link", seats };
  if (acceptedByLink) {
    // The answers only; the version staff name, if any, must still be the current one.
    if (payload.acceptDeclarationVersion !== null && payload.acceptDeclarationVersion !== current.version)
      return { outcome: "refused", code: "declaration_changed", seats };
  } else if (payload.acceptDeclarationVersion !== (current?.version ?? null)) {
    return { outcome: "refused", code: "declaration_changed", seats };
  }
  await recordJettyDeclaration(
    tx,
    context,
    seatId,
    acceptedByLink ? { ...payload, acceptDeclarationVersion: null } : payload,
  );
  await recordAudit(tx, context.actor, {
    action: "registration.declare_at_jetty",
    entityId: context.team.id,
    partnerId: context.event.partnerId,
    // The record of who confirmed what; the answers themselves stay out of the log, which
    // outlives their 30 days.
    changes: {
      declaration: {
        before: null,
        after: { seatId, version: acceptedByLink ? null : (current?.version ?? null) },
      },
    },
  });
  return { outcome: "applied", seats };
}
