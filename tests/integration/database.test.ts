import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/client";
import { events, partners, siteSettings, teamMembers, teamRegistrations } from "#server/db/schema";
import { nextOccurrence, sampleSeasonYear, seedSampleContent } from "#server/db/seed/seed";
import { getPublicEventBySlug } from "#server/events/queries";
import { placesTakenCount } from "#server/registrations/rules";
import { copenhagenTime, copenhagenYear, formatTimeRange } from "~/lib/dates";
import { createTestDatabase, testDatabaseKind } from "../support/database";

let database: DatabaseHandle;
const now = new Date("2026-11-21T12:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  await seedSampleContent(database.db, now);
});

afterAll(async () => {
  await database?.close();
});

/** Runs `work` and returns the PostgreSQL error code it fails with. */
async function failureCode(work: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await work();
  } catch (error) {
    // Drizzle wraps driver errors; the SQLSTATE sits on the cause.
    const withCode = error as { cause?: { code?: string }; code?: string };
    return withCode.cause?.code ?? withCode.code;
  }
  return undefined;
}

describe(`sample content on ${testDatabaseKind}`, () => {
  it("has the spec's events, partners, team and settings", async () => {
    const slugs = (await database.db.select({ slug: events.slug }).from(events)).map((row) => row.slug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        "networking-mixer",
        "equestrian-corporate-retreat",
        "riverside-team-racing",
        "oxford-leadership-summit",
        "leadership-brunch-copenhagen",
        "virtual-career-workshop",
      ]),
    );
    const networking = await database.db
      .select({ n: count() })
      .from(events)
      .where(eq(events.isNetworking, true));
    expect(networking[0]?.n).toBe(3);
    const featured = await database.db.select().from(partners).where(eq(partners.featured, true));
    expect(featured.map((p) => p.slug).sort()).toEqual([
      "copenhagen-harbour-rowing-club",
      "frankfurter-rg-germania",
    ]);
    expect(await database.db.select().from(teamMembers)).toHaveLength(3);
    expect(await database.db.select().from(siteSettings)).toHaveLength(1);
  });

  it("gives every event a complete detail page", async () => {
    for (const event of await database.db.select().from(events)) {
      expect(event.schedule.length, event.slug).toBeGreaterThan(0);
      expect(event.faqs.length, event.slug).toBeGreaterThan(0);
      expect(event.detailedDescriptionHtml, event.slug).toMatch(/<p>/);
      expect(event.image, event.slug).not.toBeNull();
    }
  });

  it("models the detailed sample: 20 teams, 12 registered rows, 4,000 DKK, 9 to 5, deadline two weeks before", async () => {
    const found = await getPublicEventBySlug(database.db, "riverside-team-racing");
    expect(found).not.toBeNull();
    const { event, teamsRegistered } = found!;
    expect(event.maxTeams).toBe(20);
    expect(teamsRegistered).toBe(12);
    expect(event.priceMinor).toBe(400_000);
    expect(event.currency).toBe("DKK");
    expect(formatTimeRange(event.startsAt, event.endsAt)).toBe("9:00 AM - 5:00 PM");
    expect(event.startsAt.getTime() - event.registrationDeadline.getTime()).toBe(14 * 24 * 60 * 60 * 1000);
    const rows = await database.db
      .select({ company: teamRegistrations.company })
      .from(teamRegistrations)
      .where(eq(teamRegistrations.eventId, event.id));
    expect(new Set(rows.map((row) => row.company)).size).toBe(12);
  });

  it("puts every sample date ahead, within the year to come, keeping month and day", async () => {
    const riverside = await getPublicEventBySlug(database.db, "riverside-team-racing");
    expect(riverside?.event.startsAt.toISOString()).toBe(copenhagenTime(2027, 6, 15, 9).toISOString());
    for (const event of await database.db.select().from(events)) {
      expect(event.startsAt.getTime(), event.slug).toBeGreaterThan(now.getTime());
      expect(event.startsAt.getTime(), event.slug).toBeLessThan(now.getTime() + 366 * 24 * 60 * 60 * 1000);
    }
  });

  it("can be loaded again without duplicating anything", async () => {
    const report = await seedSampleContent(database.db, now);
    expect(report).toEqual({ partners: 0, events: 0, registrations: 0 });
    const [total] = await database.db.select({ n: count() }).from(teamRegistrations);
    expect(total?.n).toBe(22);
  });
});

describe("the sample season", () => {
  it("puts every event in one year, so the specification's order holds whenever it is seeded", async () => {
    const rows = await database.db
      .select({ slug: events.slug, startsAt: events.startsAt })
      .from(events)
      .orderBy(events.startsAt);
    const years = new Set(rows.map((row) => copenhagenYear(row.startsAt)));
    expect([...years]).toEqual([2027]);
    expect(rows.map((row) => row.slug).slice(0, 6)).toEqual([
      "networking-mixer",
      "leadership-brunch-copenhagen",
      "virtual-career-workshop",
      "riverside-team-racing",
      "equestrian-corporate-retreat",
      "oxford-leadership-summit",
    ]);
  });

  it("makes the networking mixer a published networking event that is still to come", async () => {
    const [mixer] = await database.db.select().from(events).where(eq(events.slug, "networking-mixer"));
    expect(mixer).toMatchObject({ isNetworking: true, status: "published" });
    expect(mixer!.startsAt.getTime()).toBeGreaterThan(now.getTime());
  });

  it("moves to the next year once the season's first event has begun", () => {
    const dates = [
      { month: 6, day: 15, startTime: [9, 0] as [number, number] },
      { month: 5, day: 14, startTime: [17, 30] as [number, number] },
    ];
    expect(sampleSeasonYear(new Date("2027-05-14T15:29:00Z"), dates)).toBe(2027);
    expect(sampleSeasonYear(new Date("2027-05-14T15:31:00Z"), dates)).toBe(2028);
    expect(sampleSeasonYear(new Date("2027-12-31T12:00:00Z"), dates)).toBe(2028);
  });
});

