import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rosterFieldName } from "~/lib/forms/registration-schema";
import type { DatabaseHandle } from "#server/db/client";
import type { Actor } from "#server/auth/actor";
import {
  auditLog,
  declarationAcceptances,
  eventDeclarations,
  type RosterMember,
  rowerSeats,
  teamRegistrations,
} from "#server/db/schema";
import { AppError } from "#server/errors";
import { withLocale } from "#server/http/language";
import { acceptDeclaration } from "#server/seats/accept-declaration";
import { confirmSeat } from "#server/seats/confirm-seat";
import { findSeatByToken } from "#server/seats/find-seat-by-token";
import { pruneEventDayData } from "#server/seats/prune-event-day-data";
import { saveDeclaration } from "#server/seats/save-declaration";
import { seatState } from "#server/seats/seat-state";
import { seatToken } from "#server/seats/seat-token";
import { registerTeam } from "#server/registrations/register-team";
import { updateRegistration } from "#server/registrations/update-registration";
import { createBooker, userActor } from "../support/accounts";
import { companyBookingForm } from "../support/booking-form";
import { createTestDatabase, testDatabaseKind } from "../support/database";
import { createTestEvent } from "../support/events";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";

// Rower seats follow the roster in the database (migration 0031, ADR 038): whoever writes
// the roster, each entry has a stable id and a seat with that id, and nothing else does.
let database: DatabaseHandle;
const now = new Date("2027-03-01T10:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

async function seatsOf(registrationId: string) {
  return database.db
    .select()
    .from(rowerSeats)
    .where(eq(rowerSeats.registrationId, registrationId))
    .orderBy(rowerSeats.name);
}

async function rosterOf(registrationId: string): Promise<RosterMember[]> {
  const [row] = await database.db
    .select({ roster: teamRegistrations.roster })
    .from(teamRegistrations)
    .where(eq(teamRegistrations.id, registrationId));
  return row!.roster;
}

/** The roster's entries and the seats, as comparable lists. */
async function rosterAndSeats(registrationId: string) {
  const roster = (await rosterOf(registrationId))
    .map((member) => ({ id: member.id, name: member.name, email: member.email ?? null }))
    .sort((a, b) => a.id!.localeCompare(b.id!));
  const seats = (await seatsOf(registrationId))
    .map((seat) => ({ id: seat.id, name: seat.name, email: seat.email }))
    .sort((a, b) => a.id.localeCompare(b.id));
  return { roster, seats };
}

async function bookedTeam(extra: Record<string, string> = {}, eventOverrides = {}) {
  const partner = await createTestPartner(database.db, "Seat Rowing Club");
  const event = await createTestEvent(database.db, partner.id, { now, teamSize: 9, ...eventOverrides });
  const userId = await createBooker(database.db);
  const { jobs } = recordingJobs(database);
  const { registration } = await registerTeam(
    { db: database.db, jobs, baseUrl: "https://rcl.test" },
    {
      actor: userActor(userId),
      eventId: event.id,
      input: companyBookingForm("Seat crew", {
        [rosterFieldName(0, "name")]: "Astrid Holm",
        [rosterFieldName(0, "email")]: "astrid@seats.example",
        [rosterFieldName(1, "name")]: "Mads Berg",
        ...extra,
      }),
      idempotencyKey: randomUUID(),
      now,
    },
  );
  return { partner, event, userId, registration };
}

/** The booking form as My Bookings posts it: the stored values, the roster as given. */
function editForm(roster: { id?: string; name: string; email?: string }[]) {
  const fields: Record<string, string> = {};
  roster.forEach((member, index) => {
    if (member.id) fields[rosterFieldName(index, "id")] = member.id;
    fields[rosterFieldName(index, "name")] = member.name;
    if (member.email) fields[rosterFieldName(index, "email")] = member.email;
  });
  const { acceptTerms: _terms, ...form } = companyBookingForm("Seat crew", fields);
  return form;
}

describe(`rower seats following the roster on ${testDatabaseKind}`, () => {
  it("gives each entry of a new booking an id and a seat in the booking's language", async () => {
    const { registration } = await bookedTeam();
    expect(registration.roster).toHaveLength(2);
    const { roster, seats } = await rosterAndSeats(registration.id);
    expect(roster.every((member) => typeof member.id === "string")).toBe(true);
    expect(seats).toEqual(roster);
    const stored = await seatsOf(registration.id);
    expect(stored.map((seat) => [seat.eventId, seat.language, seat.tokenVersion])).toEqual([
      [registration.eventId, "en", 1],
      [registration.eventId, "en", 1],
    ]);
  });

  it("adds, renames, readdresses and removes seats as the booker edits the roster", async () => {
    const { userId, registration } = await bookedTeam();
    const [astrid, mads] = await rosterOf(registration.id);
    await database.db
      .update(rowerSeats)
      .set({ swims: true, emergencyName: "Bo", emergencyPhone: "+45 12 34 56 78", confirmedAt: now })
      .where(eq(rowerSeats.id, astrid!.id!));
    await database.db
      .update(rowerSeats)
      .set({ swims: false, emergencyName: "Kai", emergencyPhone: "+45 87 65 43 21" })
      .where(eq(rowerSeats.id, mads!.id!));

    // Astrid's name corrected, Mads given the address he lacked (the same person), Ida added.
    await updateRegistration(
      { db: database.db, jobs: recordingJobs(database).jobs },
      {
        actor: userActor(userId),
        registrationId: registration.id,
        input: editForm([
          { id: astrid!.id, name: "Astrid Holm-Berg", email: "astrid@seats.example" },
          { id: mads!.id, name: "Mads Berg", email: "mads@seats.example" },
          { name: "Ida Lund" },
        ]),
        now,
      },
    );
    const seats = await seatsOf(registration.id);
    const byId = new Map(seats.map((seat) => [seat.id, seat]));
    expect(seats).toHaveLength(3);
    expect(byId.get(astrid!.id!)).toMatchObject({
      name: "Astrid Holm-Berg",
      tokenVersion: 1,
      swims: true,
      emergencyName: "Bo",
    });
    expect(byId.get(mads!.id!)).toMatchObject({
      email: "mads@seats.example",
      tokenVersion: 1,
      swims: false,
      emergencyName: "Kai",
    });
    expect(seats.find((seat) => seat.name === "Ida Lund")).toMatchObject({ email: null, tokenVersion: 1 });

    // Mads removed: his seat goes; Astrid's address changed is a new person, whose answers go.
    await updateRegistration(
      { db: database.db, jobs: recordingJobs(database).jobs },
      {
        actor: userActor(userId),
        registrationId: registration.id,
        input: editForm([
          { id: astrid!.id, name: "Astrid Holm-Berg", email: "someone.else@seats.example" },
          ...(await rosterOf(registration.id)).filter((member) => member.name === "Ida Lund"),
        ]),
        now,
      },
    );
    expect((await seatsOf(registration.id)).find((seat) => seat.id === astrid!.id)).toMatchObject({
      email: "someone.else@seats.example",
      tokenVersion: 2,
      swims: null,
      emergencyName: null,
      emergencyPhone: null,
      confirmedAt: null,
    });
    const left = await rosterAndSeats(registration.id);
    expect(left.seats.map((seat) => seat.name).sort()).toEqual(["Astrid Holm-Berg", "Ida Lund"]);
    expect(left.seats).toEqual(left.roster);
  });

  it("drops an id from the form that is not on this roster: another booking's seat stays its own", async () => {
    const first = await bookedTeam();
    const second = await bookedTeam();
    const [foreign] = await rosterOf(first.registration.id);
    const before = await seatsOf(first.registration.id);

    await updateRegistration(
      { db: database.db, jobs: recordingJobs(database).jobs },
      {
        actor: userActor(second.userId),
        registrationId: second.registration.id,
        input: editForm([{ id: foreign!.id, name: "Intruder", email: "intruder@seats.example" }]),
        now,
      },
    );
    expect(await seatsOf(first.registration.id)).toEqual(before);
    const { roster, seats } = await rosterAndSeats(second.registration.id);
    expect(roster).toHaveLength(1);
    expect(roster[0]!.id).not.toBe(foreign!.id);
    expect(seats).toEqual(roster);
  });

  it("gives a new id to a copied, malformed or repeated id written in SQL", async () => {
    const first = await bookedTeam();
    const second = await bookedTeam();
    const [foreign] = await rosterOf(first.registration.id);
    const twice = randomUUID();
    await database.db
      .update(teamRegistrations)
      .set({
        roster: [
          { id: foreign!.id, name: "Copied" },
          { id: "not-a-uuid", name: "Malformed" },
          { id: twice, name: "Once" },
          { id: twice, name: "Twice" },
        ],
      })
      .where(eq(teamRegistrations.id, second.registration.id));
    const { roster, seats } = await rosterAndSeats(second.registration.id);
    expect(new Set(roster.map((member) => member.id)).size).toBe(4);
    expect(roster.map((member) => member.id)).not.toContain(foreign!.id);
    expect(roster.map((member) => member.id)).toContain(twice);
    expect(seats).toEqual(roster);
    expect((await seatsOf(first.registration.id)).map((seat) => seat.id)).toContain(foreign!.id);
  });

  it("moves the seats with their booking to another event, and deletes them with it", async () => {
    const { partner, registration } = await bookedTeam();
    const [seat] = await seatsOf(registration.id);
    const [declaration] = await database.db
      .insert(eventDeclarations)
      .values({ eventId: registration.eventId, version: 1, language: "en", text: "The first event's terms." })
      .returning();
    await database.db
      .insert(declarationAcceptances)
      .values({ seatId: seat!.id, declarationId: declaration!.id, method: "link" });
    const other = await createTestEvent(database.db, partner.id, { now });
    await database.db
      .update(teamRegistrations)
      .set({ eventId: other.id })
      .where(eq(teamRegistrations.id, registration.id));
    expect((await seatsOf(registration.id)).map((seat) => seat.eventId)).toEqual([other.id, other.id]);
    // What was accepted was the first event's text, not the new event's.
    expect(
      await database.db
        .select()
        .from(declarationAcceptances)
        .where(eq(declarationAcceptances.seatId, seat!.id)),
    ).toEqual([]);
    await database.db.delete(teamRegistrations).where(eq(teamRegistrations.id, registration.id));
    expect(await seatsOf(registration.id)).toEqual([]);
  });

  it("keeps seats equal to the roster after any sequence of edits", async () => {
    const { registration } = await bookedTeam();
    const names = ["Ane", "Bo", "Cai", "Dea", "Eik"];
    const addresses = [undefined, "a@seats.example", "b@seats.example"];
    type Edit =
      | { kind: "add"; name: number; email: number }
      | { kind: "remove"; at: number }
      | { kind: "rename"; at: number; name: number }
      | { kind: "readdress"; at: number; email: number }
      | { kind: "drop-id"; at: number };
    const edit: fc.Arbitrary<Edit> = fc.oneof(
      fc.record({ kind: fc.constant("add" as const), name: fc.nat(4), email: fc.nat(2) }),
      fc.record({ kind: fc.constant("remove" as const), at: fc.nat() }),
      fc.record({ kind: fc.constant("rename" as const), at: fc.nat(), name: fc.nat(4) }),
      fc.record({ kind: fc.constant("readdress" as const), at: fc.nat(), email: fc.nat(2) }),
      fc.record({ kind: fc.constant("drop-id" as const), at: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 8 }), async (edits) => {
        for (const change of edits) {
          const roster: RosterMember[] = await rosterOf(registration.id);
          const at = roster.length > 0 && "at" in change ? change.at % roster.length : -1;
          if (change.kind === "add" && roster.length < 9) {
            const email = addresses[change.email];
            roster.push({ name: names[change.name]!, ...(email ? { email } : {}) });
          } else if (change.kind === "remove" && at >= 0) {
            roster.splice(at, 1);
          } else if (change.kind === "rename" && at >= 0) {
            roster[at] = { ...roster[at]!, name: names[change.name]! };
          } else if (change.kind === "readdress" && at >= 0) {
            const { email: _old, ...member } = roster[at]!;
            const email = addresses[change.email];
            roster[at] = { ...member, ...(email ? { email } : {}) };
          } else if (change.kind === "drop-id" && at >= 0) {
            const { id: _id, ...member } = roster[at]!;
            roster[at] = member;
          }
          await database.db
            .update(teamRegistrations)
            .set({ roster })
            .where(eq(teamRegistrations.id, registration.id));
        }
        const { roster, seats } = await rosterAndSeats(registration.id);
        expect(seats).toEqual(roster);
      }),
      { numRuns: 20 },
    );
  });

  it("gives the rosters of bookings made before the migration ids and seats", async () => {
    const { registration } = await bookedTeam();
    // As a booking stored before migration 0031: no ids, no seats.
    await database.runSql("alter table team_registrations disable trigger team_registrations_roster_ids");
    try {
      await database.db
        .update(teamRegistrations)
        .set({ roster: [{ name: "Old One" }, { name: "Old Two", email: "two@seats.example" }] })
        .where(eq(teamRegistrations.id, registration.id));
    } finally {
      await database.runSql("alter table team_registrations enable trigger team_registrations_roster_ids");
    }
    await database.db.delete(rowerSeats).where(eq(rowerSeats.registrationId, registration.id));
    // The migration's backfill statement.
    await database.db.execute(sql`update team_registrations set roster = roster
      where jsonb_typeof(roster) = 'array' and jsonb_array_length(roster) > 0`);
    const { roster, seats } = await rosterAndSeats(registration.id);
    expect(roster).toHaveLength(2);
    expect(seats).toEqual(roster);
  });
});

