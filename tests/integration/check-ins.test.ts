import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "#server/auth/actor";
import { checkInCounts } from "#server/check-in/check-in-counts";
import { rosterSnapshot, snapshotEtag } from "#server/check-in/roster-snapshot";
import { syncCheckIns, type SyncAnswer } from "#server/check-in/sync-check-ins";
import {
  auditLog,
  checkInOps,
  profiles,
  declarationAcceptances,
  eventDeclarations,
  rowerSeats,
  seatAttendance,
  teamRegistrations,
} from "#server/db/schema";
import { AppError } from "#server/errors";
import { withLocale } from "#server/http/language";
import { pruneEventDayData } from "#server/seats/prune-event-day-data";
import { createAccount, type TestAccount } from "../support/accounts";
import { testDatabaseKind } from "../support/database";
import { createTestEvent } from "../support/events";
import { createTestSite, TEST_BASE_URL, type TestSite } from "../support/http-app";
import { createTestPartner } from "../support/partners";

// Check-ins (ADR 038, the check-in contract): the roster each phone keeps, and the sync of
// its taps by op id, with the conflict rules between phones.
let site: TestSite;
let host: { id: string };
let other: { id: string };
let member: TestAccount;
let admin: TestAccount;
let staff: TestAccount;
let otherStaff: TestAccount;
let otherMember: TestAccount;
let user: TestAccount;
const HOUR = 60 * 60 * 1000;

const db = () => site.database.db;
const staffActor = (account: TestAccount, partnerId: string): Actor => ({
  userId: account.id,
  role: "user",
  partnerIds: [],
  checkInPartnerIds: [partnerId],
});
const memberActor = (account: TestAccount, partnerId: string): Actor => ({
  userId: account.id,
  role: "partner",
  partnerIds: [partnerId],
});

beforeAll(async () => {
  site = await createTestSite();
  host = await createTestPartner(db(), "Jetty Roklub");
  other = await createTestPartner(db(), "Other Jetty Roklub");
  member = await createAccount(site, { role: "partner", partnerId: host.id, firstName: "Mia" });
  otherMember = await createAccount(site, { role: "partner", partnerId: other.id, firstName: "Otto" });
  admin = await createAccount(site, { role: "admin", firstName: "Ada" });
  staff = await createAccount(site, { partnerId: host.id, memberRole: "check_in", firstName: "Anna" });
  otherStaff = await createAccount(site, { partnerId: other.id, memberRole: "check_in", firstName: "Ole" });
  user = await createAccount(site, { firstName: "Ulla" });
});

afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

/** An event going on now, of `partnerId`. */
async function todaysEvent(partnerId = host.id, title = "Jetty Sprint") {
  const now = Date.now();
  return createTestEvent(db(), partnerId, {
    title,
    startsAt: new Date(now - HOUR),
    endsAt: new Date(now + 5 * HOUR),
    registrationDeadline: new Date(now - 2 * HOUR),
    maxTeams: 50,
  });
}

let teamCount = 0;
/** A booking of `eventId` with a roster of `rowers` names; its seats are made by the roster trigger. */
async function team(
  eventId: string,
  rowers = 3,
  status: "confirmed" | "waitlisted" | "cancelled" | "held" = "confirmed",
) {
  teamCount += 1;
  const [registration] = await db()
    .insert(teamRegistrations)
    .values({
      eventId,
      userId: user.id,
      teamName: `Crew ${teamCount}`,
      company: `Company ${teamCount} A/S`,
      captainName: `Captain ${teamCount}`,
      status,
      roster: Array.from({ length: rowers }, (_, index) => ({ name: `Rower ${teamCount}.${index + 1}` })),
    })
    .returning();
  const seats = (registration!.roster ?? []).map((member) => member.id!);
  return { id: registration!.id, reference: registration!.reference, seats };
}

type OpInput = {
  id?: string;
  registrationId: string;
  seatId?: string | null;
  kind: "present" | "absent" | "undo" | "substitute" | "declare";
  payload?: unknown;
  clientAt?: string;
};

const op = (input: OpInput) => ({
  id: randomUUID(),
  seatId: null,
  clientAt: new Date().toISOString(),
  ...input,
});

/** One phone: its device id and who holds it. */
function phone(account: TestAccount, actor: Actor) {
  const deviceId = randomUUID();
  return {
    deviceId,
    sync: (eventId: string, ops: unknown[]): Promise<SyncAnswer> =>
      syncCheckIns(db(), { actor, email: account.email, eventId, input: { deviceId, ops } }),
  };
}

async function attendanceOf(seatIds: string[]) {
  return db()
    .select()
    .from(seatAttendance)
    .where(inArray(seatAttendance.seatId, seatIds))
    .orderBy(asc(seatAttendance.seatId));
}

/** Every row a sync may change, for "nothing changed". */
async function rowsOf(eventId: string) {
  const registrations = await db()
    .select()
    .from(teamRegistrations)
    .where(eq(teamRegistrations.eventId, eventId))
    .orderBy(asc(teamRegistrations.id));
  const seatIds = (
    await db().select({ id: rowerSeats.id }).from(rowerSeats).where(eq(rowerSeats.eventId, eventId))
  ).map((seat) => seat.id);
  return {
    registrations,
    seats: await db()
      .select()
      .from(rowerSeats)
      .where(eq(rowerSeats.eventId, eventId))
      .orderBy(asc(rowerSeats.id)),
    ops: await db()
      .select()
      .from(checkInOps)
      .where(eq(checkInOps.eventId, eventId))
      .orderBy(asc(checkInOps.id)),
    attendance: seatIds.length > 0 ? await attendanceOf(seatIds) : [],
    acceptances:
      seatIds.length > 0
        ? await db()
            .select()
            .from(declarationAcceptances)
            .where(inArray(declarationAcceptances.seatId, seatIds))
        : [],
    audit: await db().select().from(auditLog).orderBy(asc(auditLog.id)),
  };
}

async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("Expected a refusal.");
}

