/**
 * The weather decision (ADR 038): the partner's go, move to the backup date, or cancel.
 * A move keeps every place and tells every booker, captain and rower in their language
 * with a calendar file that replaces the old entry; a team that then cannot come cancels
 * with all of it back; a cancel refunds everyone. Through the real commands, with the test
 * payment provider, on both databases.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REFUND_POLICY } from "~/lib/billing/refund-policy";
import type { EventRevisionValues } from "~/lib/event-fields";
import { rosterFieldName } from "~/lib/forms/registration-schema";
import type { Actor } from "#server/auth/actor";
import type { DatabaseHandle } from "#server/db/client";
import {
  auditLog,
  eventForecasts,
  eventRevisions,
  events,
  invoices,
  partnerMembers,
  paymentRefunds,
  payments,
  rowerSeats,
  teamRegistrations,
} from "#server/db/schema";
import type { Mail } from "#server/email/mailer";
import { isAppError, type AppError } from "#server/errors";
import { handlePaymentWebhook } from "#server/online-payments/handle-payment-webhook";
import type { PaymentServices } from "#server/online-payments/payment-services";
import { chooseOnTestCheckout, createTestProvider } from "#server/online-payments/providers/test-provider";
import { deliverTestWebhook } from "#server/online-payments/providers/test-webhooks";
import { sendRefund } from "#server/online-payments/send-refund";
import { startCheckout } from "#server/online-payments/start-checkout";
import { cancelRegistration } from "#server/registrations/cancel-registration";
import { cancellationRefund } from "#server/registrations/cancellation-refund";
import { moveRegistration } from "#server/registrations/move-registration";
import { registerTeam } from "#server/registrations/register-team";
import { decideWeather } from "#server/weather/decide-weather";
import { moveEventToBackup } from "#server/weather/move-event-to-backup";
import { weatherDecisionsOf } from "#server/weather/queries";
import { createBooker, userActor } from "../support/accounts";
import { createBillingProfile } from "../support/billing";
import { companyBookingForm } from "../support/booking-form";
import { createTestDatabase, testDatabaseKind } from "../support/database";
import { createTestEvent } from "../support/events";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";

const now = new Date("2027-05-03T10:00:00Z");
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const BASE_URL = "https://rcl.test";
const WEBHOOK_SECRET = "whsec_weather_decision_test_secret";

let database: DatabaseHandle;
let outbox: ReturnType<typeof recordingJobs>;
let services: PaymentServices;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  outbox = recordingJobs(database, {
    // The provider's webhooks reach the handler as the endpoint would pass them.
    "deliver-test-webhook": async ({ event }) => {
      await deliverTestWebhook(
        {
          baseUrl: BASE_URL,
          webhookSecret: WEBHOOK_SECRET,
          fetch: async (request) => {
            await handlePaymentWebhook(services, {
              rawBody: await request.text(),
              signature: request.headers.get("stripe-signature"),
            });
            return new Response(null, { status: 200 });
          },
        },
        { event },
      );
    },
    "send-refund": (refund) => sendRefund(services, refund),
  });
  const provider = createTestProvider({
    db: db(),
    jobs: outbox.jobs,
    baseUrl: BASE_URL,
    webhookSecret: WEBHOOK_SECRET,
  });
  services = { db: db(), jobs: outbox.jobs, baseUrl: BASE_URL, payments: provider };
});

afterAll(async () => {
  await database?.close();
});

/**
 * A published event a month ahead with a backup date a week after it (as long), the
 * site's default refund policy (all back until 30 days before, half until 8), and one
 * member of its partner.
 */
async function weatherEvent(overrides: Parameters<typeof createTestEvent>[2] = {}) {
  const partner = await createTestPartner(db(), `Weather Roklub ${randomUUID().slice(0, 6)}`);
  await createBillingProfile(db(), partner.id);
  const startsAt = new Date(now.getTime() + 30 * DAY);
  const event = await createTestEvent(db(), partner.id, {
    now,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 8 * HOUR),
    registrationDeadline: new Date(startsAt.getTime() - 7 * DAY),
    backupStartsAt: new Date(startsAt.getTime() + 7 * DAY),
    backupEndsAt: new Date(startsAt.getTime() + 7 * DAY + 8 * HOUR),
    priceMinor: 400_000,
    maxTeams: 5,
    paymentMethods: "both",
    publishedAt: now,
    refundPolicy: [...DEFAULT_REFUND_POLICY],
    ...overrides,
  });
  const member = await createBooker(db(), "weather-member");
  await db().insert(partnerMembers).values({ partnerId: partner.id, userId: member });
  const actor: Actor = { userId: member, role: "partner", partnerIds: [partner.id] };
  return { partner, event, actor };
}

