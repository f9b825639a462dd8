import type { DatabaseHandle } from "#server/db/client";
import type { Mail } from "#server/email/mailer";
import { createJobQueue, type JobHandlers } from "#server/jobs/job-queue";
import { deliverDocument } from "#server/invoices/deliver-document";
import { finishBooking } from "#server/registrations/finish-booking";
import { deliverStatement } from "#server/settlements/deliver-statement";
import { expireTestCheckout } from "#server/online-payments/providers/test-provider";
import type { TestWebhookEvent } from "#server/online-payments/providers/test-webhooks";

/**
 * The real job queue on a test database, whose mail worker records each mail instead of
 * sending it, and records the test payment provider's webhooks (`webhooks`) instead of
 * posting them. `deliver()` runs the due jobs, as a worker would, and returns the mails.
 * A test may give some queues handlers of its own (`overrides`).
 */
export function recordingJobs(database: DatabaseHandle, overrides: Partial<JobHandlers> = {}) {
  const jobs = createJobQueue(database);
  const sent: Mail[] = [];
  const webhooks: TestWebhookEvent[] = [];
  const handlers: JobHandlers = {
    "send-email": async (mail) => {
      sent.push(mail);
    },
    // What follows a booking, as the worker does it: its invoice and its mails.
    "finish-booking": (booked) =>
      finishBooking({ db: database.db, jobs, baseUrl: "https://rcl.test" }, booked),
    // Run by the seat-link tests themselves (seat-links.test.ts), with the site's signing key.
    "send-seat-links": async () => {},
    "send-reminders": async () => {},
    "prune-expired-rows": async () => {},
    "delete-stored-files": async () => {},
    // Messages to participants have their own delivery tests (participant-messages.test.ts).
    "send-participant-message": async () => {},
    // An issued document's mail, built and given its files as the worker does.
    "send-document": (delivery) =>
      deliverDocument(
        {
          db: database.db,
          mailer: { send: async (mail) => void sent.push(mail) },
          baseUrl: "https://rcl.test",
        },
        delivery,
      ),
    // E-invoices have their own delivery tests (invoices.test.ts).
    "transmit-einvoice": async () => {},
    // Statements are made by the tests themselves (settlements.test.ts), for a month they choose.
    "make-statements": async () => {},
    "send-statement": (delivery) =>
      deliverStatement(
        {
          db: database.db,
          mailer: { send: async (mail) => void sent.push(mail) },
          baseUrl: "https://rcl.test",
        },
        delivery,
      ),
    // Run by the retention test itself (rower-seats.test.ts).
    "prune-event-day-data": async () => {},
    // Run by the forecast tests themselves, with DMI's recorded answers (weather-board.test.ts).
    "fetch-forecasts": async () => {},
    // Run by the reminder tests themselves (invoice-reminders.test.ts).
    "send-invoice-reminders": async () => {},
    // Online payments' tests give these their own handlers (online-payments.test.ts).
    "send-refund": async () => {},
    "release-holds": async () => {},
    // The test payment provider's webhooks are recorded, to be posted by the test that reads them.
    "deliver-test-webhook": async ({ event }) => {
      webhooks.push(event);
    },
    "expire-test-checkout": ({ checkoutId }) => expireTestCheckout({ db: database.db, jobs }, checkoutId),
    ...overrides,
  };
  return {
    jobs,
    sent,
    webhooks,
    async deliver(): Promise<Mail[]> {
      await jobs.drain(handlers);
      return sent;
    },
    /**
     * Runs what follows the bookings made so far (`finish-booking`: their invoices, and
     * their mails queued), as a worker does within moments of each booking.
     */
    async finishBookings(): Promise<void> {
      await jobs.drain(handlers, ["finish-booking"]);
    },
  };
}