describe(`the roster snapshot on ${testDatabaseKind}`, () => {
  it("lists every team with its seats in roster order, their declarations, attendance and the counts", async () => {
    const event = await todaysEvent();
    const declaration = await db()
      .insert(eventDeclarations)
      .values([
        { eventId: event.id, version: 1, language: "en", text: "I row at my own risk." },
        { eventId: event.id, version: 2, language: "en", text: "I row at my own risk, in a vest." },
      ])
      .returning();
    const crew = await team(event.id, 3);
    const waiting = await team(event.id, 2, "waitlisted");
    await db()
      .insert(declarationAcceptances)
      .values([
        { seatId: crew.seats[0]!, declarationId: declaration[1]!.id, method: "link" },
        { seatId: crew.seats[1]!, declarationId: declaration[0]!.id, method: "link" },
      ]);
    await db().update(rowerSeats).set({ swims: false }).where(eq(rowerSeats.id, crew.seats[0]!));
    const anna = phone(staff, staffActor(staff, host.id));
    await anna.sync(event.id, [op({ registrationId: crew.id, seatId: crew.seats[0]!, kind: "present" })]);

    const snapshot = await rosterSnapshot(db(), staffActor(staff, host.id), event.id, { locale: "en" });
    expect(snapshot.event).toMatchObject({
      id: event.id,
      title: "Jetty Sprint",
      place: "Copenhagen",
      nonSwimmers: "with_rule",
      declarationVersion: 2,
    });
    expect(snapshot.event.nonSwimmerRule).toContain("life vest");
    expect(snapshot.teams.map((t) => [t.registrationId, t.status])).toEqual([
      [crew.id, "confirmed"],
      [waiting.id, "waitlisted"],
    ]);
    const [first, second, third] = snapshot.teams[0]!.seats;
    expect(snapshot.teams[0]).toMatchObject({ reference: crew.reference, captainName: expect.any(String) });
    expect(snapshot.teams[0]!.seats.map((seat) => [seat.seatId, seat.number])).toEqual([
      [crew.seats[0], 1],
      [crew.seats[1], 2],
      [crew.seats[2], 3],
    ]);
    expect(first).toMatchObject({ swims: false, declaration: "accepted", addedAtJetty: false });
    expect(first!.attendance).toMatchObject({ state: "present", byEmail: staff.email });
    expect(second).toMatchObject({ declaration: "outdated", attendance: null, state: "no_address" });
    expect(third).toMatchObject({ declaration: "missing", attendance: null });
    // The waitlisted team's rowers are not counted: only confirmed teams can be checked in.
    expect(snapshot.counts).toEqual({
      teams: 1,
      teamsCheckedIn: 1,
      rowers: 3,
      rowersPresent: 1,
      declarationsMissing: 2,
    });

    const danish = await withLocale("da", () => rosterSnapshot(db(), staffActor(staff, host.id), event.id));
    expect(danish.event.nonSwimmerRule).toContain("redningsvest");
  });

  it("has the same tag while nothing changes, and another once a rower is checked in", async () => {
    const event = await todaysEvent();
    const crew = await team(event.id, 2);
    const actor = memberActor(member, host.id);
    const tagOf = async () => snapshotEtag(await rosterSnapshot(db(), actor, event.id, { locale: "en" }));
    const before = await tagOf();
    expect(await tagOf()).toBe(before);
    await phone(member, actor).sync(event.id, [
      op({ registrationId: crew.id, seatId: crew.seats[1]!, kind: "present" }),
    ]);
    expect(await tagOf()).not.toBe(before);
  });

  it("is 'not found' for another partner's members and staff, and for an unknown event", async () => {
    const event = await todaysEvent();
    for (const actor of [memberActor(otherMember, other.id), staffActor(otherStaff, other.id)]) {
      expect((await refusalOf(rosterSnapshot(db(), actor, event.id))).code).toBe("not_found");
    }
    expect((await refusalOf(rosterSnapshot(db(), memberActor(member, host.id), randomUUID()))).code).toBe(
      "not_found",
    );
    expect((await refusalOf(rosterSnapshot(db(), memberActor(member, host.id), "not-an-id"))).code).toBe(
      "not_found",
    );
  });
});

