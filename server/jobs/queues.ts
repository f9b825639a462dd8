import type { Mail } from "#server/email/mailer";
import type { TestWebhookEvent } from "#server/online-payments/providers/test-webhooks";

/** The database schema the job queue keeps its tables in. */
export const JOB_SCHEMA = "pgboss";

/** What each queue's jobs carry. */
export type JobData = {
  /** A mail rendered when the change that causes it commits, so it says what happened then. */
  "send-email": Mail;
  /**
   * A booking just made (`rcl_book_team`, migration 0023, which writes this job's row
   * itself): its invoice and its mails. `placed` is the status it was given; `at` when.
   */
  "finish-booking": { registrationId: string; placed: "confirmed" | "waitlisted"; at: string };
  /**
   * A booking's rower and captain links not yet mailed (ADR 038), queued by whatever
   * confirmed its place or changed its roster, in the same transaction.
   */
  "send-seat-links": { registrationId: string };
  /** Hourly: the roster reminder (7 days before) and "know before you go" (2 days before). */
  "send-reminders": Record<string, never>;
  /** Daily: old rate-limit windows, expired sessions and expired verification tokens. */
  "prune-expired-rows": Record<string, never>;
  /** Daily: rowers' swim answers and emergency contacts, 30 days after their event (ADR 038). */
  "prune-event-day-data": Record<string, never>;
  /** Hourly: DMI's forecast of each event at its 72-, 48- and 24-hour checkpoints (ADR 038). */
  "fetch-forecasts": Record<string, never>;
  /** Files of removed images, deleted from the store once the removal has committed. */
  "delete-stored-files": { keys: string[] };
  /**
   * One address of a partner's message to an event's participants. The mail is rendered
   * when it is sent, from the recipient's row, which records how its delivery went.
   */
  "send-participant-message": { recipientId: string };
  /** An issued invoice or credit note, mailed with its files to one address. */
  "send-document": { invoiceId: string; to: string };
  /** An issued document's e-invoice, to the buyer's EAN through the Peppol access point. */
  "transmit-einvoice": { invoiceId: string };
  /** Monthly, on the 1st: each partner's statement for the month before (server/settlements). */
  "make-statements": Record<string, never>;
  /** A partner's monthly statement, mailed with its PDF, CSV and commission invoice. */
  "send-statement": { statementId: string; to: string };
  /** Daily: one reminder to the buyer of each invoice still unpaid 3 days after its due date. */
  "send-invoice-reminders": Record<string, never>;
  /** A refund of an online payment, asked of the provider with the refund's id as idempotency key. */
  "send-refund": { refundId: string };
  /** Every minute: places held for a payment that did not arrive go back (server/online-payments). */
  "release-holds": Record<string, never>;
  /**
   * An event of the test payment provider, signed when it is sent (as Stripe signs each
   * delivery) and posted to the site's own webhook endpoint (ADR 036).
   */
  "deliver-test-webhook": { event: TestWebhookEvent };
  /** A test provider's checkout reaching its expiry: expired, unless it was finished first. */
  "expire-test-checkout": { checkoutId: string };
};

export type QueueName = keyof JobData;

type QueuePolicy = {
  /** Retries after the first try. */
  retryLimit: number;
  /** Seconds before the first retry; each later retry waits about twice as long. */
  retryDelay: number;
  retryBackoff: boolean;
  /** A job still running after this long is taken as lost (its worker died) and retried. */
  expireInSeconds: number;
  /** Cron expression in Europe/Copenhagen time, for jobs the queue starts itself. */
  cron?: string;
};

export const QUEUES: Record<QueueName, QueuePolicy> = {
  // Five retries, 1–2, 2–4, 4–8, 8–16 and 16–32 minutes apart: about an hour in all.
  "send-email": { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
  // Mail and an invoice, so the same hour of retries.
  "finish-booking": { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
  // Mail, so the same hour of retries; a run after the event's end or a cancellation mails nobody.
  "send-seat-links": { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
  "send-reminders": {
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: true,
    expireInSeconds: 600,
    cron: "5 * * * *",
  },
  "prune-expired-rows": {
    retryLimit: 3,
    retryDelay: 600,
    retryBackoff: true,
    expireInSeconds: 600,
    cron: "30 3 * * *",
  },
  "prune-event-day-data": {
    retryLimit: 3,
    retryDelay: 600,
    retryBackoff: true,
    expireInSeconds: 600,
    cron: "45 3 * * *",
  },
  // A failed try is stored on its row and the next hour's run tries again, so a run is not
  // retried; one run may wait on DMI (each request within DMI_FORECAST_TIMEOUT_MS) per event.
  "fetch-forecasts": {
    retryLimit: 0,
    retryDelay: 60,
    retryBackoff: false,
    expireInSeconds: 1800,
    cron: "15 * * * *",
  },
  // As mail: a store that is briefly unreachable gets about an hour of retries.
  "delete-stored-files": { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
  // Mail, so the same hour of retries; the recipient's row is marked failed after the last.
  "send-participant-message": { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
  // Mail, so the same hour of retries.
  "send-document": { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
  // An access point that is down for a day must not lose an invoice: retries for about 17 hours.
  "transmit-einvoice": { retryLimit: 10, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
  // 05:00 on the 1st, Copenhagen time: the month before has ended everywhere its documents
  // are dated. A failed run is retried through the morning; a retry makes only what is missing.
  "make-statements": {
    retryLimit: 5,
    retryDelay: 600,
    retryBackoff: true,
    expireInSeconds: 1800,
    cron: "0 5 1 * *",
  },
  // Mail, so the same hour of retries.
  "send-statement": { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
  // At 08:00, so reminders arrive as a finance department starts its day.
  "send-invoice-reminders": {
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: true,
    expireInSeconds: 600,
    cron: "0 8 * * *",
  },
  // A provider that is down for a day must not keep a booker's money: retries for about 17 hours.
  "send-refund": { retryLimit: 10, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
  // A hold ends within a minute of its time; a failed run is simply the next minute's.
  "release-holds": {
    retryLimit: 0,
    retryDelay: 60,
    retryBackoff: false,
    expireInSeconds: 300,
    cron: "* * * * *",
  },
  // As Stripe, which retries a webhook for days: the first retries come quickly, since the
  // test provider's endpoint is the site itself and is usually back within seconds; twelve
  // retries 10–20 s, 20–40 s, … apart, half a day to a day in all.
  "deliver-test-webhook": { retryLimit: 12, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 },
  "expire-test-checkout": { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 60 },
};

export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

export const SCHEDULE_TIME_ZONE = "Europe/Copenhagen";
