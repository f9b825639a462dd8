import { randomUUID } from "node:crypto";
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { formatCount } from "~/lib/forms/fields";
import { registrationSchema } from "~/lib/forms/registration-schema";
import { isUuid } from "~/lib/ids";
import { getLocale } from "~/paraglide/runtime";
import { fullyBooked } from "~/lib/words/waitlist";
import { paymentMethodsFor } from "~/lib/billing/ways-to-pay";
import { m } from "~/paraglide/messages";
import type { Actor } from "#server/auth/actor";
import { canBookTeam } from "#server/auth/policies";
import { newBookingReference } from "#server/db/booking-reference";
import { violatedUniqueIndex } from "#server/db/unique-violation";
import type { Database } from "#server/db/client";
import { preparedStatement } from "#server/db/prepared-statement";
import type { EventRow, TeamRegistration } from "#server/db/rows";
import {
  discountCodes,
  events,
  partnerBillingProfiles,
  partners,
  teamRegistrations,
  users,
} from "#server/db/schema";
import { checkDiscountCode, claimRefused, typedCode } from "#server/discounts/check-discount-code";
import type { MailQueue } from "#server/email/enqueue-email";
import { AppError, forbidden, invalidInput } from "#server/errors";
import { HOLD_MINUTES } from "#server/online-payments/payment-services";
import { RATE_LIMITS } from "#server/security/rate-limits";
import { accountLimitReached, eventNotFound } from "./errors";
import { registrationClosed } from "./rules";

export type RegistrationServices = { db: Database; jobs: MailQueue; baseUrl: string };

export type RegisterTeamRequest = {
  actor: Actor;
  eventId: string;
  /** The form's fields (flat, as `formValues` gives them) or the same data structured. */
  input: unknown;
  /** Generated once per rendered form, so submitting it twice books one team. */
  idempotencyKey: string;
  /** Whether the person agreed to the waitlist should the event be full. */
  joinWaitlist?: boolean;
  /** How the booker chose to pay; the event's only way when it offers one. */
  paymentMethod?: unknown;
  /** The time the deadline and the event's dates are judged against. */
  now?: Date;
  /** Draws a new booking's reference; a test passes its own to make two draws clash. */
  drawReference?: () => string;
};

export type RegisterTeamResult = {
  registration: TeamRegistration;
  /** False when this key had already booked: the earlier registration is returned. */
  created: boolean;
};

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * Books one team for an event: confirmed while spots remain, otherwise on the waitlist
 * (when the person accepted it), and only while the account holds fewer confirmed and
 * waitlisted teams there than the event's `maxTeamsPerAccount`. Two round trips: one
 * statement reads the event and whatever else the rules need, then, with the form valid,
 * one call of `rcl_book_team` (migration 0023) does under the event row's lock what must
 * not race: the counts, the code's use, the insert and the queued `finish-booking` job,
 * which issues the invoice and queues the mails (`finish-booking.ts`). So concurrent
 * bookings can neither overbook the event nor take one account past its cap, and the lock
 * is held for one call, never across a round trip to this process.
 */