describe(`syncing check-ins on ${testDatabaseKind}`, () => {
  it("lets the first 'present' win: a second phone's is a duplicate naming who and when", async () => {
    const event = await todaysEvent();
    const crew = await team(event.id, 2);
    const anna = phone(staff, staffActor(staff, host.id));
    const mia = phone(member, memberActor(member, host.id));
    const [first] = (
      await anna.sync(event.id, [op({ registrationId: crew.id, seatId: crew.seats[0]!, kind: "present" })])
    ).results;
    expect(first).toMatchObject({
      outcome: "applied",
      attendance: [{ seatId: crew.seats[0], state: "present", byEmail: staff.email }],
    });
    const answer = await mia.sync(event.id, [
      op({ registrationId: crew.id, seatId: crew.seats[0]!, kind: "present" }),
    ]);
    expect(answer.results[0]).toMatchObject({ outcome: "duplicate", code: "already_checked_in" });
    expect(answer.results[0]!.reason).toContain(`Already checked in by ${staff.email} at `);
    expect(answer.counts).toMatchObject({ teams: 1, teamsCheckedIn: 1, rowers: 2, rowersPresent: 1 });
    const rows = await attendanceOf(crew.seats);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ byEmail: staff.email, deviceId: anna.deviceId });
    const stored = await db().select().from(checkInOps).where(eq(checkInOps.registrationId, crew.id));
    expect(stored.map((row) => [row.byEmail, row.outcome, row.code]).sort()).toEqual([
      [member.email, "duplicate", "already_checked_in"],
      [staff.email, "applied", null],
    ]);
  });

  it("answers a replayed batch with each op's first outcome, changing nothing", async () => {
    const event = await todaysEvent();
    const crew = await team(event.id, 3);
    const anna = phone(staff, staffActor(staff, host.id));
    const mia = phone(member, memberActor(member, host.id));
    await mia.sync(event.id, [op({ registrationId: crew.id, seatId: crew.seats[1]!, kind: "present" })]);
    const batch = [
      op({ registrationId: crew.id, seatId: crew.seats[0]!, kind: "present" }),
      op({ registrationId: crew.id, seatId: crew.seats[1]!, kind: "present" }),
      op({ registrationId: crew.id, seatId: crew.seats[0]!, kind: "undo" }),
    ];
    const first = await anna.sync(event.id, batch);
    expect(first.results.map((result) => result.outcome)).toEqual(["applied", "duplicate", "applied"]);
    const before = await rowsOf(event.id);
    // The phone re-sends after a lost answer; the undo stays an undo, the present is not made again.
    const again = await anna.sync(event.id, batch);
    expect(again.results.map((result) => [result.outcome, result.code])).toEqual(
      first.results.map((result) => [result.outcome, result.code]),
    );
    expect(await rowsOf(event.id)).toEqual(before);
    expect(await attendanceOf(crew.seats)).toHaveLength(1);
  });

  it("never lets 'absent' override another phone's 'present', and lets a 'present' follow an 'absent'", async () => {
    const event = await todaysEvent();
    const crew = await team(event.id, 2);
    const anna = phone(staff, staffActor(staff, host.id));
    const mia = phone(member, memberActor(member, host.id));
    const seat = crew.seats[0]!;
    await anna.sync(event.id, [op({ registrationId: crew.id, seatId: seat, kind: "present" })]);
    const refused = await mia.sync(event.id, [op({ registrationId: crew.id, seatId: seat, kind: "absent" })]);
    expect(refused.results[0]).toMatchObject({ outcome: "duplicate", code: "already_checked_in" });
    expect(await attendanceOf([seat])).toMatchObject([{ state: "present", byEmail: staff.email }]);

    // The phone that checked the rower in may correct itself.
    const own = await anna.sync(event.id, [op({ registrationId: crew.id, seatId: seat, kind: "absent" })]);
    expect(own.results[0]).toMatchObject({ outcome: "applied", attendance: [{ state: "absent" }] });
    // Then the rower turns up after all, seen by the other phone.
    const late = await mia.sync(event.id, [op({ registrationId: crew.id, seatId: seat, kind: "present" })]);
    expect(late.results[0]).toMatchObject({ outcome: "applied" });
    expect(await attendanceOf([seat])).toMatchObject([
      { state: "present", byEmail: member.email, deviceId: mia.deviceId },
    ]);
  });

  it("lets 'undo' remove only what its own phone marked", async () => {
    const event = await todaysEvent();
    const crew = await team(event.id, 2);
    const anna = phone(staff, staffActor(staff, host.id));
    const mia = phone(member, memberActor(member, host.id));
    const seat = crew.seats[1]!;
    await anna.sync(event.id, [op({ registrationId: crew.id, seatId: seat, kind: "present" })]);
    const others = await mia.sync(event.id, [op({ registrationId: crew.id, seatId: seat, kind: "undo" })]);
    expect(others.results[0]).toMatchObject({ outcome: "duplicate", code: "already_checked_in" });
    expect(await attendanceOf([seat])).toHaveLength(1);
    const own = await anna.sync(event.id, [op({ registrationId: crew.id, seatId: seat, kind: "undo" })]);
    expect(own.results[0]).toMatchObject({ outcome: "applied", attendance: [] });
    expect(await attendanceOf([seat])).toHaveLength(0);
  });

  it("checks a whole team in with one op, leaving seats another phone took as they are", async () => {
    const event = await todaysEvent();
    const crew = await team(event.id, 4);
    const anna = phone(staff, staffActor(staff, host.id));
    const mia = phone(member, memberActor(member, host.id));
    await mia.sync(event.id, [op({ registrationId: crew.id, seatId: crew.seats[2]!, kind: "present" })]);
    const answer = await anna.sync(event.id, [op({ registrationId: crew.id, kind: "present" })]);
    expect(answer.results[0]).toMatchObject({ outcome: "applied" });
    expect(answer.results[0]!.attendance).toHaveLength(4);
    expect(answer.counts).toMatchObject({ teams: 1, teamsCheckedIn: 1, rowers: 4, rowersPresent: 4 });
    const rows = await attendanceOf(crew.seats);
    expect(rows.filter((row) => row.byEmail === member.email).map((row) => row.seatId)).toEqual([
      crew.seats[2],
    ]);
    const again = await anna.sync(event.id, [op({ registrationId: crew.id, kind: "present" })]);
    expect(again.results[0]).toMatchObject({ outcome: "duplicate", code: "already_checked_in" });
  });

  it("adds a substitute to the roster with the swim answer, the staff's acceptance and an audit row", async () => {
    const event = await todaysEvent();
    const [declaration] = await db()
      .insert(eventDeclarations)
      .values({ eventId: event.id, version: 1, language: "en", text: "I row at my own risk." })
      .returning();
    const crew = await team(event.id, 2);
    const anna = phone(staff, staffActor(staff, host.id));
    const substitute = op({
      registrationId: crew.id,
      kind: "substitute",
      payload: {
        name: "  Sofie Vikar ",
        swims: true,
        acceptDeclarationVersion: 1,
        replacesSeatId: crew.seats[1]!,
      },
    });
    const answer = await anna.sync(event.id, [substitute]);
    expect(answer.results[0]).toMatchObject({ outcome: "applied" });
    const [registration] = await db()
      .select()
      .from(teamRegistrations)
      .where(eq(teamRegistrations.id, crew.id));
    expect(registration!.roster).toHaveLength(3);
    expect(registration!.roster[2]!.name).toBe("Sofie Vikar");
    const seatId = registration!.roster[2]!.id!;
    expect(seatId).toBe(substitute.id);
    const [seat] = await db().select().from(rowerSeats).where(eq(rowerSeats.id, seatId));
    expect(seat).toMatchObject({
      name: "Sofie Vikar",
      addedAtJetty: true,
      swims: true,
      registrationId: crew.id,
    });
    const [acceptance] = await db()
      .select()
      .from(declarationAcceptances)
      .where(eq(declarationAcceptances.seatId, seatId));
    expect(acceptance).toMatchObject({
      declarationId: declaration!.id,
      method: "staff",
      staffUserId: staff.id,
      staffEmail: staff.email,
    });
    // The substitute is there; the rower they replace is not.
    expect(await attendanceOf([seatId, crew.seats[1]!])).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ seatId, state: "present" }),
        expect.objectContaining({ seatId: crew.seats[1], state: "absent" }),
      ]),
    );
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "registration.substitute"), eq(auditLog.entityId, crew.id)));
    expect(audit).toMatchObject({ actorEmail: staff.email, partnerId: host.id, summary: "Sofie Vikar" });

    const snapshot = await rosterSnapshot(db(), staffActor(staff, host.id), event.id, { locale: "en" });
    expect(snapshot.teams[0]!.seats[2]).toMatchObject({
      seatId,
      number: 3,
      addedAtJetty: true,
      declaration: "accepted",
      state: "confirmed",
    });
    // Sent again, it adds nobody.
    await anna.sync(event.id, [substitute]);
    const [after] = await db().select().from(teamRegistrations).where(eq(teamRegistrations.id, crew.id));
    expect(after!.roster).toHaveLength(3);
  });

  it("clears a substitute's payload 30 days after the event, with the seats' answers", async () => {
    const event = await todaysEvent();
    const crew = await team(event.id, 1);
    const substitute = op({
      registrationId: crew.id,
      kind: "substitute",
      payload: { name: "Pia", swims: false, acceptDeclarationVersion: null },
    });
    await phone(staff, staffActor(staff, host.id)).sync(event.id, [substitute]);
    const payloadOf = async () =>
      (await db().select().from(checkInOps).where(eq(checkInOps.id, substitute.id)))[0]!.payload;
    await pruneEventDayData({ db: db() }, new Date(event.endsAt.getTime() + 29 * 24 * HOUR));
    expect(await payloadOf()).toMatchObject({ name: "Pia", swims: false });
    await pruneEventDayData({ db: db() }, new Date(event.endsAt.getTime() + 30 * 24 * HOUR));
    expect(await payloadOf()).toBeNull();
    // The record of the check-in stays.
    expect(await attendanceOf([substitute.id])).toHaveLength(1);
  });

  it("records no acceptance for a substitute shown an older declaration", async () => {
    const event = await todaysEvent();
    await db()
      .insert(eventDeclarations)
      .values([
        { eventId: event.id, version: 1, language: "en", text: "Old words." },
        { eventId: event.id, version: 2, language: "en", text: "New words." },
      ]);
    const crew = await team(event.id, 1);
    const anna = phone(staff, staffActor(staff, host.id));
    const substitute = op({
      registrationId: crew.id,
      kind: "substitute",
      payload: { name: "Karl", swims: false, acceptDeclarationVersion: 1 },
    });
    expect((await anna.sync(event.id, [substitute])).results[0]).toMatchObject({ outcome: "applied" });
    expect(
      await db()
        .select()
        .from(declarationAcceptances)
        .where(eq(declarationAcceptances.seatId, substitute.id)),
    ).toEqual([]);
  });

  it("refuses malformed ops one by one, and applies the rest of the batch", async () => {
    const event = await todaysEvent();
    const crew = await team(event.id, 2);
    const anna = phone(staff, staffActor(staff, host.id));
    const good = op({ registrationId: crew.id, seatId: crew.seats[0]!, kind: "present" });
    const malformed = [
      { ...op({ registrationId: crew.id, seatId: crew.seats[1]!, kind: "present" }), id: "not-a-uuid" },
      { ...op({ registrationId: crew.id, seatId: crew.seats[1]!, kind: "present" }), kind: "wave" },
      { ...op({ registrationId: crew.id, seatId: crew.seats[1]!, kind: "present" }), clientAt: "yesterday" },
      op({ registrationId: crew.id, kind: "substitute" }),
      op({
        registrationId: crew.id,
        kind: "present",
        payload: { name: "X", swims: true, acceptDeclarationVersion: null },
      }),
      op({
        registrationId: crew.id,
        kind: "substitute",
        payload: { name: " ", swims: true, acceptDeclarationVersion: null },
      }),
      // PostgreSQL stores no NUL: refused as the op it is, not a failed batch behind it.
      op({
        registrationId: crew.id,
        kind: "substitute",
        payload: { name: "Nul\u0000Person", swims: true, acceptDeclarationVersion: null },
      }),
      null,
      "present",
    ];
    const answer = await anna.sync(event.id, [...malformed, good]);
    expect(answer.results.slice(0, -1).map((result) => [result.outcome, result.code])).toEqual(
      malformed.map(() => ["refused", "invalid"]),
    );
    expect(answer.results[0]!.id).toBe("not-a-uuid");
    expect(answer.results[0]!.reason).toBe("Not a check-in this page can make");
    expect(answer.results.at(-1)).toMatchObject({ id: good.id, outcome: "applied" });
    expect(await db().select().from(checkInOps).where(eq(checkInOps.eventId, event.id))).toHaveLength(1);
    expect(await attendanceOf(crew.seats)).toHaveLength(1);
  });

  it("refuses another event's team, a seat not on the team and a booking not confirmed, changing nothing", async () => {
    const event = await todaysEvent();
    const otherEvent = await todaysEvent(host.id, "Another Sprint");
    const foreign = await todaysEvent(other.id, "Foreign Sprint");
    const crew = await team(event.id, 2);
    const elsewhere = await team(otherEvent.id, 2);
    const foreignCrew = await team(foreign.id, 2);
    const cancelled = await team(event.id, 2, "cancelled");
    const waitlisted = await team(event.id, 2, "waitlisted");
    const held = await team(event.id, 1, "held");
    const anna = phone(staff, staffActor(staff, host.id));
    const before = await rowsOf(event.id);
    const answer = await anna.sync(event.id, [
      op({ registrationId: elsewhere.id, seatId: elsewhere.seats[0]!, kind: "present" }),
      op({ registrationId: foreignCrew.id, kind: "present" }),
      op({ registrationId: randomUUID(), kind: "present" }),
      op({ registrationId: crew.id, seatId: elsewhere.seats[1]!, kind: "present" }),
      op({ registrationId: crew.id, seatId: randomUUID(), kind: "absent" }),
      op({ registrationId: cancelled.id, seatId: cancelled.seats[0]!, kind: "present" }),
      op({ registrationId: waitlisted.id, kind: "present" }),
      op({ registrationId: held.id, kind: "present" }),
      op({
        registrationId: cancelled.id,
        kind: "substitute",
        payload: { name: "Nope", swims: true, acceptDeclarationVersion: null },
      }),
      op({
        registrationId: crew.id,
        kind: "substitute",
        payload: {
          name: "Nope",
          swims: true,
          acceptDeclarationVersion: null,
          replacesSeatId: elsewhere.seats[0]!,
        },
      }),
    ]);
    expect(answer.results.map((result) => [result.outcome, result.code, result.reason])).toEqual([
      ["refused", "not_this_event", "Not this event's team"],
      ["refused", "not_this_event", "Not this event's team"],
      ["refused", "not_this_event", "Not this event's team"],
      ["refused", "not_found", "This rower is no longer on the team's roster"],
      ["refused", "not_found", "This rower is no longer on the team's roster"],
      ["refused", "booking_not_confirmed", "Booking cancelled"],
      ["refused", "booking_not_confirmed", "On the waitlist"],
      ["refused", "booking_not_confirmed", "Booking not paid yet"],
      ["refused", "booking_not_confirmed", "Booking cancelled"],
      ["refused", "not_found", "The rower to replace is not on this team's roster"],
    ]);
    const after = await rowsOf(event.id);
    // The refusals of the event's own teams are kept as their record; nothing else changed.
    expect(after.ops.map((row) => [row.outcome, row.code]).sort()).toEqual(
      [
        ["refused", "booking_cancelled"],
        ["refused", "booking_cancelled"],
        ["refused", "booking_held"],
        ["refused", "booking_waitlisted"],
        ["refused", "not_found"],
        ["refused", "not_found"],
        ["refused", "replaced_not_found"],
      ].sort(),
    );
    expect({ ...after, ops: [] }).toEqual({ ...before, ops: [] });
    expect(await attendanceOf([...elsewhere.seats, ...foreignCrew.seats])).toEqual([]);
    expect(await db().select().from(checkInOps).where(eq(checkInOps.eventId, otherEvent.id))).toEqual([]);
    // Danish words for a Danish phone.
    const danish = await withLocale("da", () =>
      anna.sync(event.id, [op({ registrationId: cancelled.id, kind: "present" })]),
    );
    expect(danish.results[0]!.reason).toBe("Tilmeldingen er afmeldt");
  });

  it("refuses a request that is no sync, and one of more than 500 ops, whole", async () => {
    const event = await todaysEvent();
    const crew = await team(event.id, 1);
    const actor = staffActor(staff, host.id);
    const before = await rowsOf(event.id);
    for (const input of [
      undefined,
      null,
      [],
      { ops: [] },
      { deviceId: "phone", ops: [] },
      { deviceId: randomUUID(), ops: {} },
    ]) {
      const refusal = await refusalOf(
        syncCheckIns(db(), { actor, email: staff.email, eventId: event.id, input }),
      );
      expect(refusal.code).toBe("invalid");
    }
    const ops = Array.from({ length: 501 }, () =>
      op({ registrationId: crew.id, seatId: crew.seats[0]!, kind: "present" }),
    );
    const refusal = await refusalOf(
      syncCheckIns(db(), {
        actor,
        email: staff.email,
        eventId: event.id,
        input: { deviceId: randomUUID(), ops },
      }),
    );
    expect(refusal.code).toBe("too_large");
    expect(await rowsOf(event.id)).toEqual(before);
  });

  it("is 'not found' for another partner's members and staff, changing nothing", async () => {
    const event = await todaysEvent();
    const crew = await team(event.id, 2);
    const before = await rowsOf(event.id);
    for (const [account, actor] of [
      [otherMember, memberActor(otherMember, other.id)],
      [otherStaff, staffActor(otherStaff, other.id)],
    ] as const) {
      const refusal = await refusalOf(
        phone(account, actor).sync(event.id, [op({ registrationId: crew.id, kind: "present" })]),
      );
      expect(refusal.code).toBe("not_found");
    }
    expect(await rowsOf(event.id)).toEqual(before);
  });

  it("keeps staff out of an event that ended more than a day ago, while its members may still sync", async () => {
    const now = Date.now();
    const event = await createTestEvent(db(), host.id, {
      startsAt: new Date(now - 40 * HOUR),
      endsAt: new Date(now - 30 * HOUR),
      registrationDeadline: new Date(now - 50 * HOUR),
    });
    const crew = await team(event.id, 1);
    const refusal = await refusalOf(
      phone(staff, staffActor(staff, host.id)).sync(event.id, [
        op({ registrationId: crew.id, kind: "present" }),
      ]),
    );
    expect(refusal.code).toBe("not_found");
    const answer = await phone(member, memberActor(member, host.id)).sync(event.id, [
      op({ registrationId: crew.id, kind: "present" }),
    ]);
    expect(answer.results[0]!.outcome).toBe("applied");
  });
});