const authSecret = "the rower seats test's auth secret, long enough";
const DAY = 24 * 60 * 60 * 1000;

async function refusal(work: () => Promise<unknown>): Promise<AppError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("Expected the command to be refused");
}

async function seatRow(id: string) {
  const [seat] = await database.db.select().from(rowerSeats).where(eq(rowerSeats.id, id));
  return seat!;
}

/** A confirmed team's first seat (Astrid, with an address) and the link to it. */
async function seatWithLink(eventOverrides = {}) {
  const team = await bookedTeam({}, eventOverrides);
  expect(team.registration.status).toBe("confirmed");
  const [astrid] = await rosterOf(team.registration.id);
  const seat = await seatRow(astrid!.id!);
  return { ...team, seat, token: seatToken(authSecret, seat) };
}

async function partnerMember(partnerId: string): Promise<Actor> {
  return { userId: await createBooker(database.db, "member"), role: "partner", partnerIds: [partnerId] };
}

describe(`rower links on ${testDatabaseKind}`, () => {
  const find = (token: unknown, at = now) => findSeatByToken({ db: database.db, authSecret }, token, at);

  it("open their own seat only, with its event and booking", async () => {
    const { seat, token, event, registration } = await seatWithLink();
    const found = await find(token);
    expect(found?.seat.id).toBe(seat.id);
    expect(found?.event.id).toBe(event.id);
    expect(found?.registration.id).toBe(registration.id);
    // Another seat's id with this seat's signature, another secret, a random seat.
    const [, mads] = await rosterOf(registration.id);
    expect(await find(`${mads!.id}${token.slice(36)}`)).toBeNull();
    expect(await findSeatByToken({ db: database.db, authSecret: `${authSecret}!` }, token, now)).toBeNull();
    expect(await find(seatToken(authSecret, { id: randomUUID(), tokenVersion: 1 }))).toBeNull();
    expect(await find("not a token")).toBeNull();
  });

  it("end when the address changes, the booking is cancelled or the event has ended", async () => {
    const { seat, token, registration, event } = await seatWithLink();
    expect(await find(token, new Date(event.endsAt.getTime() - 1))).not.toBeNull();
    expect(await find(token, event.endsAt)).toBeNull();

    const roster = await rosterOf(registration.id);
    await database.db
      .update(teamRegistrations)
      .set({
        roster: roster.map((member) =>
          member.id === seat.id ? { ...member, email: "new@seats.example" } : member,
        ),
      })
      .where(eq(teamRegistrations.id, registration.id));
    expect(await find(token)).toBeNull();
    const renewed = seatToken(authSecret, await seatRow(seat.id));
    expect((await find(renewed))?.seat.tokenVersion).toBe(2);

    await database.db
      .update(teamRegistrations)
      .set({ status: "cancelled", cancelledAt: now })
      .where(eq(teamRegistrations.id, registration.id));
    expect(await find(renewed)).toBeNull();
  });
});