export async function registerTeam(
  services: RegistrationServices,
  request: RegisterTeamRequest,
  attempt = 1,
): Promise<RegisterTeamResult> {
  const {
    actor,
    eventId,
    input,
    idempotencyKey,
    joinWaitlist = false,
    paymentMethod: requestedMethod,
    now = new Date(),
    drawReference = newBookingReference,
  } = request;
  if (!canBookTeam(actor)) throw forbidden(m.err_sign_in_to_register());
  // Typed as a string, but it comes from a form field, which may be missing.
  if (typeof idempotencyKey !== "string" || !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    const message = m.err_form_expired();
    throw new AppError("invalid", message, { fields: { form: message } });
  }
  if (!isUuid(eventId)) throw eventNotFound();

  const { discountCode: typed } = (input ?? {}) as { discountCode?: unknown };
  const [found] = await readBooking(services.db).execute({
    eventId,
    userId: actor.userId,
    idempotencyKey,
    discountCode: typeof typed === "string" ? typedCode(typed) : "",
  });
  // A repeated submit answers with what the first one booked, whatever has changed since.
  if (found?.earlier) return { registration: sameEvent(found.earlier, eventId), created: false };
  // A suspended partner's events are hidden, so they take no bookings either.
  if (found?.organizerStatus !== "approved") throw eventNotFound();
  assertOpen(found.event, now);
  const bookerEmail = found.bookerEmail;
  if (!bookerEmail) throw new Error(`User ${actor.userId} does not exist.`);
  const parsed = registrationSchema(found.event.teamSize).safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  const { discountCode, ...form } = parsed.data;
  if (form.roster.length > found.event.teamSize) {
    const message = m.valid_team_too_large({ max: formatCount(found.event.teamSize) });
    throw new AppError("invalid", message, { fields: { roster: message } });
  }
  const methods = paymentMethodsFor(found.event.paymentMethods, {
    priceMinor: found.event.priceMinor,
    billingConfirmed: Boolean(found.billing?.vatConfirmedAt),
  });
  // Nothing chosen is the form's own default, the first way; a way not offered is refused.
  const paymentMethod =
    methods.length === 1 || requestedMethod === undefined || requestedMethod === null
      ? methods[0]
      : methods.find((method) => method === requestedMethod);
  if (!paymentMethod) {
    const message = m.valid_payment_method_choose();
    throw new AppError("invalid", message, { fields: { paymentMethod: message } });
  }
  const discount = discountCode
    ? checkDiscountCode(found.discount, { code: discountCode, event: found.event, now })
    : null;
  const { key: rateKey, limit: rateLimit, windowMs } = RATE_LIMITS.registrationAttemptsPerAccount;
  const registration: Omit<
    TeamRegistration,
    "status" | "heldUntil" | "discountCodeId" | "createdAt" | "updatedAt"
  > = {
    id: randomUUID(),
    reference: drawReference(),
    eventId,
    userId: actor.userId,
    ...REGISTRATION_DEFAULTS,
    ...form,
    // A new booking has no seats yet: its entries get their ids from the database.
    roster: form.roster.map(({ name, email }) => (email ? { name, email } : { name })),
    paymentMethod,
    // The policy in force now is the booking's; a later change never applies to it.
    refundPolicy: found.event.refundPolicy,
    discountMinor: discount?.discountMinor ?? 0,
    idempotencyKey,
    // The request's language: the booking's mails and calendar files are in it (ADR 033).
    language: getLocale(),
  };

  // Everything under the event's lock, in one round trip (migration 0023): the attempt
  // counted against the account's rate limit, the event's places and the account's teams
  // counted, the code's use claimed, the row inserted and its `finish-booking` job queued.
  const result = await services.db
    .execute(
      sql`
    select booked.outcome, booked.detail, (booked.registration).*
    from rcl_book_team(
      ${eventId}::uuid, ${found.eventVersion}, ${JSON.stringify(rowJson(registration))}::jsonb,
      ${joinWaitlist}, ${paymentMethod === "online" ? new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString() : null}::timestamptz,
      ${discount?.codeId ?? null}::uuid, ${discount?.minTeams ?? null}::integer,
      ${rateKey(actor.userId)}, ${rateLimit}, ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz,
      ${now.toISOString()}::timestamptz
    ) booked`,
    )
    .catch((error: unknown) => {
      // Two bookings drew the same random reference (about one in 10,000 at 100,000
      // bookings): this one was rolled back whole and is made again with another.
      if (violatedUniqueIndex(error) === "team_registrations_reference_key" && attempt < MAX_ATTEMPTS)
        return null;
      throw error;
    });
  if (result === null) return registerTeam(services, request, attempt + 1);
  const [row] = (result as unknown as { rows: BookedRow[] }).rows;
  if (!row) throw new Error("The booking function returned no row.");
  switch (row.outcome) {
    case "booked":
      return { registration: registrationOf(row), created: true };
    case "earlier":
      // The same form submitted twice at once: the first committed while this one waited.
      return { registration: sameEvent(registrationOf(row), eventId), created: false };
    case "changed":
      // The event changed after it was read here: its rules are judged again on the new row.
      if (attempt >= MAX_ATTEMPTS) throw new AppError("conflict", m.err_event_changed_meanwhile());
      return registerTeam(services, request, attempt + 1);
    case "rate_limited": {
      const windowEndsAt = Number(row.detail) + windowMs;
      throw new AppError("rate_limited", RATE_LIMITS.registrationAttemptsPerAccount.message(), {
        retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt - now.getTime()) / 1000)),
      });
    }
    case "account_limit":
      throw accountLimitReached(Number(row.detail), found.event.maxTeamsPerAccount, {
        name: found.organizerName,
        email: found.organizerEmail,
      });
    case "full":
      throw new AppError("conflict", fullyBooked(), { reason: "full" });
    case "discount_min_teams":
    case "discount_used_up":
      throw claimRefused(row.outcome, Number(row.detail));
  }
}