describe(`two phones syncing at once on ${testDatabaseKind}`, () => {
  it("never makes two attendances for a seat, and loses no op", async () => {
    const event = await todaysEvent();
    const crews = await Promise.all(Array.from({ length: 10 }, () => team(event.id, 6)));
    const seats = crews.flatMap((crew) => crew.seats.map((seatId) => ({ registrationId: crew.id, seatId })));
    const anna = phone(staff, staffActor(staff, host.id));
    const mia = phone(member, memberActor(member, host.id));
    const shuffled = <T>(list: T[]) =>
      list
        .map((item) => ({ item, key: Math.random() }))
        .sort((a, b) => a.key - b.key)
        .map(({ item }) => item);
    const opsOf = () => shuffled(seats).map((seat) => op({ ...seat, kind: "present" }));
    const annaOps = opsOf();
    const miaOps = opsOf();
    const batches = (ops: unknown[]) => [ops.slice(0, 20), ops.slice(20, 40), ops.slice(40)];
    const run = (who: typeof anna, ops: unknown[]) =>
      (async () => {
        const results = [];
        for (const batch of batches(ops)) results.push(...(await who.sync(event.id, batch)).results);
        return results;
      })();
    const [first, second] = await Promise.all([run(anna, annaOps), run(mia, miaOps)]);
    // Both phones send everything again, at once: the same answers, nothing new.
    const [firstAgain, secondAgain, thirdAgain] = await Promise.all([
      run(anna, annaOps),
      run(mia, miaOps),
      run(anna, annaOps),
    ]);
    const outcomes = (results: { outcome: string }[]) => results.map((result) => result.outcome);
    expect(outcomes(firstAgain)).toEqual(outcomes(first));
    expect(outcomes(thirdAgain)).toEqual(outcomes(first));
    expect(outcomes(secondAgain)).toEqual(outcomes(second));
    const applied = [...first, ...second].filter((result) => result.outcome === "applied");
    expect(applied).toHaveLength(seats.length);
    expect([...first, ...second].filter((result) => result.outcome === "duplicate")).toHaveLength(
      seats.length,
    );

    const attendance = await attendanceOf(seats.map((seat) => seat.seatId));
    expect(attendance).toHaveLength(seats.length);
    const stored = await db().select().from(checkInOps).where(eq(checkInOps.eventId, event.id));
    expect(stored).toHaveLength(2 * seats.length);
    const appliedPerSeat = new Map<string, number>();
    for (const row of stored.filter((row) => row.outcome === "applied")) {
      appliedPerSeat.set(row.seatId!, (appliedPerSeat.get(row.seatId!) ?? 0) + 1);
    }
    expect([...appliedPerSeat.values()].every((count) => count === 1)).toBe(true);
    expect(appliedPerSeat.size).toBe(seats.length);
    // Each attendance is the op that was applied.
    const appliedIds = new Set(stored.filter((row) => row.outcome === "applied").map((row) => row.id));
    expect(attendance.every((row) => appliedIds.has(row.opId))).toBe(true);
    const counts = (await checkInCounts(db(), [event.id])).get(event.id);
    expect(counts).toMatchObject({ teams: 10, teamsCheckedIn: 10, rowers: 60, rowersPresent: 60 });
  });
});