/**
 * A team booked by invoice, its captain rowing and one more rower with an address, the
 * booking in `language` and the rower's seat in `rowerLanguage`.
 */
async function bookTeam(
  eventId: string,
  teamName: string,
  { language = "en", rowerLanguage = "en" }: { language?: "en" | "da"; rowerLanguage?: "en" | "da" } = {},
) {
  const userId = await createBooker(db(), "weather-booker");
  const tag = randomUUID().slice(0, 6);
  const { registration } = await registerTeam(services, {
    actor: userActor(userId),
    eventId,
    input: companyBookingForm(teamName, {
      captainEmail: `captain-${tag}@crew.example`,
      [rosterFieldName(1, "name")]: "Rower Two",
      [rosterFieldName(1, "email")]: `rower-${tag}@crew.example`,
    }),
    idempotencyKey: randomUUID(),
    paymentMethod: "invoice",
    now,
  });
  await outbox.finishBookings();
  await db().update(teamRegistrations).set({ language }).where(eq(teamRegistrations.id, registration.id));
  await db()
    .update(rowerSeats)
    .set({ language: rowerLanguage })
    .where(eq(rowerSeats.registrationId, registration.id));
  return {
    registration,
    booker: `${userId}@example.dk`,
    captain: `captain-${tag}@crew.example`,
    rower: `rower-${tag}@crew.example`,
  };
}

/** Books online and pays by card, as a booker does through the checkout. */
async function paidTeam(eventId: string, teamName: string) {
  const userId = await createBooker(db(), "weather-payer");
  const { registration } = await registerTeam(services, {
    actor: userActor(userId),
    eventId,
    input: companyBookingForm(teamName),
    idempotencyKey: randomUUID(),
    paymentMethod: "online",
    now,
  });
  await outbox.finishBookings();
  const { paymentId } = await startCheckout(services, {
    actor: userActor(userId),
    registrationId: registration.id,
    now,
  });
  const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId));
  await chooseOnTestCheckout(services, { checkoutId: payment!.checkoutId, choice: "card" });
  await outbox.deliver();
  return { registration, userId, payment: payment! };
}

async function refusalOf(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("The command was expected to refuse, but it succeeded.");
}

const eventRow = async (id: string) => (await db().select().from(events).where(eq(events.id, id)))[0]!;
const registrationOf = async (id: string) =>
  (await db().select().from(teamRegistrations).where(eq(teamRegistrations.id, id)))[0]!;
const auditOf = (eventId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "event"), eq(auditLog.entityId, eventId)));

/** The mails sent since `count`, delivered first. */
async function mailsSince(count: number): Promise<Mail[]> {
  return (await outbox.deliver()).slice(count);
}

const calendarOf = (mail: Mail) => {
  const file = mail.attachments?.find((attachment) => attachment.filename?.endsWith(".ics"));
  return String(file?.content ?? "");
};

