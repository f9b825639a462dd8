import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "#server/auth/actor";
import {
  dashboardRegistrationsScope,
  managedEventsScope,
  managedPartnersScope,
  ownBookingsScope,
  type Area,
} from "#server/auth/policies";
import type { DatabaseHandle } from "#server/db/client";
import { events, partners, teamRegistrations, users } from "#server/db/schema";
import { createTestDatabase } from "../../support/database";
import { createTestEvent } from "../../support/events";

// The SQL scopes of server/auth/policies.ts on a real database (an empty one, so every
// row is this file's): two partners with events and bookings, and each actor must see
// exactly their rows.

let database: DatabaseHandle;

/** Rows by a readable name, so expectations read as lists of names. */
const eventIds = new Map<string, string>();
const registrationIds = new Map<string, string>();
const userIds = new Map<string, string>();
const partnerIds = new Map<string, string>();

const PEOPLE = ["alice", "bob", "pia", "pablo", "multi", "ada", "demoted", "lonely"] as const;
type Person = (typeof PEOPLE)[number];

/**
 * - alice and bob: plain users who book;
 * - pia: member of North, who also books a South event as a customer;
 * - pablo: member of South; multi: member of both;
 * - ada: an admin;
 * - demoted: still listed as a North member, but their role is user now;
 * - lonely: a partner with no organisation.
 */
function actor(person: Person): Actor {
  const north = partnerIds.get("north")!;
  const south = partnerIds.get("south")!;
  const userId = userIds.get(person)!;
  switch (person) {
    case "alice":
    case "bob":
      return { userId, role: "user", partnerIds: [] };
    case "pia":
      return { userId, role: "partner", partnerIds: [north] };
    case "pablo":
      return { userId, role: "partner", partnerIds: [south] };
    case "multi":
      return { userId, role: "partner", partnerIds: [north, south] };
    case "ada":
      return { userId, role: "admin", partnerIds: [] };
    case "demoted":
      return { userId, role: "user", partnerIds: [north] };
    case "lonely":
      return { userId, role: "partner", partnerIds: [] };
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;

  for (const name of ["north", "south"]) {
    const [partner] = await db
      .insert(partners)
      .values({
        slug: `${name}-scope-club`,
        name: `${name} Scope Club`,
        location: "Aarhus",
        description: "Owns events for the scope tests",
        status: "approved",
      })
      .returning({ id: partners.id });
    partnerIds.set(name, partner!.id);
  }

  for (const person of PEOPLE) {
    const [user] = await db
      .insert(users)
      .values({ id: `scope-${person}`, name: person, email: `${person}@scope.example` })
      .returning({ id: users.id });
    userIds.set(person, user!.id);
  }

  const eventsToMake = [
    ["north-open", "north", "published"],
    ["north-draft", "north", "draft"],
    ["south-open", "south", "published"],
  ] as const;
  for (const [name, partner, status] of eventsToMake) {
    const event = await createTestEvent(db, partnerIds.get(partner)!, { status, title: name });
    eventIds.set(name, event.id);
  }

  const bookings = [
    ["alice@north-open", "alice", "north-open", "confirmed"],
    ["alice@south-open", "alice", "south-open", "waitlisted"],
    ["bob@north-open", "bob", "north-open", "cancelled"],
    ["pia@south-open", "pia", "south-open", "confirmed"],
  ] as const;
  for (const [name, person, event, status] of bookings) {
    const [row] = await db
      .insert(teamRegistrations)
      .values({
        eventId: eventIds.get(event)!,
        userId: userIds.get(person)!,
        teamName: name,
        company: `${person} A/S`,
        status,
      })
      .returning({ id: teamRegistrations.id });
    registrationIds.set(name, row!.id);
  }
});

afterAll(async () => {
  await database?.close();
});

/** The rows' names, sorted; a row this file did not make would show up as its id. */
function namesOf(names: Map<string, string>, rows: { id: string }[]): string[] {
  const byId = new Map([...names].map(([name, id]) => [id, name]));
  return rows.map(({ id }) => byId.get(id) ?? id).sort();
}

describe("managedEventsScope: the events a person manages", () => {
  const cases: [Person, string[]][] = [
    ["ada", ["north-draft", "north-open", "south-open"]],
    ["pia", ["north-draft", "north-open"]],
    ["pablo", ["south-open"]],
    ["multi", ["north-draft", "north-open", "south-open"]],
    ["alice", []],
    ["demoted", []],
    ["lonely", []],
  ];
  it.each(cases)("%s manages %j", async (person, expected) => {
    const rows = await database.db
      .select({ id: events.id })
      .from(events)
      .where(managedEventsScope(actor(person)));
    expect(namesOf(eventIds, rows)).toEqual(expected);
  });
});

describe("managedPartnersScope: the partners whose profile a person edits", () => {
  const cases: [Person, string[]][] = [
    ["ada", ["north", "south"]],
    ["pia", ["north"]],
    ["pablo", ["south"]],
    ["multi", ["north", "south"]],
    ["alice", []],
    ["demoted", []],
    ["lonely", []],
  ];
  it.each(cases)("%s edits %j", async (person, expected) => {
    const rows = await database.db
      .select({ id: partners.id })
      .from(partners)
      .where(managedPartnersScope(actor(person)));
    expect(namesOf(partnerIds, rows)).toEqual(expected);
  });
});

describe("ownBookingsScope: a person's own bookings, whatever their role", () => {
  const cases: [Person, string[]][] = [
    ["alice", ["alice@north-open", "alice@south-open"]],
    ["bob", ["bob@north-open"]],
    ["pia", ["pia@south-open"]],
    ["pablo", []],
    ["ada", []],
  ];
  it.each(cases)("%s owns %j", async (person, expected) => {
    const rows = await database.db
      .select({ id: teamRegistrations.id })
      .from(teamRegistrations)
      .where(ownBookingsScope(actor(person)));
    expect(namesOf(registrationIds, rows)).toEqual(expected);
  });
});

describe("dashboardRegistrationsScope: whose registrations each dashboard counts", () => {
  const ALL = ["alice@north-open", "alice@south-open", "bob@north-open", "pia@south-open"];
  const cases: [Person, Area, string[]][] = [
    ["alice", "user", ["alice@north-open", "alice@south-open"]],
    ["pia", "user", ["pia@south-open"]],
    ["ada", "user", []],
    ["pia", "partner", ["alice@north-open", "bob@north-open"]],
    ["pablo", "partner", ["alice@south-open", "pia@south-open"]],
    ["multi", "partner", ALL],
    ["ada", "partner", ALL],
    ["alice", "partner", []],
    ["demoted", "partner", []],
    ["lonely", "partner", []],
    ["ada", "admin", ALL],
    ["pia", "admin", []],
    ["alice", "admin", []],
  ];
  it.each(cases)("%s in the %s area counts %j", async (person, area, expected) => {
    const rows = await database.db
      .select({ id: teamRegistrations.id })
      .from(teamRegistrations)
      .innerJoin(events, eq(events.id, teamRegistrations.eventId))
      .where(dashboardRegistrationsScope(actor(person), area));
    expect(namesOf(registrationIds, rows)).toEqual(expected);
  });
});