describe("the check-in endpoints", () => {
  let eventId: string;
  let crew: { id: string; seats: string[] };

  beforeAll(async () => {
    eventId = (await todaysEvent()).id;
    crew = await team(eventId, 2);
  });

  const rosterPath = () => `/dashboard/partner/check-in/${eventId}/roster.json`;
  const syncPath = () => `/dashboard/partner/check-in/${eventId}/sync`;
  const getRoster = (cookie?: string, headers: Record<string, string> = {}) =>
    site.request(rosterPath(), {
      headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
      redirect: "manual",
    });
  const postSync = (body: string, cookie?: string, origin = TEST_BASE_URL) =>
    site.request(syncPath(), {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
      body,
      redirect: "manual",
    });
  const syncBody = (ops: unknown[]) => JSON.stringify({ deviceId: randomUUID(), ops });

  it("gives the roster to the partner's members, admins and its check-in staff, with a tag it answers 304 to", async () => {
    for (const account of [member, admin, staff]) {
      const response = await getRoster(account.cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(response.headers.get("cache-control")).toBe("private, no-cache");
      const etag = response.headers.get("etag");
      expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
      const body = (await response.json()) as { event: { id: string }; teams: unknown[] };
      expect(body.event.id).toBe(eventId);
      expect(body.teams).toHaveLength(1);
      const unchanged = await getRoster(account.cookie, { "If-None-Match": etag! });
      expect(unchanged.status).toBe(304);
    }
  });

  it("answers 401 JSON signed out, 403 to others and 404 JSON for another partner's people", async () => {
    const anonymous = await getRoster();
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "signed_out" });
    const signedOutSync = await postSync(syncBody([]));
    expect(signedOutSync.status).toBe(401);
    expect(await signedOutSync.json()).toEqual({ error: "signed_out" });
    expect((await getRoster(user.cookie)).status).toBe(403);
    expect((await postSync(syncBody([]), user.cookie)).status).toBe(403);
    for (const account of [otherMember, otherStaff]) {
      const response = await getRoster(account.cookie);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "not_found" });
      const before = await rowsOf(eventId);
      const posted = await postSync(
        syncBody([op({ registrationId: crew.id, kind: "present" })]),
        account.cookie,
      );
      expect(posted.status).toBe(404);
      expect(await posted.json()).toEqual({ error: "not_found" });
      expect(await rowsOf(eventId)).toEqual(before);
    }
    const unknown = await site.request(`/dashboard/partner/check-in/${randomUUID()}/roster.json`, {
      headers: { Cookie: admin.cookie },
    });
    expect(unknown.status).toBe(404);
  });

  it("answers in the person's saved language", async () => {
    const dane = await createAccount(site, {
      partnerId: host.id,
      memberRole: "check_in",
      firstName: "Dorte",
    });
    await db().update(profiles).set({ language: "da" }).where(eq(profiles.userId, dane.id));
    const roster = (await (await getRoster(dane.cookie)).json()) as { event: { nonSwimmerRule: string } };
    expect(roster.event.nonSwimmerRule).toContain("redningsvest");
    const cancelled = await team(eventId, 1, "cancelled");
    const answer = (await (
      await postSync(syncBody([op({ registrationId: cancelled.id, kind: "present" })]), dane.cookie)
    ).json()) as SyncAnswer;
    expect(answer.results[0]!.reason).toBe("Tilmeldingen er afmeldt");
  });

  it("syncs for staff, and answers 400 to what is no sync, 413 to too many ops and 403 to another site", async () => {
    const answer = await postSync(
      syncBody([op({ registrationId: crew.id, seatId: crew.seats[0]!, kind: "present" })]),
      staff.cookie,
    );
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as SyncAnswer;
    expect(body.results[0]).toMatchObject({ outcome: "applied" });
    expect(body.counts).toMatchObject({ rowersPresent: 1 });

    const before = await rowsOf(eventId);
    for (const invalid of ["{not json", JSON.stringify({ ops: "all" }), "[]"]) {
      const refused = await postSync(invalid, staff.cookie);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: "invalid" });
    }
    const many = Array.from({ length: 501 }, () => op({ registrationId: crew.id, kind: "present" }));
    const tooMany = await postSync(syncBody(many), staff.cookie);
    expect(tooMany.status).toBe(413);
    expect(await tooMany.json()).toEqual({ error: "too_many" });
    const forged = await postSync(
      syncBody([op({ registrationId: crew.id, seatId: crew.seats[1]!, kind: "present" })]),
      staff.cookie,
      "https://evil.example",
    );
    expect(forged.status).toBe(403);
    expect(await rowsOf(eventId)).toEqual(before);
  });
});

