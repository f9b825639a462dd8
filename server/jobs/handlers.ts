import type { Database } from "#server/db/client";
import type { MailQueue } from "#server/email/enqueue-email";
import { log } from "#server/log";
import type { Mailer } from "#server/email/mailer";
import { deliverParticipantMessage } from "#server/messages/deliver-participant-message";
import { finishBooking } from "#server/registrations/finish-booking";
import { sendEventReminders } from "#server/registrations/send-event-reminders";
import type { FileStore } from "#server/storage/file-store";
import type { JobHandlers } from "./job-queue";
import { pruneExpiredRows } from "./prune-expired-rows";
import { pruneEventDayData } from "#server/seats/prune-event-day-data";
import { sendSeatLinks } from "#server/seats/send-seat-links";
import { sendSeatReminders } from "#server/seats/send-seat-reminders";
import { attachDocuments } from "#server/invoices/attach-documents";
import type { AccessPoint } from "#server/invoices/access-point";
import { transmitEinvoice } from "#server/invoices/transmit-einvoice";
import { deliverDocument } from "#server/invoices/deliver-document";
import { deliverStatement } from "#server/settlements/deliver-statement";
import { makeMonthlyStatements } from "#server/settlements/make-monthly-statements";
import { sendInvoiceReminders } from "#server/invoices/send-invoice-reminders";
import type { PaymentProvider } from "#server/online-payments/providers/payment-provider";
import { releaseEndedHolds } from "#server/online-payments/release-hold";
import { sendRefund } from "#server/online-payments/send-refund";
import { expireTestCheckout } from "#server/online-payments/providers/test-provider";
import { deliverTestWebhook } from "#server/online-payments/providers/test-webhooks";
import { fetchForecasts, type ForecastSource } from "#server/weather/fetch-forecasts";

/** What each queue's worker does with a job. A handler that throws has its job retried. */
export function createJobHandlers(services: {
  db: Database;
  mailer: Mailer;
  jobs: MailQueue;
  files: FileStore;
  baseUrl: string;
  /** What signs the rowers' and captains' links (ADR 038), sent first and in reminders. */
  seatLinks: { authSecret: string };
  accessPoint: AccessPoint;
  payments: PaymentProvider;
  /** Where and how the test payment provider's webhooks are sent. */
  testWebhooks: Parameters<typeof deliverTestWebhook>[0];
  /** Where forecasts come from (ADR 038); the job does nothing when it is not configured. */
  forecast: ForecastSource;
}): JobHandlers {
  return {
    "send-email": async (mail) => services.mailer.send(await attachDocuments(services.db, mail)),
    "finish-booking": (booked) => finishBooking(services, booked),
    "send-seat-links": async ({ registrationId }) => {
      const links = { jobs: services.jobs, baseUrl: services.baseUrl, ...services.seatLinks };
      await services.db.transaction((tx) => sendSeatLinks(tx, links, registrationId));
    },
    "send-reminders": async () => {
      const sent = await sendEventReminders(services);
      // The rowers' own reminders (ADR 038), at the same hour with their own marks.
      const rowers = await sendSeatReminders(services);
      if (sent.roster + sent.arrival + rowers > 0) {
        log.info(
          `Reminders queued: ${sent.roster} roster, ${sent.arrival} know-before-you-go, ${rowers} rowers.`,
        );
      }
    },
    "prune-expired-rows": async () => {
      await pruneExpiredRows(services);
    },
    "prune-event-day-data": async () => {
      const pruned = await pruneEventDayData(services);
      if (pruned > 0) log.info(`Rowers' answers pruned after their event: ${pruned} seats.`);
    },
    "fetch-forecasts": async () => {
      const { stored, failed } = await fetchForecasts(services);
      if (stored > 0) log.info(`Forecasts stored: ${stored}, of which failed: ${failed}.`);
    },
    "delete-stored-files": ({ keys }) => services.files.delete(keys),
    "send-participant-message": ({ recipientId }) => deliverParticipantMessage(services, { recipientId }),
    "send-document": (delivery) => deliverDocument(services, delivery),
    "transmit-einvoice": ({ invoiceId }) => transmitEinvoice(services, { invoiceId }),
    "make-statements": async () => {
      const made = await makeMonthlyStatements(services);
      log.info(`Statements made: ${made.length}.`);
    },
    "send-statement": (delivery) => deliverStatement(services, delivery),
    "send-invoice-reminders": async () => {
      const reminded = await sendInvoiceReminders(services);
      if (reminded > 0) log.info(`Invoice reminders queued: ${reminded}.`);
    },
    "send-refund": (refund) => sendRefund(services, refund),
    "release-holds": async () => {
      const released = await releaseEndedHolds(services);
      if (released > 0) log.info(`Holds released: ${released}.`);
    },
    "deliver-test-webhook": (delivery) => deliverTestWebhook(services.testWebhooks, delivery),
    "expire-test-checkout": ({ checkoutId }) => expireTestCheckout(services, checkoutId),
  };
}