describe("moving an event to its backup date", () => {
  it("moves the event, keeps every place, and tells every booker, captain and rower in their language with a file that replaces the old entry", async () => {
    const { event, actor, partner } = await weatherEvent();
    const english = await bookTeam(event.id, "Gale Crew");
    const danish = await bookTeam(event.id, "Storm Crew", { language: "da", rowerLanguage: "en" });
    const sentBefore = (await outbox.deliver()).length;

    const { event: moved, decision } = await decideWeather(services, {
      actor,
      eventId: event.id,
      decision: "move",
      input: { note: "Gusts of 14 m/s forecast", confirm: "on" },
      now,
    });

    expect(moved.startsAt).toEqual(event.backupStartsAt);
    expect(moved.endsAt).toEqual(event.backupEndsAt);
    expect(moved).toMatchObject({ backupStartsAt: null, backupEndsAt: null, status: "published" });
    expect(moved.calendarSequence).toBe(event.calendarSequence + 1);
    expect(moved.version).toBeGreaterThan(event.version);
    expect(decision).toMatchObject({
      eventId: event.id,
      decision: "move",
      note: "Gusts of 14 m/s forecast",
      fromStartsAt: event.startsAt,
      toStartsAt: event.backupStartsAt,
      decidedBy: actor.userId,
      decidedEmail: `${actor.userId}@example.dk`,
    });
    for (const team of [english, danish]) {
      const row = await registrationOf(team.registration.id);
      expect(row.status).toBe("confirmed");
      expect(row.movedByWeatherAt).toEqual(now);
      expect(row.roster).toEqual(team.registration.roster);
    }
    expect(
      await db().select().from(rowerSeats).where(eq(rowerSeats.registrationId, english.registration.id)),
    ).toHaveLength(2);

    const audit = await auditOf(event.id);
    expect(audit.find((row) => row.action === "event.move_to_backup")?.changes).toEqual({
      startsAt: { before: event.startsAt.toISOString(), after: event.backupStartsAt!.toISOString() },
      endsAt: { before: event.endsAt.toISOString(), after: event.backupEndsAt!.toISOString() },
    });
    expect(audit.find((row) => row.action === "event.weather_decision")?.changes).toMatchObject({
      decision: { after: "move" },
      note: { after: "Gusts of 14 m/s forecast" },
    });

    const mails = await mailsSince(sentBefore);
    const moves = mails.filter((mail) => /weather|vejret/.test(mail.subject));
    expect(moves.map((mail) => mail.to).sort()).toEqual(
      [english.booker, english.captain, english.rower, danish.booker, danish.captain, danish.rower].sort(),
    );
    const to = (address: string) => moves.find((mail) => mail.to === address)!;
    expect(to(english.captain).subject).toBe(`Moved because of the weather: ${event.title}`);
    expect(to(english.captain).text).toContain(partner.name);
    expect(to(english.captain).text).toContain("you get the full amount back");
    expect(to(danish.booker).subject).toBe(`Flyttet på grund af vejret: ${event.title}`);
    expect(to(danish.captain).text).toContain("du får hele beløbet tilbage");
    // A rower reads in their seat's language, whatever the booking's is.
    expect(to(danish.rower).subject).toBe(`Moved because of the weather: ${event.title}`);
    expect(to(danish.rower).text).toContain("tell your team's captain");
    for (const mail of moves) {
      const file = calendarOf(mail);
      expect(file).toContain(`UID:event-${event.id}@rethinkcorporatelife.dk\r\n`);
      expect(file).toContain(`SEQUENCE:${moved.calendarSequence}\r\n`);
      expect(file).toContain("DTSTART;TZID=Europe/Copenhagen:20270609T");
      expect(file).toContain("STATUS:CONFIRMED\r\n");
    }
    expect(await weatherDecisionsOf(db(), event.id)).toHaveLength(1);
  });

  it("gives a moved booking all of it back until the new start, whatever the policy, through the credit note and the refund", async () => {
    const { event, actor } = await weatherEvent();
    const { registration, userId, payment } = await paidTeam(event.id, "Drenched Crew");
    await decideWeather(services, {
      actor,
      eventId: event.id,
      decision: "move",
      input: { confirm: "on" },
      now,
    });
    const moved = await eventRow(event.id);
    // Two days before the new start: the policy would give nothing back.
    const at = new Date(moved.startsAt.getTime() - 2 * DAY);
    const row = await registrationOf(registration.id);
    expect(await cancellationRefund(db(), { registration: row, event: moved, now: at })).toEqual({
      percent: 100,
      refundMinor: 500_000,
      feeMinor: 0,
    });
    await cancelRegistration(services, {
      actor: userActor(userId),
      registrationId: registration.id,
      now: at,
    });
    await outbox.deliver();

    const credit = (
      await db().select().from(invoices).where(eq(invoices.registrationId, registration.id))
    ).find((document) => document.kind === "credit_note");
    expect(credit).toMatchObject({ netMinor: 400_000, grossMinor: 500_000 });
    expect(
      await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id)),
    ).toMatchObject([{ amountMinor: 500_000, status: "succeeded", creditNoteId: credit!.id }]);
  });

  it("forgets the weather move once the team is moved on to another event, whose policy then applies", async () => {
    const { event, actor, partner } = await weatherEvent();
    const team = await bookTeam(event.id, "Onward Crew");
    await decideWeather(services, {
      actor,
      eventId: event.id,
      decision: "move",
      input: { confirm: "on" },
      now,
    });
    const movedEvent = await eventRow(event.id);
    const before = await registrationOf(team.registration.id);
    expect(before.movedByWeatherAt).toEqual(now);
    const nearNewStart = new Date(movedEvent.startsAt.getTime() - 2 * DAY);
    expect(
      (await cancellationRefund(db(), { registration: before, event: movedEvent, now: nearNewStart }))
        ?.percent,
    ).toBe(100);

    const startsAt = new Date(movedEvent.startsAt.getTime() + DAY);
    const other = await createTestEvent(db(), partner.id, {
      now,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 8 * HOUR),
      registrationDeadline: new Date(startsAt.getTime() - 7 * DAY),
      maxTeams: 5,
      publishedAt: now,
      refundPolicy: [...DEFAULT_REFUND_POLICY],
    });
    await moveRegistration(services, {
      actor,
      registrationId: team.registration.id,
      input: { targetEventId: other.id },
      now,
    });

    const after = await registrationOf(team.registration.id);
    expect(after).toMatchObject({ eventId: other.id, status: "confirmed", movedByWeatherAt: null });
    // Two days before the other event: its booking's policy gives nothing back.
    const otherEvent = await eventRow(other.id);
    expect(
      (
        await cancellationRefund(db(), {
          registration: after,
          event: otherEvent,
          now: new Date(otherEvent.startsAt.getTime() - 2 * DAY),
        })
      )?.percent,
    ).toBe(0);
  });

  it("refuses without an approved backup date, using none that waits in a revision, and changes nothing", async () => {
    const { event, actor } = await weatherEvent({ backupStartsAt: null, backupEndsAt: null });
    // The partner proposed a backup date; the admins have not approved it yet.
    await db()
      .insert(eventRevisions)
      .values({
        eventId: event.id,
        status: "pending_review",
        values: {
          backupStartsAt: new Date(event.startsAt.getTime() + 7 * DAY).toISOString(),
          backupEndsAt: new Date(event.endsAt.getTime() + 7 * DAY).toISOString(),
        } as unknown as EventRevisionValues,
      });
    const refusal = await refusalOf(
      decideWeather(services, { actor, eventId: event.id, decision: "move", input: { confirm: "on" }, now }),
    );
    expect(refusal).toMatchObject({
      code: "invalid_transition",
      message: "The event has no approved backup date to move to",
    });
    expect(await eventRow(event.id)).toEqual(event);
    expect(await weatherDecisionsOf(db(), event.id)).toEqual([]);
  });

  it("starts the new date afresh: no reminder marks or forecasts of the called-off day are kept", async () => {
    const { event, actor } = await weatherEvent();
    const team = await bookTeam(event.id, "Fresh Crew");
    const marked = new Date(now.getTime() - HOUR);
    await db()
      .update(teamRegistrations)
      .set({ arrivalInfoSentAt: marked, rosterReminderSentAt: marked })
      .where(eq(teamRegistrations.id, team.registration.id));
    await db()
      .update(rowerSeats)
      .set({ reminded7dAt: marked, reminded2dAt: marked })
      .where(eq(rowerSeats.registrationId, team.registration.id));
    await db()
      .insert(eventForecasts)
      .values({ eventId: event.id, checkpoint: "72h", ok: true, series: null });

    await decideWeather(services, {
      actor,
      eventId: event.id,
      decision: "move",
      input: { confirm: "on" },
      now,
    });

    expect(await registrationOf(team.registration.id)).toMatchObject({
      arrivalInfoSentAt: null,
      rosterReminderSentAt: null,
    });
    const seats = await db()
      .select()
      .from(rowerSeats)
      .where(eq(rowerSeats.registrationId, team.registration.id));
    expect(seats.every((seat) => seat.reminded7dAt === null && seat.reminded2dAt === null)).toBe(true);
    expect(await db().select().from(eventForecasts).where(eq(eventForecasts.eventId, event.id))).toEqual([]);
  });

  it("moves a revision waiting for review along, so approving it later does not bring the old date back", async () => {
    const { event, actor } = await weatherEvent();
    const iso = (moment: Date | null) => moment && moment.toISOString();
    const waiting = {
      description: "New words, dates as they are",
      startsAt: iso(event.startsAt),
      endsAt: iso(event.endsAt),
      backupStartsAt: iso(event.backupStartsAt),
      backupEndsAt: iso(event.backupEndsAt),
    } as unknown as EventRevisionValues;
    await db()
      .insert(eventRevisions)
      .values({ eventId: event.id, status: "pending_review", values: waiting });

    await decideWeather(services, {
      actor,
      eventId: event.id,
      decision: "move",
      input: { confirm: "on" },
      now,
    });

    const [revision] = await db().select().from(eventRevisions).where(eq(eventRevisions.eventId, event.id));
    expect(revision!.values).toMatchObject({
      description: "New words, dates as they are",
      startsAt: iso(event.backupStartsAt),
      endsAt: iso(event.backupEndsAt),
      backupStartsAt: null,
      backupEndsAt: null,
    });
  });

  it("refuses to move while a revision proposes other dates, and changes nothing", async () => {
    const { event, actor } = await weatherEvent();
    const proposed = {
      startsAt: new Date(event.startsAt.getTime() + DAY).toISOString(),
      endsAt: new Date(event.endsAt.getTime() + DAY).toISOString(),
      backupStartsAt: event.backupStartsAt!.toISOString(),
      backupEndsAt: event.backupEndsAt!.toISOString(),
    } as unknown as EventRevisionValues;
    await db()
      .insert(eventRevisions)
      .values({ eventId: event.id, status: "pending_review", values: proposed });
    const refusal = await refusalOf(
      decideWeather(services, { actor, eventId: event.id, decision: "move", input: { confirm: "on" }, now }),
    );
    expect(refusal).toMatchObject({ code: "invalid_transition" });
    expect(refusal.message).toContain("waits for review");
    expect(await eventRow(event.id)).toEqual(event);
    expect(await weatherDecisionsOf(db(), event.id)).toEqual([]);
  });

  it("refuses a backup date that has begun", async () => {
    const { event, actor } = await weatherEvent();
    const refusal = await refusalOf(
      db().transaction((tx) =>
        moveEventToBackup(
          tx,
          { jobs: outbox.jobs, baseUrl: BASE_URL },
          { actor, event, now: event.backupStartsAt! },
        ),
      ),
    );
    expect(refusal.message).toBe("The backup date has already begun");
    expect(await eventRow(event.id)).toEqual(event);
  });

  it("asks the move to be confirmed", async () => {
    const { event, actor } = await weatherEvent();
    const refusal = await refusalOf(
      decideWeather(services, { actor, eventId: event.id, decision: "move", input: { note: "" }, now }),
    );
    expect(refusal.code).toBe("invalid");
    expect(Object.keys(refusal.fields)).toEqual(["confirm"]);
    expect(await eventRow(event.id)).toEqual(event);
  });
});