describe(`a named rower's declaration at the jetty on ${testDatabaseKind}`, () => {
  /** An event going on now with a declaration of `versions` versions; the current one's row. */
  async function declaredEvent(versions = 1) {
    const event = await todaysEvent();
    const rows = await db()
      .insert(eventDeclarations)
      .values(
        Array.from({ length: versions }, (_, index) => ({
          eventId: event.id,
          version: index + 1,
          language: "en" as const,
          text: `I row at my own risk (v${index + 1}).`,
        })),
      )
      .returning();
    return { event, declaration: rows.at(-1)! };
  }

  const answers = (version: number | null, overrides: Record<string, unknown> = {}) => ({
    swims: false,
    emergencyName: "  Karen Holm ",
    emergencyPhone: "+45 20 30 40 50",
    acceptDeclarationVersion: version,
    ...overrides,
  });

  const seatRow = async (seatId: string) =>
    (await db().select().from(rowerSeats).where(eq(rowerSeats.id, seatId)))[0]!;
  const acceptanceOf = async (seatId: string) =>
    (await db().select().from(declarationAcceptances).where(eq(declarationAcceptances.seatId, seatId)))[0];

  it("records the answers and the staff-confirmed acceptance with version, tap time and who; once", async () => {
    const { event, declaration } = await declaredEvent(2);
    const crew = await team(event.id, 2);
    const anna = phone(staff, staffActor(staff, host.id));
    const tapped = new Date(Date.now() - 20 * 60 * 1000);
    const declare = op({
      registrationId: crew.id,
      seatId: crew.seats[0]!,
      kind: "declare",
      payload: answers(2),
      clientAt: tapped.toISOString(),
    });
    const answer = await anna.sync(event.id, [declare]);
    expect(answer.results[0]).toMatchObject({ id: declare.id, outcome: "applied" });
    expect(await seatRow(crew.seats[0]!)).toMatchObject({
      swims: false,
      emergencyName: "Karen Holm",
      emergencyPhone: "+45 20 30 40 50",
      confirmedAt: tapped,
      addedAtJetty: false,
    });
    expect(await acceptanceOf(crew.seats[0]!)).toMatchObject({
      declarationId: declaration.id,
      method: "staff",
      staffUserId: staff.id,
      staffEmail: staff.email,
      acceptedAt: tapped,
    });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "registration.declare_at_jetty"), eq(auditLog.entityId, crew.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: staff.email, partnerId: host.id });
    // The log names the seat and version, never the answers, which are deleted after 30 days.
    expect(JSON.stringify(audit[0]!.changes)).not.toContain("Karen");
    const snapshot = await rosterSnapshot(db(), staffActor(staff, host.id), event.id, { locale: "en" });
    expect(snapshot.event).toMatchObject({
      declarationVersion: 2,
      declarationText: "I row at my own risk (v2).",
    });
    expect(snapshot.teams[0]!.seats[0]).toMatchObject({
      swims: false,
      declaration: "accepted",
      declaredBy: "staff",
      state: "confirmed",
    });

    // Sent again (an answer lost on the way): the same outcome, nothing written twice.
    const before = await rowsOf(event.id);
    const again = await anna.sync(event.id, [declare]);
    expect(again.results[0]).toMatchObject({ id: declare.id, outcome: "applied" });
    expect(await rowsOf(event.id)).toEqual(before);
  });

  it("gives one result when two phones declare the same rower, and names who recorded it", async () => {
    const { event } = await declaredEvent();
    const crew = await team(event.id, 1);
    const anna = phone(staff, staffActor(staff, host.id));
    const mia = phone(member, memberActor(member, host.id));
    const first = op({
      registrationId: crew.id,
      seatId: crew.seats[0]!,
      kind: "declare",
      payload: answers(1),
    });
    const second = op({
      registrationId: crew.id,
      seatId: crew.seats[0]!,
      kind: "declare",
      payload: answers(1, { swims: true, emergencyName: "Someone Else" }),
    });
    await anna.sync(event.id, [first]);
    const answer = await mia.sync(event.id, [second]);
    expect(answer.results[0]).toMatchObject({ outcome: "duplicate", code: "already_declared" });
    expect(answer.results[0]!.reason).toMatch(
      new RegExp(`^Declaration already recorded at the jetty by ${staff.email} at \\d{1,2}[:.]\\d{2}`),
    );
    expect(await seatRow(crew.seats[0]!)).toMatchObject({ swims: false, emergencyName: "Karen Holm" });
    expect(await acceptanceOf(crew.seats[0]!)).toMatchObject({ staffEmail: staff.email });
  });

  it("leaves a rower's own declaration by link as it is, and says why", async () => {
    const { event, declaration } = await declaredEvent();
    const crew = await team(event.id, 1);
    const linkTime = new Date(Date.now() - 3 * HOUR);
    await db()
      .update(rowerSeats)
      .set({ swims: true, emergencyName: "Own Contact", emergencyPhone: "12345678", confirmedAt: linkTime })
      .where(eq(rowerSeats.id, crew.seats[0]!));
    await db().insert(declarationAcceptances).values({
      seatId: crew.seats[0]!,
      declarationId: declaration.id,
      acceptedAt: linkTime,
      method: "link",
    });
    const before = await rowsOf(event.id);
    const answer = await phone(staff, staffActor(staff, host.id)).sync(event.id, [
      op({ registrationId: crew.id, seatId: crew.seats[0]!, kind: "declare", payload: answers(1) }),
    ]);
    expect(answer.results[0]).toMatchObject({ outcome: "refused", code: "declared_by_link" });
    expect(answer.results[0]!.reason).toMatch(
      /^The rower already accepted the declaration by their own link at/,
    );
    const after = await rowsOf(event.id);
    expect(after.ops.map((row) => [row.outcome, row.code])).toEqual([["refused", "declared_by_link"]]);
    expect({ ...after, ops: [] }).toEqual({ ...before, ops: [] });
  });

  it("takes the swim answer and contact at the jetty from a rower who accepted by link but never answered", async () => {
    const { event, declaration } = await declaredEvent();
    const crew = await team(event.id, 1);
    const linkTime = new Date(Date.now() - 3 * HOUR);
    await db().insert(declarationAcceptances).values({
      seatId: crew.seats[0]!,
      declarationId: declaration.id,
      acceptedAt: linkTime,
      method: "link",
    });
    const answer = await phone(staff, staffActor(staff, host.id)).sync(event.id, [
      op({ registrationId: crew.id, seatId: crew.seats[0]!, kind: "declare", payload: answers(null) }),
    ]);
    expect(answer.results[0]).toMatchObject({ outcome: "applied" });
    expect(await seatRow(crew.seats[0]!)).toMatchObject({ swims: false, emergencyName: "Karen Holm" });
    // The link's acceptance stands: still the rower's own, at its own time.
    expect(await acceptanceOf(crew.seats[0]!)).toMatchObject({
      method: "link",
      acceptedAt: linkTime,
      staffEmail: null,
    });
  });

  it("leaves a rower's own answers on an event without a declaration, and says why", async () => {
    const event = await todaysEvent();
    const crew = await team(event.id, 1);
    await db()
      .update(rowerSeats)
      .set({ swims: true, emergencyName: "Own Contact", emergencyPhone: "12345678", confirmedAt: new Date() })
      .where(eq(rowerSeats.id, crew.seats[0]!));
    const before = await rowsOf(event.id);
    const answer = await phone(staff, staffActor(staff, host.id)).sync(event.id, [
      op({ registrationId: crew.id, seatId: crew.seats[0]!, kind: "declare", payload: answers(null) }),
    ]);
    expect(answer.results[0]).toMatchObject({
      outcome: "refused",
      code: "declared_by_link",
      reason:
        "The rower already answered by their own link: their own answers stand, and nothing was changed",
    });
    const after = await rowsOf(event.id);
    expect({ ...after, ops: [] }).toEqual({ ...before, ops: [] });
  });

  it("takes a jetty declaration over a link's acceptance of an older version", async () => {
    const { event, declaration } = await declaredEvent(2);
    const crew = await team(event.id, 1);
    const [first] = await db()
      .select()
      .from(eventDeclarations)
      .where(and(eq(eventDeclarations.eventId, event.id), eq(eventDeclarations.version, 1)));
    await db()
      .insert(declarationAcceptances)
      .values({ seatId: crew.seats[0]!, declarationId: first!.id, method: "link" });
    const answer = await phone(staff, staffActor(staff, host.id)).sync(event.id, [
      op({ registrationId: crew.id, seatId: crew.seats[0]!, kind: "declare", payload: answers(2) }),
    ]);
    expect(answer.results[0]).toMatchObject({ outcome: "applied" });
    expect(await acceptanceOf(crew.seats[0]!)).toMatchObject({
      declarationId: declaration.id,
      method: "staff",
      staffEmail: staff.email,
    });
  });

  it("refuses a version that is no longer the current one, so staff read the new text", async () => {
    const { event } = await declaredEvent(3);
    const crew = await team(event.id, 2);
    const before = await rowsOf(event.id);
    const answer = await phone(staff, staffActor(staff, host.id)).sync(event.id, [
      op({ registrationId: crew.id, seatId: crew.seats[0]!, kind: "declare", payload: answers(2) }),
      op({ registrationId: crew.id, seatId: crew.seats[1]!, kind: "declare", payload: answers(null) }),
    ]);
    expect(answer.results.map((result) => [result.outcome, result.code, result.reason])).toEqual([
      [
        "refused",
        "declaration_changed",
        "The declaration has changed (now version 3): read the new text to the rower and record the declaration again",
      ],
      [
        "refused",
        "declaration_changed",
        "The declaration has changed (now version 3): read the new text to the rower and record the declaration again",
      ],
    ]);
    const after = await rowsOf(event.id);
    expect({ ...after, ops: [] }).toEqual({ ...before, ops: [] });
    // An event with no declaration takes the answers alone.
    const plain = await todaysEvent();
    const plainCrew = await team(plain.id, 1);
    const none = await phone(staff, staffActor(staff, host.id)).sync(plain.id, [
      op({ registrationId: plainCrew.id, seatId: plainCrew.seats[0]!, kind: "declare", payload: answers(1) }),
      op({
        registrationId: plainCrew.id,
        seatId: plainCrew.seats[0]!,
        kind: "declare",
        payload: answers(null),
      }),
    ]);
    expect(none.results.map((result) => [result.outcome, result.code])).toEqual([
      ["refused", "declaration_changed"],
      ["applied", undefined],
    ]);
    expect(none.results[0]!.reason).toBe(
      "This event has no declaration to accept: record the rower's answers again without it",
    );
    expect(await seatRow(plainCrew.seats[0]!)).toMatchObject({ swims: false, emergencyName: "Karen Holm" });
    expect(await acceptanceOf(plainCrew.seats[0]!)).toBeUndefined();
  });

  it("refuses a cancelled booking, another event's or partner's seat and bad answers, changing nothing", async () => {
    const { event } = await declaredEvent();
    const otherEvent = await todaysEvent(host.id, "Another Jetty Sprint");
    const foreign = await todaysEvent(other.id, "Foreign Jetty Sprint");
    const crew = await team(event.id, 2);
    const cancelled = await team(event.id, 1, "cancelled");
    const elsewhere = await team(otherEvent.id, 1);
    const foreignCrew = await team(foreign.id, 1);
    const before = {
      event: await rowsOf(event.id),
      otherEvent: await rowsOf(otherEvent.id),
      foreign: await rowsOf(foreign.id),
    };
    const declare = (registrationId: string, seatId: unknown, payload: unknown = answers(1)) =>
      op({ registrationId, seatId: seatId as string, kind: "declare", payload });
    const answer = await phone(staff, staffActor(staff, host.id)).sync(event.id, [
      declare(cancelled.id, cancelled.seats[0]),
      declare(elsewhere.id, elsewhere.seats[0]),
      declare(foreignCrew.id, foreignCrew.seats[0]),
      declare(crew.id, elsewhere.seats[0]),
      declare(crew.id, foreignCrew.seats[0]),
      declare(crew.id, null),
      declare(crew.id, crew.seats[0], answers(1, { emergencyPhone: "" })),
      declare(crew.id, crew.seats[0], answers(1, { emergencyPhone: "call me" })),
      declare(crew.id, crew.seats[0], answers(1, { emergencyName: " " })),
      declare(crew.id, crew.seats[0], answers(1, { swims: "yes" })),
      declare(crew.id, crew.seats[0], { swims: true, acceptDeclarationVersion: 1 }),
      declare(crew.id, crew.seats[0], answers(1, { emergencyName: "Nul\u0000Person" })),
    ]);
    expect(answer.results.map((result) => [result.outcome, result.code])).toEqual([
      ["refused", "booking_not_confirmed"],
      ["refused", "not_this_event"],
      ["refused", "not_this_event"],
      ["refused", "not_found"],
      ["refused", "not_found"],
      ...Array.from({ length: 7 }, () => ["refused", "invalid"]),
    ]);
    expect(answer.results[0]!.reason).toBe("Booking cancelled");
    const after = {
      event: await rowsOf(event.id),
      otherEvent: await rowsOf(otherEvent.id),
      foreign: await rowsOf(foreign.id),
    };
    // The event's own teams' refusals are its record; nothing else was written anywhere.
    expect(after.event.ops.map((row) => [row.outcome, row.code]).sort()).toEqual(
      [
        ["refused", "booking_cancelled"],
        ["refused", "not_found"],
        ["refused", "not_found"],
      ].sort(),
    );
    expect({ ...after.event, ops: [] }).toEqual({ ...before.event, ops: [] });
    expect(after.otherEvent).toEqual(before.otherEvent);
    expect(after.foreign).toEqual(before.foreign);
  });

  it("is 'not found' for another partner's staff, changing nothing", async () => {
    const { event } = await declaredEvent();
    const crew = await team(event.id, 1);
    const before = await rowsOf(event.id);
    const refusal = await refusalOf(
      phone(otherStaff, staffActor(otherStaff, other.id)).sync(event.id, [
        op({ registrationId: crew.id, seatId: crew.seats[0]!, kind: "declare", payload: answers(1) }),
      ]),
    );
    expect(refusal.code).toBe("not_found");
    expect(await rowsOf(event.id)).toEqual(before);
  });
});

