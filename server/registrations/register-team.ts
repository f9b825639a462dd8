import { and, eq, sql } from "drizzle-orm";
import { formatCount } from "~/lib/forms/fields";
import { registrationSchema } from "~/lib/forms/registration-schema";
import { isUuid } from "~/lib/ids";
import { getLocale } from "~/paraglide/runtime";
import { fullyBooked } from "~/lib/words/waitlist";
import type { Actor } from "#server/auth/actor";
import { canBookTeam } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { preparedStatement } from "#server/db/prepared-statement";
import type { EventRow, TeamRegistration, Transaction } from "#server/db/rows";
import { events, partnerBillingProfiles, partners, teamRegistrations, users } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { AppError, forbidden, invalidInput } from "#server/errors";
import { partnerMemberRecipientsOf } from "#server/email/recipients";
import { enforceRateLimits } from "#server/security/rate-limits";
import { randomUUID } from "node:crypto";
import { documentMailJobs } from "#server/invoices/emails";
import { issueBookingInvoice } from "#server/invoices/issue-booking-invoice";
import { sellerTermsOf } from "#server/invoices/sellers";
import { confirmationMail, enqueueEmails, partnerNoticeMails } from "./emails";
import { paymentMethodsFor } from "~/lib/billing/ways-to-pay";
import { claimDiscountCode } from "#server/discounts/claim-discount-code";
import { HOLD_MINUTES } from "#server/online-payments/payment-services";
import { accountLimitReached, eventNotFound } from "./errors";
import { placesTakenCount, lockEvent, registrationClosed } from "./rules";
import { m } from "~/paraglide/messages";

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
 * waitlisted teams there than the event's `maxTeamsPerAccount`. Both checks and the
 * insert share one transaction that holds the event row's lock, so concurrent bookings
 * can neither overbook the event nor take one account past its cap.
 * Everything that needs no lock (reading the event, the rules, validating the form)
 * happens before it, so the lock is held for a few short statements and the commit.
 * The confirmation and the partner's notices are queued in the same transaction.
 */