describe(`confirming a seat by its link on ${testDatabaseKind}`, () => {
  const services = () => ({ db: database.db, authSecret });

  it("stores the swim answer and emergency contact", async () => {
    const { seat, token } = await seatWithLink();
    const confirmed = await confirmSeat(services(), {
      token,
      input: { swims: "no", emergencyName: " Bo Holm ", emergencyPhone: "+45 12 34 56 78" },
      now,
    });
    expect(confirmed).toMatchObject({
      id: seat.id,
      swims: false,
      emergencyName: "Bo Holm",
      emergencyPhone: "+45 12 34 56 78",
      confirmedAt: now,
    });
  });

  it("names each bad answer under its field, in both languages, and stores nothing", async () => {
    const { seat, token } = await seatWithLink();
    const bad = { swims: "maybe", emergencyName: "  ", emergencyPhone: "call me" };
    const en = await withLocale("en", () =>
      refusal(() => confirmSeat(services(), { token, input: bad, now })),
    );
    expect(en.code).toBe("invalid");
    expect(en.fields).toEqual({
      swims: "Please say whether you can swim",
      emergencyName: "Please enter the name of someone we can call if something happens",
      emergencyPhone: "Please enter a valid phone number",
    });
    const da = await withLocale("da", () =>
      refusal(() => confirmSeat(services(), { token, input: { emergencyPhone: "" }, now })),
    );
    expect(da.fields).toEqual({
      swims: "Angiv, om du kan svømme",
      emergencyName: "Angiv navnet på en, vi kan ringe til, hvis der sker noget",
      emergencyPhone: "Angiv vedkommendes telefonnummer",
    });
    expect(await seatRow(seat.id)).toEqual(seat);
  });

  it("answers a link that opens no seat with not found, before reading the answers", async () => {
    const error = await refusal(() =>
      confirmSeat(services(), {
        token: seatToken(authSecret, { id: randomUUID(), tokenVersion: 1 }),
        input: {},
        now,
      }),
    );
    expect(error.code).toBe("not_found");
  });
});