describe("the weather decision's other outcomes and refusals", () => {
  it("records a go with its note, and mails nobody", async () => {
    const { event, actor } = await weatherEvent();
    await bookTeam(event.id, "Calm Crew");
    const sentBefore = (await outbox.deliver()).length;
    await decideWeather(services, {
      actor,
      eventId: event.id,
      decision: "go",
      input: { note: "  Light wind  " },
      now,
    });
    expect(await mailsSince(sentBefore)).toEqual([]);
    expect(await weatherDecisionsOf(db(), event.id)).toMatchObject([
      { decision: "go", note: "Light wind", fromStartsAt: event.startsAt, toStartsAt: null },
    ]);
    expect(await eventRow(event.id)).toMatchObject({ startsAt: event.startsAt, version: event.version });
    expect((await auditOf(event.id)).map((row) => row.action)).toEqual(["event.weather_decision"]);
  });

  it("cancels with the reason: every booking refunded in full, rowers mailed in their language, the file cancelled", async () => {
    const { event, actor } = await weatherEvent();
    const team = await bookTeam(event.id, "Foam Crew", { language: "en", rowerLanguage: "da" });
    const paid = await paidTeam(event.id, "Spray Crew");
    const sentBefore = (await outbox.deliver()).length;

    await decideWeather(services, {
      actor,
      eventId: event.id,
      decision: "cancel",
      input: { reason: "Storm warning for the whole weekend.", confirm: "on" },
      now,
    });

    expect(await eventRow(event.id)).toMatchObject({
      status: "cancelled",
      cancellationReason: "Storm warning for the whole weekend.",
    });
    expect((await registrationOf(team.registration.id)).status).toBe("cancelled");
    expect(await weatherDecisionsOf(db(), event.id)).toMatchObject([
      { decision: "cancel", note: "Storm warning for the whole weekend.", toStartsAt: null },
    ]);
    expect((await auditOf(event.id)).map((row) => row.action).sort()).toEqual([
      "event.cancel",
      "event.weather_decision",
    ]);
    const mails = await mailsSince(sentBefore);
    const rower = mails.find((mail) => mail.to === team.rower)!;
    expect(rower.subject).toContain("aflyst");
    expect(rower.text).toContain("Storm warning for the whole weekend.");
    expect(calendarOf(rower)).toContain("STATUS:CANCELLED\r\n");
    expect(calendarOf(rower)).toContain("SEQUENCE:1\r\n");
    expect(mails.map((mail) => mail.to)).toEqual(expect.arrayContaining([team.booker, team.captain]));
    expect(
      await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paid.payment.id)),
    ).toMatchObject([{ amountMinor: 500_000, reason: "event_cancelled", status: "succeeded" }]);
  });

  it("asks a cancel for its reason, next to the field", async () => {
    const { event, actor } = await weatherEvent();
    const refusal = await refusalOf(
      decideWeather(services, {
        actor,
        eventId: event.id,
        decision: "cancel",
        input: { reason: "", confirm: "on" },
        now,
      }),
    );
    expect(refusal.code).toBe("invalid");
    expect(Object.keys(refusal.fields)).toEqual(["reason"]);
    expect((await eventRow(event.id)).status).toBe("published");
  });

  it("refuses an event that has started, or is not published", async () => {
    const started = await weatherEvent();
    const refusal = await refusalOf(
      decideWeather(services, {
        actor: started.actor,
        eventId: started.event.id,
        decision: "go",
        input: {},
        now: new Date(started.event.startsAt.getTime() + HOUR),
      }),
    );
    expect(refusal.code).toBe("invalid_transition");
    const draft = await weatherEvent({ status: "draft", publishedAt: null });
    const notPublished = await refusalOf(
      decideWeather(services, {
        actor: draft.actor,
        eventId: draft.event.id,
        decision: "go",
        input: {},
        now,
      }),
    );
    expect(notPublished.message).toBe("Only a published event can have a weather decision");
    expect(await weatherDecisionsOf(db(), started.event.id)).toEqual([]);
    expect(await weatherDecisionsOf(db(), draft.event.id)).toEqual([]);
  });

  it("answers another partner's event as not found, and changes nothing", async () => {
    const { event } = await weatherEvent();
    const other = await weatherEvent();
    for (const decision of ["go", "move", "cancel"] as const) {
      const refusal = await refusalOf(
        decideWeather(services, {
          actor: other.actor,
          eventId: event.id,
          decision,
          input: { note: "", reason: "Not your event at all.", confirm: "on" },
          now,
        }),
      );
      expect(refusal.code).toBe("not_found");
    }
    expect(await eventRow(event.id)).toEqual(event);
    expect(await weatherDecisionsOf(db(), event.id)).toEqual([]);
    expect(await auditOf(event.id)).toEqual([]);
  });
});

