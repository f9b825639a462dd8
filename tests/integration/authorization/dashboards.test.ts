import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { teamRegistrations } from "#server/db/schema";
import type { TestAccount } from "../../support/accounts";
import { createTestEvent } from "../../support/events";
import { ACTORS, castForThisFile, cookieOf, visit, type ActorKind } from "./support";

// The dashboards change nothing, so what matters is what each one reads: the data a
// client-side navigation fetches (`<path>.data`) must hold the actor's rows and none of
// anyone else's. Rows are recognised by unique titles and ids, not by the page's markup.

const cast = castForThisFile();
const rows = { hostEvent: "", otherEvent: "", ownerBooking: "", userBooking: "" };

async function book(account: TestAccount, eventId: string) {
  const { db } = cast().site.database;
  const [row] = await db
    .insert(teamRegistrations)
    .values({ eventId, userId: account.id, teamName: "Dashboard Team", company: "A/S", status: "confirmed" })
    .returning({ id: teamRegistrations.id });
  return row!.id;
}

beforeAll(async () => {
  const { site, hostPartnerId, otherPartnerId, accounts } = cast();
  rows.hostEvent = `Host Regatta ${randomUUID()}`;
  rows.otherEvent = `Other Regatta ${randomUUID()}`;
  const host = await createTestEvent(site.database.db, hostPartnerId, { title: rows.hostEvent });
  const other = await createTestEvent(site.database.db, otherPartnerId, { title: rows.otherEvent });
  rows.ownerBooking = await book(accounts.owner, host.id);
  rows.userBooking = await book(accounts.user, other.id);
});

type Row = keyof typeof rows;
/** The rows an actor's data holds, or a redirect away from the area with none of them. */
type Seen = Row[] | "redirect";

async function dataOf(who: ActorKind, path: string) {
  const response = await visit(cast().site, `${path}.data`, cookieOf(cast(), who));
  return response.text();
}

function expectSeen(body: string, seen: Seen) {
  const shown = (Object.keys(rows) as Row[]).filter((row) => body.includes(rows[row]));
  if (seen === "redirect") {
    expect(body).toContain("redirect");
    expect(shown).toEqual([]);
  } else {
    expect(shown.sort()).toEqual([...seen].sort());
  }
}

describe("the partner area reads the events its viewer manages", () => {
  const expected: Record<ActorKind, Seen> = {
    owner: "redirect",
    partner: ["hostEvent"],
    "other partner": ["otherEvent"],
    user: "redirect",
    admin: ["hostEvent", "otherEvent"],
    "signed out": "redirect",
  };
  it.each(ACTORS)("as %s", async (who) => {
    expectSeen(await dataOf(who, "/dashboard/partner"), expected[who]);
  });
});

describe("the user dashboard reads its viewer's own bookings", () => {
  // Every signed-in profile has one, partners and admins too, with their own bookings only.
  const expected: Record<ActorKind, Seen> = {
    owner: ["ownerBooking", "hostEvent"],
    partner: [],
    "other partner": [],
    user: ["userBooking", "otherEvent"],
    admin: [],
    "signed out": "redirect",
  };
  it.each(ACTORS)("as %s", async (who) => {
    expectSeen(await dataOf(who, "/dashboard"), expected[who]);
  });
});

describe("My Bookings reads its viewer's own bookings", () => {
  const expected: Record<ActorKind, Seen> = {
    owner: ["ownerBooking", "hostEvent"],
    partner: [],
    "other partner": [],
    user: ["userBooking", "otherEvent"],
    admin: [],
    "signed out": "redirect",
  };
  it.each(ACTORS)("as %s", async (who) => {
    expectSeen(await dataOf(who, "/dashboard/bookings"), expected[who]);
  });
});
