import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rosterFieldName } from "~/lib/forms/registration-schema";
import type { DatabaseHandle } from "#server/db/client";
import { type RosterMember, rowerSeats, teamRegistrations } from "#server/db/schema";
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

    // Astrid's name corrected, Mads given a new address (a new person), Ida added.
    await updateRegistration(
      { db: database.db },
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
      tokenVersion: 2,
      swims: null,
      emergencyName: null,
      emergencyPhone: null,
      confirmedAt: null,
    });
    expect(seats.find((seat) => seat.name === "Ida Lund")).toMatchObject({ email: null, tokenVersion: 1 });

    // Mads removed: his seat goes; the others keep theirs.
    await updateRegistration(
      { db: database.db },
      {
        actor: userActor(userId),
        registrationId: registration.id,
        input: editForm([
          { id: astrid!.id, name: "Astrid Holm-Berg", email: "astrid@seats.example" },
          ...(await rosterOf(registration.id)).filter((member) => member.name === "Ida Lund"),
        ]),
        now,
      },
    );
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
      { db: database.db },
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
    const other = await createTestEvent(database.db, partner.id, { now });
    await database.db
      .update(teamRegistrations)
      .set({ eventId: other.id })
      .where(eq(teamRegistrations.id, registration.id));
    expect((await seatsOf(registration.id)).map((seat) => seat.eventId)).toEqual([other.id, other.id]);
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