describe("nextOccurrence", () => {
  it("keeps this year while the date is ahead and moves past dates to next year", () => {
    const midYear = new Date("2027-06-20T00:00:00Z");
    expect(nextOccurrence(midYear, 8, 22, [9, 30]).toISOString()).toBe(
      copenhagenTime(2027, 8, 22, 9, 30).toISOString(),
    );
    expect(nextOccurrence(midYear, 6, 15, [9, 0]).toISOString()).toBe(
      copenhagenTime(2028, 6, 15, 9).toISOString(),
    );
  });
});

describe("database rules", () => {
  async function partnerId() {
    const [row] = await database.db.select({ id: partners.id }).from(partners).limit(1);
    return row!.id;
  }

  const validEvent = async (overrides: Partial<typeof events.$inferInsert>) => ({
    slug: `rule-test-${Math.random().toString(36).slice(2, 8)}`,
    title: "Rule test",
    description: "Checks a constraint",
    type: "team_building" as const,
    partnerId: await partnerId(),
    location: "Copenhagen",
    startsAt: new Date("2027-05-01T08:00:00Z"),
    endsAt: new Date("2027-05-01T12:00:00Z"),
    registrationDeadline: new Date("2027-04-20T08:00:00Z"),
    priceMinor: 100,
    currency: "DKK",
    maxTeams: 5,
    ...overrides,
  });

  it.each([
    ["max teams of zero", { maxTeams: 0 }],
    ["a negative price", { priceMinor: -1 }],
    ["a lower-case currency", { currency: "dkk" }],
    ["an end before the start", { endsAt: new Date("2027-05-01T07:00:00Z") }],
    ["a deadline after the start", { registrationDeadline: new Date("2027-05-02T08:00:00Z") }],
    ["a slug with spaces", { slug: "Not A Slug" }],
  ])("rejects an event with %s", async (_name, overrides) => {
    const values = await validEvent(overrides);
    expect(await failureCode(() => database.db.insert(events).values(values))).toBe("23514");
  });

  it("rejects a duplicate event slug", async () => {
    const values = await validEvent({ slug: "riverside-team-racing" });
    expect(await failureCode(() => database.db.insert(events).values(values))).toBe("23505");
  });

  it("rejects an event whose partner does not exist", async () => {
    const values = await validEvent({ partnerId: "00000000-0000-4000-8000-000000000000" });
    expect(await failureCode(() => database.db.insert(events).values(values))).toBe("23503");
  });

  it("rejects a premium partner without a revenue share", async () => {
    const code = await failureCode(() =>
      database.db.insert(partners).values({
        slug: "premium-without-share",
        name: "Premium",
        location: "Aarhus",
        description: "x",
        tier: "premium",
      }),
    );
    expect(code).toBe("23514");
  });

  it("rejects a CVR number that is not 8 digits", async () => {
    const [event] = await database.db.select({ id: events.id }).from(events).limit(1);
    const code = await failureCode(() =>
      database.db.insert(teamRegistrations).values({
        eventId: event!.id,
        userId: "sample-fjord-logistics",
        teamName: "Bad CVR",
        company: "Fjord Logistics",
        status: "confirmed",
        cvr: "1234",
      }),
    );
    expect(code).toBe("23514");
  });

  it("counts teams from confirmed rows only", async () => {
    const [event] = await database.db
      .select({ id: events.id, teams: placesTakenCount })
      .from(events)
      .where(eq(events.slug, "riverside-team-racing"));
    await database.db
      .update(teamRegistrations)
      .set({ status: "cancelled" })
      .where(and(eq(teamRegistrations.eventId, event!.id), eq(teamRegistrations.company, "Nyhavn Legal")));
    const [after] = await database.db
      .select({ teams: placesTakenCount })
      .from(events)
      .where(eq(events.id, event!.id));
    expect(after?.teams).toBe(event!.teams - 1);
    await database.db.execute(
      sql`update team_registrations set status = 'confirmed' where company = 'Nyhavn Legal'`,
    );
  });
});

describe.runIf(testDatabaseKind === "postgres")("closing a PostgreSQL pool", () => {
  // Dropping a database, or a shutdown, right after close() must not meet a connection that is
  // still going away: its server would end it with an error the pool reports.
  it("has ended every connection by the time close() resolves", async () => {
    const url = database.pool?.options.connectionString;
    if (!url) throw new Error("The PostgreSQL test database has no connection string.");
    const handle = await openDatabase({ kind: "postgres", url, poolMax: 5 });
    const stillOpen = new Set<object>();
    handle.pool?.on("connect", (client) => {
      stillOpen.add(client);
      client.on("end", () => stillOpen.delete(client));
    });
    await Promise.all(Array.from({ length: 5 }, () => handle.runSql("select pg_sleep(0.05)")));
    expect(stillOpen.size).toBeGreaterThan(1);
    await handle.close();
    expect(stillOpen.size).toBe(0);
  });
});