export async function registerTeam(
  services: RegistrationServices,
  {
    actor,
    eventId,
    input,
    idempotencyKey,
    joinWaitlist = false,
    paymentMethod: requestedMethod,
    now = new Date(),
  }: RegisterTeamRequest,
): Promise<RegisterTeamResult> {
  if (!canBookTeam(actor)) throw forbidden(m.err_sign_in_to_register());
  // Typed as a string, but it comes from a form field, which may be missing.
  if (typeof idempotencyKey !== "string" || !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    const message = m.err_form_expired();
    throw new AppError("invalid", message, { fields: { form: message } });
  }
  if (!isUuid(eventId)) throw eventNotFound();

  const [found] = await readBooking(services.db).execute({
    eventId,
    userId: actor.userId,
    idempotencyKey,
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
  // Counted once the form could book, so fixing typing mistakes costs nothing, and a
  // repeated submit (answered above) is not a new attempt. It bounds churn that the cap
  // alone does not: booking and cancelling in a loop mails the partner every time.
  await enforceRateLimits(services.db, [["registrationAttemptsPerAccount", actor.userId]]);

  const { registration, created } = await services.db.transaction(
    async (tx): Promise<{ registration: TeamRegistration; created: boolean }> => {
      const event = await lockEvent(tx, eventId);
      // The event may have changed while this request read it or queued for the lock.
      assertOpen(event, now);
      if (form.roster.length > event.teamSize) {
        const message = m.valid_team_too_large({ max: formatCount(event.teamSize) });
        throw new AppError("invalid", message, { fields: { roster: message } });
      }

      const { confirmed, held, earlierId } = await bookingState(tx, eventId, actor.userId, idempotencyKey);
      // The same form, submitted twice at once: the first submit committed while this one waited.
      if (earlierId) {
        return {
          registration: sameEvent(await findByKey(tx, actor.userId, idempotencyKey), eventId),
          created: false,
        };
      }

      // Before the capacity check: joining the waitlist would not help either.
      if (held >= event.maxTeamsPerAccount) {
        throw accountLimitReached(held, event.maxTeamsPerAccount, {
          name: found.organizerName,
          email: found.organizerEmail,
        });
      }

      const hasSpot = confirmed < event.maxTeams;
      if (!hasSpot && !joinWaitlist) {
        throw new AppError("conflict", fullyBooked(), { reason: "full" });
      }
      // Counted under the event's lock with the booking that uses it, so no race passes its limit.
      const discount = discountCode
        ? await claimDiscountCode(tx, { code: discountCode, event, teamsHeld: held + 1, now })
        : null;
      // A place paid online is held while the booker pays, and confirmed by the provider's webhook.
      const status = !hasSpot ? "waitlisted" : paymentMethod === "online" ? "held" : "confirmed";

      const [inserted] = await tx
        .insert(teamRegistrations)
        .values({
          ...form,
          eventId,
          userId: actor.userId,
          status,
          heldUntil: status === "held" ? new Date(now.getTime() + HOLD_MINUTES * 60_000) : null,
          paymentMethod,
          // The policy in force now is the booking's; a later change never applies to it.
          refundPolicy: event.refundPolicy,
          discountCodeId: discount?.codeId ?? null,
          discountMinor: discount?.discountMinor ?? 0,
          idempotencyKey,
          // The request's language: the booking's mails and calendar files are in it (ADR 033).
          language: getLocale(),
          // The clock at insert, under the lock, orders the waitlist in the order spots were
          // given out; now() would be the transaction's start, before it queued for the lock.
          createdAt: sql`clock_timestamp()`,
          updatedAt: sql`clock_timestamp()`,
        })
        .onConflictDoNothing({ target: [teamRegistrations.userId, teamRegistrations.idempotencyKey] })
        .returning();
      if (!inserted) {
        // The same key booked concurrently for another event, under that event's lock.
        return {
          registration: sameEvent(await findByKey(tx, actor.userId, idempotencyKey), eventId),
          created: false,
        };
      }

      // Nothing is mailed or invoiced for held places until the payment confirms them.
      if (inserted.status === "held") return { registration: inserted, created: true };
      const booking = {
        registration: inserted,
        event,
        organizerName: found.organizerName,
        vatStatus: found.billing?.vatStatus ?? null,
        bookerEmail,
      };
      const notice = inserted.status === "confirmed" ? "booked" : "waitlisted";
      // A confirmed place of a priced event whose partner's billing is confirmed (read before
      // the lock) is invoiced, as the last statement: the seller's series stays locked from
      // its number to the commit, across all its events, so the mails naming the invoice are
      // queued before it, under an id chosen here (ADR 035).
      const seller =
        inserted.status === "confirmed" && event.priceMinor > 0 && found.billing?.vatConfirmedAt
          ? sellerTermsOf(found.billing)
          : null;
      const invoiceId = seller ? randomUUID() : null;
      await enqueueEmails(
        services.jobs,
        tx,
        [
          {
            ...confirmationMail(booking, services, invoiceId !== null),
            ...(invoiceId ? { documents: [{ invoiceId, xml: inserted.ean !== null }] } : {}),
          },
          ...partnerNoticeMails(notice, booking, found.memberEmails, services),
        ],
        // The confirmation carries the invoice to the booker; the finance address gets its own.
        invoiceId
          ? documentMailJobs({ id: invoiceId }, [inserted.billingEmail], { alreadyMailed: [bookerEmail] })
          : [],
      );
      if (seller && invoiceId) {
        await issueBookingInvoice(tx, services.jobs, {
          id: invoiceId,
          registration: inserted,
          event,
          now,
          seller,
        });
      }
      return { registration: inserted, created: true };
    },
  );
  return { registration, created };
}

/**
 * What a booking reads before it takes the lock, in one statement built once per
 * database: the event, its organiser and the members to notify, the booker's address,
 * and any registration already made with this form's key.
 */
const readBooking = preparedStatement((db) =>
  db
    .select({
      event: events,
      organizerName: partners.name,
      organizerEmail: partners.email,
      organizerStatus: partners.status,
      bookerEmail: users.email,
      earlier: teamRegistrations,
      // Read here, before the lock, which is then held only for the booking and its queued mail.
      memberEmails: partnerMemberRecipientsOf(events.partnerId),
      // The seller of the place's invoice once its moms status is confirmed; before that,
      // the status the mails' price is shown with.
      billing: partnerBillingProfiles,
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
    .where(eq(events.id, sql.placeholder("eventId")))
    .prepare("register_team_read_booking"),
);

/** Unknown and unpublished events are "not found"; a cancelled, past or closed one says why. */
function assertOpen(event: EventRow | undefined, now: Date): asserts event is EventRow {
  if (!event || (event.status !== "published" && event.status !== "cancelled")) throw eventNotFound();
  const closed = registrationClosed(event, now);
  if (closed) throw closed;
}

/**
 * Confirmed teams, the teams this account holds (confirmed or waitlisted; cancelled ones
 * free their place) and any registration already made with this key, in one statement
 * after the lock (see `countPlacesTaken` for why it cannot be part of the locking one).
 * Named, so each PostgreSQL connection parses and plans it once.
 */
async function bookingState(tx: Transaction, eventId: string, userId: string, idempotencyKey: string) {
  const [row] = await tx
    .select({
      confirmed: placesTakenCount,
      held: sql<number>`(select count(*) from team_registrations r
        where r.event_id = ${eventId} and r.user_id = ${userId}
          and r.status in ('confirmed', 'waitlisted', 'held'))`.mapWith(Number),
      earlierId: sql<string | null>`(select r.id from team_registrations r
        where r.user_id = ${userId} and r.idempotency_key = ${idempotencyKey})`,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .prepare("register_team_booking_state")
    .execute();
  return { confirmed: row?.confirmed ?? 0, held: row?.held ?? 0, earlierId: row?.earlierId ?? null };
}

async function findByKey(tx: Transaction, userId: string, idempotencyKey: string): Promise<TeamRegistration> {
  const [row] = await tx
    .select()
    .from(teamRegistrations)
    .where(and(eq(teamRegistrations.userId, userId), eq(teamRegistrations.idempotencyKey, idempotencyKey)));
  if (!row) throw new Error("A registration's idempotency key matched a row that cannot be read.");
  return row;
}

/** An earlier registration with this key, provided it was for the same event. */
function sameEvent(earlier: TeamRegistration, eventId: string): TeamRegistration {
  if (earlier.eventId !== eventId) {
    throw new AppError("conflict", m.err_form_used_elsewhere());
  }
  return earlier;
}