describe("the day's counts on the partner's pages", () => {
  const page = async (path: string, cookie: string) => {
    const response = await site.request(path, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    return response.text();
  };

  it("shows the event page's check-in box on the day, and not before", async () => {
    const event = await todaysEvent(host.id, "Counted Sprint");
    const crew = await team(event.id, 2);
    await phone(staff, staffActor(staff, host.id)).sync(event.id, [
      op({ registrationId: crew.id, seatId: crew.seats[0]!, kind: "present" }),
    ]);
    const html = await page(`/dashboard/partner/events/${event.id}`, member.cookie);
    expect(html).toContain('id="event-check-in"');
    expect(html).toMatch(/Teams checked in<\/dt><dd[^>]*>1 of 1<\/dd>/);
    expect(html).toMatch(/Rowers present<\/dt><dd[^>]*>1 of 2<\/dd>/);
    const later = await createTestEvent(db(), host.id, { title: "Next Month Sprint" });
    expect(await page(`/dashboard/partner/events/${later.id}`, member.cookie)).not.toContain(
      'id="event-check-in"',
    );
  });

  it("shows the counts of the day's events in the staff's dashboard", async () => {
    const html = await page("/dashboard", staff.cookie);
    expect(html).toContain('id="check-in-events"');
    expect(html).toMatch(/Rowers present<\/dt><dd[^>]*>\d+ of \d+<\/dd>/);
    // Each event's check-in page, a whole document away (it runs without React).
    expect(html).toMatch(/<a href="\/dashboard\/partner\/check-in\/[0-9a-f-]{36}"[^>]*>Open check-in<span/);
  });
});