/** Retries after the event changed between the read and the lock; a third change in a row is a conflict. */
const MAX_ATTEMPTS = 3;

type BookedRow = Record<string, unknown> & {
  outcome:
    | "booked"
    | "earlier"
    | "changed"
    | "rate_limited"
    | "account_limit"
    | "full"
    | "discount_min_teams"
    | "discount_used_up";
  detail: string | number | null;
};

const registrationColumns = Object.entries(getTableColumns(teamRegistrations));

/** Columns a form leaves out, as the table's defaults give them. */
const REGISTRATION_DEFAULTS = {
  billingCompany: null,
  cvr: null,
  ean: null,
  poReference: null,
  billingEmail: null,
  billingAddressLine: "",
  billingPostalCode: "",
  billingCity: "",
  personReference: null,
  captainName: null,
  captainEmail: null,
  captainPhone: null,
  captainTokenVersion: 1,
  captainInvitedAt: null,
  roster: [],
  notes: null,
  cancelledAt: null,
  bookingFinishedAt: null,
  rosterReminderSentAt: null,
  arrivalInfoSentAt: null,
  movedByWeatherAt: null,
} satisfies Partial<TeamRegistration>;

/** The row as `jsonb_populate_record` reads it: column names, values as the driver would send them. */
function rowJson(values: Partial<TeamRegistration>): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const [key, column] of registrationColumns) {
    const value = values[key as keyof TeamRegistration];
    if (value === undefined) continue;
    json[column.name] = value instanceof Date ? value.toISOString() : value;
  }
  return json;
}

/** The registration the function returned, its columns under their names in the schema. */
function registrationOf(row: Record<string, unknown>): TeamRegistration {
  const registration: Record<string, unknown> = {};
  for (const [key, column] of registrationColumns) {
    const value = row[column.name];
    registration[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return registration as TeamRegistration;
}

/**
 * What a booking reads before it takes the lock, in one statement built once per
 * database: the event and the version of its row, its organiser, the booker's address,
 * any registration already made with this form's key, and the partner's discount code
 * with the text typed.
 */
const readBooking = preparedStatement((db) =>
  db
    .select({
      event: events,
      // Any change to the row makes a new version; the booking refuses to go on under the
      // lock if it is no longer the one judged here (migration 0023).
      eventVersion: sql<string>`${events}.xmin::text`,
      organizerName: partners.name,
      organizerEmail: partners.email,
      organizerStatus: partners.status,
      bookerEmail: users.email,
      earlier: teamRegistrations,
      // Online payment is offered once the partner's moms status is confirmed.
      billing: partnerBillingProfiles,
      discount: discountCodes,
    })
    .from(events)
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .leftJoin(partnerBillingProfiles, eq(partnerBillingProfiles.partnerId, events.partnerId))
    .leftJoin(users, eq(users.id, sql.placeholder("userId")))
    .leftJoin(
      teamRegistrations,
      and(
        eq(teamRegistrations.userId, sql.placeholder("userId")),
        eq(teamRegistrations.idempotencyKey, sql.placeholder("idempotencyKey")),
      ),
    )
    .leftJoin(
      discountCodes,
      and(
        eq(discountCodes.partnerId, events.partnerId),
        eq(discountCodes.code, sql.placeholder("discountCode")),
      ),
    )
    .where(eq(events.id, sql.placeholder("eventId")))
    .prepare("register_team_read_booking"),
);

/** Unknown and unpublished events are "not found"; a cancelled, past or closed one says why. */
function assertOpen(event: EventRow | undefined, now: Date): asserts event is EventRow {
  if (!event || (event.status !== "published" && event.status !== "cancelled")) throw eventNotFound();
  const closed = registrationClosed(event, now);
  if (closed) throw closed;
}

/** An earlier registration with this key, provided it was for the same event. */
function sameEvent(earlier: TeamRegistration, eventId: string): TeamRegistration {
  if (earlier.eventId !== eventId) {
    throw new AppError("conflict", m.err_form_used_elsewhere());
  }
  return earlier;
}