describe(`declarations with versions on ${testDatabaseKind}`, () => {
  const services = () => ({ db: database.db, authSecret });
  const declarationsOf = (eventId: string) =>
    database.db
      .select()
      .from(eventDeclarations)
      .where(eq(eventDeclarations.eventId, eventId))
      .orderBy(eventDeclarations.version);
  const acceptanceOf = async (seatId: string) => {
    const [row] = await database.db
      .select({ version: eventDeclarations.version, method: declarationAcceptances.method })
      .from(declarationAcceptances)
      .innerJoin(eventDeclarations, eq(eventDeclarations.id, declarationAcceptances.declarationId))
      .where(eq(declarationAcceptances.seatId, seatId));
    return row ?? null;
  };

  it("saves a changed text as the next version, the same text as none, and keeps acceptances on theirs", async () => {
    const { partner, event, seat, token } = await seatWithLink();
    const member = await partnerMember(partner.id);
    const save = (text: string) =>
      saveDeclaration(
        { db: database.db },
        { actor: member, eventId: event.id, input: { text, textTranslation: "" } },
      );

    expect(
      await refusal(() => acceptDeclaration(services(), { token, input: { version: 1 }, now })),
    ).toMatchObject({
      code: "invalid_transition",
    });
    expect((await save("I row at my own risk.")).declaration.version).toBe(1);
    expect((await save(" I row at my own risk. ")).created).toBe(false);
    expect(await declarationsOf(event.id)).toHaveLength(1);

    expect((await acceptDeclaration(services(), { token, input: { version: 1 }, now })).version).toBe(1);
    expect(await acceptanceOf(seat.id)).toEqual({ version: 1, method: "link" });

    const second = await save("I row at my own risk and wear a life vest.");
    expect(second).toMatchObject({ created: true, declaration: { version: 2, createdBy: member.userId } });
    expect((await declarationsOf(event.id)).map((row) => [row.version, row.text])).toEqual([
      [1, "I row at my own risk."],
      [2, "I row at my own risk and wear a life vest."],
    ]);
    // The rower accepted version 1; the seat says so until they accept version 2.
    expect(await acceptanceOf(seat.id)).toEqual({ version: 1, method: "link" });
    const answered = { email: "a@x.dk", confirmedAt: now, swims: true };
    expect(seatState(answered, 1, 2).reasons).toEqual([
      { kind: "acceptance_outdated", acceptedVersion: 1, currentVersion: 2 },
    ]);
    // Accepting from the page that showed version 1 is refused: the rower reads version 2 first.
    const stale = await refusal(() => acceptDeclaration(services(), { token, input: { version: 1 }, now }));
    expect(stale).toMatchObject({ code: "invalid_transition" });
    expect(stale.message).toContain("now version 2");
    expect(await refusal(() => acceptDeclaration(services(), { token, input: {}, now }))).toMatchObject({
      code: "invalid_transition",
    });
    expect(await acceptanceOf(seat.id)).toEqual({ version: 1, method: "link" });
    await acceptDeclaration(services(), { token, input: { version: "2" }, now });
    expect(await acceptanceOf(seat.id)).toEqual({ version: 2, method: "link" });

    const audits = await database.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.action, "event.save_declaration"), eq(auditLog.entityId, event.id)))
      .orderBy(auditLog.createdAt);
    expect(audits.map((row) => row.summary)).toEqual(["v1", "v2"]);
  });

  it("clears the acceptance of a seat whose address changes", async () => {
    const { partner, event, seat, token, registration } = await seatWithLink();
    await saveDeclaration(
      { db: database.db },
      { actor: await partnerMember(partner.id), eventId: event.id, input: { text: "Declared." } },
    );
    await acceptDeclaration(services(), { token, input: { version: 1 }, now });
    const roster = await rosterOf(registration.id);
    await database.db
      .update(teamRegistrations)
      .set({
        roster: roster.map((member) =>
          member.id === seat.id ? { ...member, email: "else@seats.example" } : member,
        ),
      })
      .where(eq(teamRegistrations.id, registration.id));
    expect(await acceptanceOf(seat.id)).toBeNull();
  });

  it("lets an admin save, and finds nothing for another partner's member, changing nothing", async () => {
    const { event } = await seatWithLink();
    const admin: Actor = { userId: await createBooker(database.db, "admin"), role: "admin", partnerIds: [] };
    await saveDeclaration(
      { db: database.db },
      { actor: admin, eventId: event.id, input: { text: "Admin's words." } },
    );
    const declarations = await declarationsOf(event.id);
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.entityId, event.id));

    const stranger = await partnerMember((await createTestPartner(database.db, "Other Club")).id);
    for (const eventId of [event.id, "not-an-id", randomUUID()]) {
      const error = await refusal(() =>
        saveDeclaration({ db: database.db }, { actor: stranger, eventId, input: { text: "Hijacked." } }),
      );
      expect(error.code).toBe("not_found");
    }
    expect(await declarationsOf(event.id)).toEqual(declarations);
    expect(await database.db.select().from(auditLog).where(eq(auditLog.entityId, event.id))).toEqual(audits);
  });

  it("refuses an empty text under its field", async () => {
    const { partner, event } = await seatWithLink();
    const error = await withLocale("en", () =>
      refusal(async () =>
        saveDeclaration(
          { db: database.db },
          { actor: await partnerMember(partner.id), eventId: event.id, input: { text: "   " } },
        ),
      ),
    );
    expect(error.fields).toEqual({ text: "Please write the declaration the rowers accept" });
    expect(await declarationsOf(event.id)).toEqual([]);
  });
});

