import type { Database } from "#server/db/client";
import { AppError } from "#server/errors";
import { consumeRateLimit, releaseRateLimit } from "./rate-limit";
import { m } from "~/paraglide/messages";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

type RateLimitRule = {
  limit: number;
  windowMs: number;
  /** The counter's key for one subject (an address, an email, an account id). */
  key: (subject: string) => string;
  /** Shown to the person when the limit is reached, in the language of their request. */
  message: () => string;
};

const rule = (prefix: string, limit: number, windowMs: number, message: () => string): RateLimitRule => ({
  limit,
  windowMs,
  key: (subject) => `${prefix}:${subject}`,
  message,
});

const TOO_MANY_SIGN_INS = m.err_rate_sign_in;
const TOO_MANY_SIGN_UPS = m.err_rate_sign_up;
const TOO_MANY_MESSAGES = m.err_rate_messages;
/** The reports' endpoints answer browsers' machinery, not people: their refusal stays English. */
const TOO_MANY_REPORTS = () => "Too many reports.";

/**
 * Every limit of the site, one place. Keys keep their historic prefixes, so counters
 * already stored keep counting. Each rule mails someone or guards a password, which is
 * why the windows are long.
 */
export const RATE_LIMITS = {
  /**
   * Failed sign-ins only (see `reserveRateLimits`). Guessing one account's password is
   * what matters, so that limit is tight; the one per address is far higher because a
   * whole office, a school or a mobile carrier can share one address.
   */
  signInFailuresPerAccount: rule("sign-in:email", 10, 15 * MINUTE, TOO_MANY_SIGN_INS),
  signInFailuresPerAddress: rule("sign-in:ip", 100, 15 * MINUTE, TOO_MANY_SIGN_INS),
  verificationResendPerAddress: rule("verify-resend", 10, 15 * MINUTE, TOO_MANY_SIGN_INS),
  signUpPerAddress: rule("sign-up:ip", 10, HOUR, TOO_MANY_SIGN_UPS),
  signUpPerEmail: rule("sign-up:email", 3, HOUR, TOO_MANY_SIGN_UPS),
  passwordResetPerAddress: rule("password-reset", 5, HOUR, m.err_rate_password_reset),
  /** A stolen session must not become a way to guess the current password. */
  passwordChangePerAccount: rule("change-password", 10, 15 * MINUTE, m.err_rate_password_change),
  contactPerAddress: rule("contact", 5, HOUR, TOO_MANY_MESSAGES),
  partnerInquiryPerAddress: rule("partner-inquiry", 5, HOUR, TOO_MANY_MESSAGES),
  partnerApplicationPerAddress: rule("application", 5, HOUR, m.err_rate_applications),
  /**
   * Reset mails to one address, whoever asks and from wherever: requests spread over
   * many client addresses must not flood one inbox. Over the limit no mail is sent, and
   * the page answers exactly as always, so the limit reveals nothing about the account.
   */
  passwordResetPerTarget: rule("password-reset:target", 3, HOUR, m.err_rate_password_reset),
  /** Each request may mail a new invitation link. */
  invitationRequestPerAddress: rule("invitation-request", 5, HOUR, m.err_rate_invitation),
  /**
   * Registrations whose form was valid, per account and across events. Each one takes
   * an event's lock and mails the booker and the partner. It is above the highest
   * teams-per-account cap an event may set (50), so even a booker filling that in one
   * sitting, with a few refusals, is not held up; churning bookings is.
   */
  registrationAttemptsPerAccount: rule("registration:account", 60, HOUR, m.err_rate_registrations),
  /**
   * Content-Security-Policy violation reports, each of which writes a log line. A page
   * that trips the policy reports once per load, so a visitor browsing stays far below
   * this; a client posting reports in a loop does not fill the log.
   */
  cspReportsPerAddress: rule("csp-report", 30, MINUTE, TOO_MANY_REPORTS),
  /**
   * Errors reported by visitors' browsers, each a log line and a report to the error
   * tracker. A page load sends at most five (app/lib/client-errors.ts), so a visitor
   * whose every page breaks stays below this; a client posting in a loop does not fill
   * the log or the tracker's quota.
   */
  clientErrorsPerAddress: rule("client-error", 30, MINUTE, TOO_MANY_REPORTS),
  /** Keyed by the partner, not the person: every message mails all of an event's teams. */
  participantMessagesPerPartner: rule(
    "participant-message:partner",
    10,
    HOUR,
    m.err_rate_participant_messages,
  ),
  /**
   * Rowers' links sent again by their captain or booker (ADR 038): to people who never
   * signed up, so once per seat in 10 minutes, and a few per booking an hour.
   */
  seatLinkResendPerSeat: rule("seat-link-resend:seat", 1, 10 * MINUTE, m.err_seat_link_resend_too_soon),
  seatLinkResendPerBooking: rule("seat-link-resend:booking", 10, HOUR, m.err_seat_link_resend_too_many),
  /**
   * Rower and crew links that open nothing, per client address (ADR 038). Links that open
   * a seat are given back, so rowers sharing an office's address are not held up; guessing
   * is. Over it every link from that address is refused alike, so no answer tells a seat
   * that exists from one that does not.
   */
  rowerLinkPerAddress: rule("rower-link:ip", 30, 15 * MINUTE, m.err_rate_rower_links),
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** The counter better-auth's own endpoints use; it brings its limit and window per endpoint. */
export const authEndpointKey = (key: string) => `auth:${key}`;

/** Counts one attempt; `allowed` is false once the rule's limit is passed. */
export function consumeNamedLimit(db: Database, name: RateLimitName, subject: string, now?: Date) {
  const { key, ...limit } = RATE_LIMITS[name];
  return consumeRateLimit(db, key(subject), limit, now);
}

type RateLimitChecks = readonly (readonly [RateLimitName, string])[];

/**
 * Counts one attempt for every subject given, and returns `rate_limited` with the
 * longest wait of the rules that refused, or null when none did.
 */
async function countAttempt(db: Database, checks: RateLimitChecks, now?: Date): Promise<AppError | null> {
  const results = await Promise.all(
    checks.map(([name, subject]) => consumeNamedLimit(db, name, subject, now)),
  );
  const refused = results.flatMap((result, index) =>
    result.allowed ? [] : [{ result, name: checks[index]![0] }],
  );
  if (refused.length === 0) return null;
  return new AppError("rate_limited", RATE_LIMITS[refused[0]!.name].message(), {
    retryAfterSeconds: Math.max(...refused.map(({ result }) => result.retryAfterSeconds)),
  });
}

/**
 * Counts one attempt for every subject given, then throws `rate_limited` (with the
 * longest wait) if any of them is over its limit. All are counted, so an attacker
 * cannot spread attempts over the rules.
 */
export async function enforceRateLimits(db: Database, checks: RateLimitChecks, now?: Date): Promise<void> {
  const refusal = await countAttempt(db, checks, now);
  if (refusal) throw refusal;
}

/** An attempt counted by `reserveRateLimits`; `release` takes it back when it did not fail. */
export type RateLimitReservation = { release(): Promise<void> };

/**
 * For rules that count only failures, such as sign-in: counts one attempt for every
 * subject before the outcome is known, so a burst of parallel guesses cannot all slip
 * under the limit, and throws `rate_limited` like `enforceRateLimits` when any is over.
 * A refused attempt is given back at once (it checked nothing), and the caller gives
 * back one that succeeded, so only failures stay counted.
 */
export async function reserveRateLimits(
  db: Database,
  checks: RateLimitChecks,
  now?: Date,
): Promise<RateLimitReservation> {
  const refusal = await countAttempt(db, checks, now);
  let released = false;
  const reservation: RateLimitReservation = {
    async release() {
      // Giving back twice would erase someone else's failure.
      if (released) return;
      released = true;
      await Promise.all(
        checks.map(([name, subject]) => releaseRateLimit(db, RATE_LIMITS[name].key(subject))),
      );
    },
  };
  if (refusal) {
    await reservation.release();
    throw refusal;
  }
  return reservation;
}
