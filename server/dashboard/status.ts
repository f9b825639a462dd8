import type { eventStatus, registrationStatus } from "#server/db/schema";

type EventStatus = (typeof eventStatus.enumValues)[number];
type RegistrationStatus = (typeof registrationStatus.enumValues)[number];

/**
 * What a dashboard row's Status column shows. Tables list only events that have not
 * ended, so a published event there is simply "active".
 */
export type DashboardStatus =
  | "active"
  | "draft"
  | "pending_review"
  | "changes_requested"
  | "cancelled"
  | "confirmed"
  | "waitlisted"
  | "held"
  | "event_cancelled";

export function eventRowStatus(status: EventStatus): DashboardStatus {
  return status === "published" ? "active" : status;
}

/** A booking on an event that was called off says so, whatever the booking's own state. */
export function bookingRowStatus(registration: RegistrationStatus, event: EventStatus): DashboardStatus {
  return event === "cancelled" ? "event_cancelled" : registration;
}
