import { userActor } from "../support/accounts";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rosterFieldName } from "~/lib/forms/registration-schema";
import { openDatabase, type DatabaseHandle } from "#server/db/client";
import type { TeamRegistration } from "#server/db/rows";
import { teamRegistrations, users } from "#server/db/schema";
import { cancelRegistration } from "#server/registrations/cancel-registration";
import { eventAvailability } from "#server/registrations/queries";
import { registerTeam } from "#server/registrations/register-team";
import { createTestEvent } from "../support/events";
import { createTestPartner } from "../support/partners";
import { createTestDatabase } from "../support/database";
import { recordingJobs } from "../support/jobs";
import { invoiceAddress, VALID_CVR } from "../support/booking-form";

// Capacity under real concurrency is a PostgreSQL property: PGlite runs one query at a time.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("registrations under concurrency on postgres", () => {
  const DAY = 24 * 60 * 60 * 1000;
  const now = new Date("2026-11-21T12:00:00Z");

  let database: DatabaseHandle;
  /** A second pool on the same database, wide enough that the attempts really overlap. */
  let wide: DatabaseHandle;
  let partnerId: string;
  let outbox: ReturnType<typeof recordingJobs>;
  const services = () => ({ db: wide.db, jobs: outbox.jobs, baseUrl: "https://rcl.test" });

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = database.pool?.options.connectionString;
    if (!url) throw new Error("The PostgreSQL test database has no connection string.");
    // 200 attempts queue for 50 connections behind one event lock on purpose; the site's short
    // wait for a connection (which answers 503 when the pool is exhausted) is not under test here.
    wide = await openDatabase({ kind: "postgres", url, poolMax: 50, poolTimeoutMs: 60_000 });
    outbox = recordingJobs(wide);
    partnerId = (await createTestPartner(database.db, "Concurrency Club", { location: "Aarhus" })).id;
  });

  afterAll(async () => {
    await wide?.close();
    await database?.close();
  });

  let sequence = 0;

  async function createUsers(amount: number): Promise<string[]> {
    const batch = Array.from({ length: amount }, () => {
      sequence += 1;
      return { id: `race-user-${sequence}`, name: `Racer ${sequence}`, email: `racer${sequence}@example.dk` };
    });
    await database.db.insert(users).values(batch);
    return batch.map((user) => user.id);
  }

  function createEvent(maxTeams: number) {
    return createTestEvent(database.db, partnerId, {
      now,
      maxTeams,
      location: "Aarhus",
      priceMinor: 300_000,
    });
  }

  const form = (teamName: string) => ({
    teamName,
    company: `${teamName} A/S`,
    billingCompany: `${teamName} A/S`,
    cvr: VALID_CVR,
    billingEmail: "billing@example.dk",
    ...invoiceAddress,
    captainName: "Captain",
    captainEmail: `captain-${teamName.toLowerCase().replace(/\W+/g, "-")}@example.dk`,
    captainPhone: "+45 11 22 33 44",
    [rosterFieldName(0, "name")]: "Captain",
    acceptTerms: "on",
  });

  const register = (userId: string, eventId: string, teamName: string) =>
    registerTeam(services(), {
      actor: userActor(userId),
      eventId,
      input: form(teamName),
      idempotencyKey: randomUUID(),
      joinWaitlist: true,
      now,
    });

  const cancel = (userId: string, registrationId: string) =>
    cancelRegistration(services(), { actor: userActor(userId), registrationId, now });

  /**
   * Every row of the event with its times in microseconds, as PostgreSQL orders them: a
   * Date keeps only milliseconds, and two bookings can fall within one.
   */
  async function rowsOf(eventId: string) {
    const micros = (column: AnyPgColumn) =>
      sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`.mapWith(BigInt);
    return database.db
      .select({
        id: teamRegistrations.id,
        status: teamRegistrations.status,
        created: micros(teamRegistrations.createdAt),
        updated: micros(teamRegistrations.updatedAt),
      })
      .from(teamRegistrations)
      .where(eq(teamRegistrations.eventId, eventId));
  }

  type Timed = { id: string; created: bigint };
  /** Waitlist order: created first waits longest; the id breaks a tie, as in the promotion query. */
  const olderThan = (a: Timed, b: Timed) => a.created < b.created || (a.created === b.created && a.id < b.id);

  it("confirms exactly the 8 free spots of 20 among 200 simultaneous attempts and waitlists 192", async () => {
    const event = await createEvent(20);
    const earlier = await createUsers(12);
    await database.db.insert(teamRegistrations).values(
      earlier.map((userId, index) => ({
        eventId: event.id,
        userId,
        teamName: `Early crew ${index}`,
        company: `Early ${index}`,
        status: "confirmed" as const,
        createdAt: new Date(now.getTime() - (index + 1) * DAY),
      })),
    );
    const racers = await createUsers(200);

    const outcomes = await Promise.allSettled(
      racers.map((userId, index) => register(userId, event.id, `Racer crew ${index}`)),
    );

    const failures = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(failures.map((failure) => String(failure.reason))).toEqual([]);
    const results = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
    expect(results.every((result) => result.created)).toBe(true);
    const confirmed = results.filter((result) => result.registration.status === "confirmed");
    const waitlisted = results.filter((result) => result.registration.status === "waitlisted");
    expect(confirmed).toHaveLength(8);
    expect(waitlisted).toHaveLength(192);
    // The attempts did overlap: the pool opened many connections for them.
    expect(wide.pool!.totalCount).toBeGreaterThanOrEqual(20);

    expect(await eventAvailability(database.db, event.id)).toEqual({
      teamsRegistered: 20,
      maxTeams: 20,
      spotsRemaining: 0,
      waitlisted: 192,
    });
    // Spots went to the first attempts to get the lock: every new confirmed row predates every waitlisted one.
    const rows = new Map((await rowsOf(event.id)).map((row) => [row.id, row]));
    for (const spot of confirmed) {
      for (const waiting of waitlisted) {
        expect(olderThan(rows.get(spot.registration.id)!, rows.get(waiting.registration.id)!)).toBe(true);
      }
    }
    const sent = await outbox.deliver();
    expect(sent.filter((mail) => mail.subject.startsWith("Registration confirmed"))).toHaveLength(8);
    expect(sent.filter((mail) => mail.subject.startsWith("You are on the waitlist"))).toHaveLength(192);
  });

  it("books in two round trips, a repeated submit in one, and sends no notification", async () => {
    const event = await createEvent(5);
    const [userId] = await createUsers(1);
    const sent = vi.spyOn(pg.Client.prototype, "query");
    try {
      const request = {
        actor: userActor(userId!),
        eventId: event.id,
        input: form("Counted crew"),
        idempotencyKey: randomUUID(),
        now,
      };
      const first = await registerTeam(services(), request);
      expect(first.created).toBe(true);
      const texts = sent.mock.calls.map(([query]) =>
        typeof query === "string" ? query : JSON.stringify(query),
      );
      expect(texts).toHaveLength(2);
      expect(texts.some((text) => /notify/i.test(text))).toBe(false);
      sent.mockClear();
      expect((await registerTeam(services(), request)).created).toBe(false);
      expect(sent).toHaveBeenCalledTimes(1);
    } finally {
      sent.mockRestore();
    }
  });

  it("books 4 busy events from 500 simultaneous clients: each filled exactly, its waitlist in order, once per key", async () => {
    const capacities = [40, 60, 80, 100];
    const busy = await Promise.all(capacities.map((maxTeams) => createEvent(maxTeams)));
    const clients = await createUsers(500);
    // Every tenth client submits its form twice at once: one team for the two.
    const attempts = clients.flatMap((userId, index) => {
      const event = busy[index % busy.length]!;
      const request = {
        actor: userActor(userId),
        eventId: event.id,
        input: form(`Busy crew ${index}`),
        idempotencyKey: randomUUID(),
        joinWaitlist: true,
        now,
      };
      return index % 10 === 0 ? [request, request] : [request];
    });
    const outcomes = await Promise.allSettled(attempts.map((request) => registerTeam(services(), request)));

    expect(
      outcomes.filter((outcome) => outcome.status === "rejected").map((failure) => String(failure)),
    ).toEqual([]);
    const results = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
    expect(new Set(results.map((result) => result.registration.id)).size).toBe(500);
    expect(results.filter((result) => result.created)).toHaveLength(500);
    for (const [index, event] of busy.entries()) {
      const rows = await rowsOf(event.id);
      const confirmed = rows.filter((row) => row.status === "confirmed");
      const waitlisted = rows.filter((row) => row.status === "waitlisted");
      expect(confirmed).toHaveLength(capacities[index]!);
      expect(confirmed.length + waitlisted.length).toBe(125);
      // The places went to the first to get the event's lock: every confirmed row predates every waitlisted one.
      const lastConfirmed = confirmed.reduce((latest, row) => (olderThan(latest, row) ? row : latest));
      const firstWaiting = waitlisted.reduce((earliest, row) => (olderThan(row, earliest) ? row : earliest));
      expect(olderThan(lastConfirmed, firstWaiting)).toBe(true);
    }
  });

  it("keeps capacity and waitlist order while cancellations race new bookings and promotions", async () => {
    const MAX = 20;
    const event = await createEvent(MAX);
    const bookers = await createUsers(50);
    const initial: { userId: string; registration: TeamRegistration }[] = [];
    for (const [index, userId] of bookers.entries()) {
      initial.push({
        userId,
        registration: (await register(userId, event.id, `Initial ${index}`)).registration,
      });
    }
    const initiallyConfirmed = initial.filter((entry) => entry.registration.status === "confirmed");
    const initiallyWaiting = initial.filter((entry) => entry.registration.status === "waitlisted");
    expect([initiallyConfirmed.length, initiallyWaiting.length]).toEqual([MAX, 30]);

    const newcomers = await createUsers(60);
    const promotions: TeamRegistration[] = [];
    const cancelAndRecord = async (userId: string, registrationId: string) => {
      const { promoted } = await cancel(userId, registrationId);
      promotions.push(...promoted);
    };

    const work: (() => Promise<unknown>)[] = [
      // 12 confirmed teams cancel, 4 of them twice at once.
      ...initiallyConfirmed
        .slice(0, 12)
        .map((entry) => () => cancelAndRecord(entry.userId, entry.registration.id)),
      ...initiallyConfirmed
        .slice(0, 4)
        .map((entry) => () => cancelAndRecord(entry.userId, entry.registration.id)),
      // 6 waiting teams give up.
      ...initiallyWaiting
        .slice(-6)
        .map((entry) => () => cancelAndRecord(entry.userId, entry.registration.id)),
      // 60 newcomers book; every third cancels straight away.
      ...newcomers.map((userId, index) => async () => {
        const { registration } = await register(userId, event.id, `Newcomer ${index}`);
        if (index % 3 === 0) await cancelAndRecord(userId, registration.id);
      }),
    ];
    // Interleave the kinds of work rather than start all cancellations first.
    const shuffled = work
      .map((task, index) => ({ task, order: (index * 7919) % work.length }))
      .sort((a, b) => a.order - b.order);

    const outcomes = await Promise.allSettled(shuffled.map(({ task }) => task()));
    const failures = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(failures.map((failure) => String(failure.reason))).toEqual([]);

    const rows = await rowsOf(event.id);
    const confirmed = rows.filter((row) => row.status === "confirmed");
    const waiting = rows.filter((row) => row.status === "waitlisted");
    expect(rows).toHaveLength(110);
    expect(rows.filter((row) => row.status === "cancelled")).toHaveLength(12 + 6 + 20);

    // Never more than max teams, and never a free spot while someone waits.
    expect(confirmed.length).toBeLessThanOrEqual(MAX);
    if (confirmed.length < MAX) expect(waiting).toHaveLength(0);
    // Here the waitlist outlasts the cancellations, so every spot is taken.
    expect(confirmed).toHaveLength(MAX);
    expect(waiting.length).toBeGreaterThan(0);

    // Each spot freed while teams waited went to one of them.
    expect(promotions.length).toBeGreaterThanOrEqual(12);
    expect(new Set(promotions.map((row) => row.id)).size).toBe(promotions.length);
    // Promotions took the oldest waiting team at the time: no team still waiting is older
    // than any promoted one, and in the order promotions happened (their update time, for
    // those not cancelled since), each promoted team is younger than the one before.
    const byId = new Map(rows.map((row) => [row.id, row]));
    const promotedRows = promotions.map((row) => byId.get(row.id)!);
    for (const promoted of promotedRows) {
      for (const still of waiting) expect(olderThan(promoted, still)).toBe(true);
    }
    const inPromotionOrder = promotedRows
      .filter((row) => row.status === "confirmed")
      .sort((a, b) => (a.updated < b.updated ? -1 : a.updated > b.updated ? 1 : 0));
    for (const [index, row] of inPromotionOrder.entries()) {
      if (index > 0) expect(olderThan(inPromotionOrder[index - 1]!, row)).toBe(true);
    }
    expect(await eventAvailability(database.db, event.id)).toEqual({
      teamsRegistered: MAX,
      maxTeams: MAX,
      spotsRemaining: 0,
      waitlisted: waiting.length,
    });
  });
});
