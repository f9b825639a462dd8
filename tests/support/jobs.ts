import type { DatabaseHandle } from "#server/db/client";
import type { Mail } from "#server/email/mailer";
import { createJobQueue, type JobHandlers } from "#server/jobs/job-queue";

/**
 * The real job queue on a test database, whose mail worker records each mail instead of
 * sending it. `deliver()` runs the due jobs, as a worker would, and returns the mails.
 */
export function recordingJobs(database: DatabaseHandle) {
  const jobs = createJobQueue(database);
  const sent: Mail[] = [];
  const handlers: JobHandlers = {
    "send-email": async (mail) => {
      sent.push(mail);
    },
    "send-reminders": async () => {},
    "prune-expired-rows": async () => {},
    "delete-stored-files": async () => {},
    // Messages to participants have their own delivery tests (participant-messages.test.ts).
    "send-participant-message": async () => {},
  };
  return {
    jobs,
    sent,
    async deliver(): Promise<Mail[]> {
      await jobs.drain(handlers);
      return sent;
    },
  };
}