describe(`the forecast a decision names on ${testDatabaseKind}`, () => {
  /** A forecast of the event's first two hours, fetched `hoursBefore` hours before `now`. */
  const forecastOf = (
    event: { id: string; startsAt: Date },
    values: Partial<typeof eventForecasts.$inferInsert> & { hoursBefore: number },
    hours: { windMs: number | null; gustMs: number | null; waterC: number | null }[],
  ) => {
    const { hoursBefore, ...rest } = values;
    return db()
      .insert(eventForecasts)
      .values({
        eventId: event.id,
        checkpoint: "manual",
        fetchedAt: new Date(now.getTime() - hoursBefore * HOUR),
        ok: true,
        series: {
          windNotForecastYet: false,
          hours: hours.map((figures, index) => ({
            hour: new Date(event.startsAt.getTime() + index * HOUR).toISOString(),
            windDirDeg: 240,
            airC: 12,
            ...figures,
          })),
        },
        ...rest,
      })
      .returning()
      .then((rows) => rows[0]!);
  };

  it("keeps the newest good forecast's figures, judged against the limits, in the decision and its audit row, even after a move deletes it", async () => {
    const { event, actor } = await weatherEvent({ maxWindMs: "8.0", maxGustMs: "12.0", minWaterC: "9.0" });
    await forecastOf(event, { checkpoint: "72h", hoursBefore: 30 }, [{ windMs: 3, gustMs: 5, waterC: 14 }]);
    const seen = await forecastOf(event, { checkpoint: "manual", hoursBefore: 2 }, [
      { windMs: 6.5, gustMs: 12.1, waterC: 9.4 },
      { windMs: 7.9, gustMs: 10, waterC: null },
    ]);
    // A later try that failed is not what the partner saw.
    await forecastOf(
      event,
      { checkpoint: "manual", hoursBefore: 1, ok: false, error: "timeout: 10 s", series: null },
      [],
    );

    await decideWeather(services, {
      actor,
      eventId: event.id,
      decision: "move",
      input: { note: "Gusts over our limit", confirm: "on" },
      now,
    });

    const expected = {
      forecastId: seen.id,
      checkpoint: "manual",
      fetchedAt: seen.fetchedAt.toISOString(),
      windMs: 7.9,
      gustMs: 12.1,
      waterC: 9.4,
      limits: { maxWindMs: "8", maxGustMs: "12", minWaterC: "9" },
      marks: { wind: "within", gust: "outside", water: "within" },
      verdict: "outside",
      winter: true,
    };
    expect(await db().select().from(eventForecasts).where(eq(eventForecasts.eventId, event.id))).toEqual([]);
    const [decision] = await weatherDecisionsOf(db(), event.id);
    expect(decision!.forecast).toEqual(expected);
    const audit = (await auditOf(event.id)).find((row) => row.action === "event.weather_decision")!;
    const said = `forecast ${seen.id} (manual, fetched ${seen.fetchedAt.toISOString()}): wind 7.9 m/s, gusts 12.1 m/s, water 9.4 °C: outside`;
    expect(audit.changes.forecast).toEqual({ before: null, after: said });
    expect(audit.summary).toContain(said);
  });

  it("says there was no forecast when none had been fetched, or none good", async () => {
    const { event, actor } = await weatherEvent();
    await forecastOf(
      event,
      { hoursBefore: 1, ok: false, error: "upstream-unavailable: 503", series: null },
      [],
    );
    await decideWeather(services, { actor, eventId: event.id, decision: "go", input: {}, now });
    const [decision] = await weatherDecisionsOf(db(), event.id);
    expect(decision!.forecast).toBeNull();
    const [audit] = await auditOf(event.id);
    expect(audit!.changes.forecast).toEqual({ before: null, after: "no forecast" });
    expect(audit!.summary).toContain("on no forecast");
  });

  it("judges a figure without a limit, or a limit without a figure, as unknown", async () => {
    const { event, actor } = await weatherEvent({ maxWindMs: "10.0" });
    await forecastOf(event, { checkpoint: "24h", hoursBefore: 3 }, [{ windMs: null, gustMs: 9, waterC: 15 }]);
    await decideWeather(services, { actor, eventId: event.id, decision: "go", input: {}, now });
    const [decision] = await weatherDecisionsOf(db(), event.id);
    expect(decision!.forecast).toMatchObject({
      checkpoint: "24h",
      windMs: null,
      gustMs: 9,
      waterC: 15,
      marks: { wind: "unknown", gust: "unknown", water: "unknown" },
      verdict: "unknown",
      winter: false,
    });
  });
});

describe("the backup date in the database", () => {
  it("takes both ends or neither, after the start, as long as the event", async () => {
    const { event } = await weatherEvent();
    const set = (values: Partial<typeof events.$inferInsert>) =>
      db().update(events).set(values).where(eq(events.id, event.id));
    const later = (ms: number) => new Date(event.startsAt.getTime() + ms);
    await expect(set({ backupEndsAt: null })).rejects.toThrow();
    await expect(
      set({ backupStartsAt: later(-DAY), backupEndsAt: later(-DAY + 8 * HOUR) }),
    ).rejects.toThrow();
    await expect(set({ backupStartsAt: later(DAY), backupEndsAt: later(DAY + 7 * HOUR) })).rejects.toThrow();
    await set({ backupStartsAt: null, backupEndsAt: null });
    await set({ backupStartsAt: later(2 * DAY), backupEndsAt: later(2 * DAY + 8 * HOUR) });
    expect((await eventRow(event.id)).backupStartsAt).toEqual(later(2 * DAY));
  });
});