describe(`a booking cancelled while its rower answers, on ${testDatabaseKind}`, () => {
  const cancel = (registrationId: string) =>
    database.db
      .update(teamRegistrations)
      .set({ status: "cancelled", cancelledAt: now })
      .where(eq(teamRegistrations.id, registrationId));

  /**
   * The database as the command sees it, with the booking cancelled after the link was
   * looked up and before the command writes: a transaction (acceptance) or an update
   * (confirmation) runs only once the cancellation has landed, so only a check made in the
   * write itself can catch it.
   */
  function cancelledBeforeTheWrite(registrationId: string) {
    let cancelled: Promise<unknown> | null = null;
    const cancelOnce = () => (cancelled ??= cancel(registrationId));
    // The update's builder chain, each step wrapped, and its `then` waiting for the cancellation.
    const afterCancel = (builder: object): object =>
      new Proxy(builder, {
        get(target, property) {
          const value = Reflect.get(target, property) as unknown;
          if (typeof value !== "function") return value;
          if (property === "then") {
            return (onFulfilled: (value: unknown) => unknown, onRejected: (reason: unknown) => unknown) =>
              cancelOnce().then(() =>
                (value as PromiseLike<unknown>["then"]).call(target, onFulfilled, onRejected),
              );
          }
          return (...args: unknown[]) =>
            afterCancel((value as (...a: unknown[]) => object).apply(target, args));
        },
      });
    return new Proxy(database.db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property === "transaction") {
          return async (...args: Parameters<typeof target.transaction>) => {
            await cancelOnce();
            return target.transaction(...args);
          };
        }
        if (property === "update") {
          return (...args: Parameters<typeof target.update>) => afterCancel(target.update(...args));
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  }

  it("takes no acceptance", async () => {
    const { partner, event, seat, token, registration } = await seatWithLink();
    await saveDeclaration(
      { db: database.db },
      { actor: await partnerMember(partner.id), eventId: event.id, input: { text: "Declared." } },
    );
    const db = cancelledBeforeTheWrite(registration.id);
    expect(
      await refusal(() => acceptDeclaration({ db, authSecret }, { token, input: { version: 1 }, now })),
    ).toMatchObject({
      status: 404,
    });
    expect(
      await database.db
        .select()
        .from(declarationAcceptances)
        .where(eq(declarationAcceptances.seatId, seat.id)),
    ).toEqual([]);
  });

  it("takes no answers", async () => {
    const { seat, token, registration } = await seatWithLink();
    const db = cancelledBeforeTheWrite(registration.id);
    const input = { swims: "yes", emergencyName: "Bo Holm", emergencyPhone: "+45 12 34 56 78" };
    expect(await refusal(() => confirmSeat({ db, authSecret }, { token, input, now }))).toMatchObject({
      status: 404,
    });
    expect(await seatRow(seat.id)).toMatchObject({ confirmedAt: null, swims: null, emergencyName: null });
  });
});

describe(`rowers' answers kept 30 days after the event on ${testDatabaseKind}`, () => {
  it("clears the swim answer and emergency contact at 30 days, keeps the acceptance, and not at 29", async () => {
    const { partner, event, seat, token } = await seatWithLink();
    await saveDeclaration(
      { db: database.db },
      { actor: await partnerMember(partner.id), eventId: event.id, input: { text: "Declared." } },
    );
    await confirmSeat(
      { db: database.db, authSecret },
      { token, input: { swims: "yes", emergencyName: "Bo", emergencyPhone: "+45 12 34 56 78" }, now },
    );
    await acceptDeclaration({ db: database.db, authSecret }, { token, input: { version: 1 }, now });
    const answered = await seatRow(seat.id);

    await pruneEventDayData({ db: database.db }, new Date(event.endsAt.getTime() + 29 * DAY));
    expect(await seatRow(seat.id)).toEqual(answered);

    const at = new Date(event.endsAt.getTime() + 30 * DAY);
    expect(await pruneEventDayData({ db: database.db }, at)).toBeGreaterThanOrEqual(2);
    expect(await seatRow(seat.id)).toMatchObject({
      swims: null,
      emergencyName: null,
      emergencyPhone: null,
      prunedAt: at,
      name: "Astrid Holm",
      confirmedAt: now,
    });
    const [acceptance] = await database.db
      .select()
      .from(declarationAcceptances)
      .where(eq(declarationAcceptances.seatId, seat.id));
    expect(acceptance?.method).toBe("link");
    // Run again: nothing more to prune for this event.
    const again = await pruneEventDayData({ db: database.db }, at);
    const stillPruned = await seatRow(seat.id);
    expect(stillPruned.prunedAt).toEqual(at);
    expect(again).toBe(0);
  });
});
