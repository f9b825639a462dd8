import { href } from "react-router";
import type { RecipientChoice } from "~/lib/forms/participant-message-schema";

/** The partner area's list of registrations. */
export const PARTNER_REGISTRATIONS_PATH = href("/dashboard/partner/registrations");

/** The list filtered to one event. */
export const eventRegistrationsPath = (eventId: string) =>
  `${PARTNER_REGISTRATIONS_PATH}?${new URLSearchParams({ event: eventId }).toString()}`;

export const registrationPath = (id: string) => href("/dashboard/partner/registrations/:id", { id });

/** The registration's page opened at one of its questions (a link, so it works without JavaScript). */
export const registrationQuestionPath = (id: string, question: "cancel" | "confirm" | "move") =>
  `${registrationPath(id)}?${question}=1`;

/** The CSV of the list's filters (`query`, as the list's address has it), one row per team or per rower. */
export function registrationsExportPath(query: string, { roster = false }: { roster?: boolean } = {}) {
  const params = new URLSearchParams(query);
  params.delete("page");
  if (roster) params.set("roster", "1");
  else params.delete("roster");
  const search = params.toString();
  const path = href("/dashboard/partner/registrations/export.csv");
  return search ? `${path}?${search}` : path;
}

export const crewListPath = (eventId: string) =>
  href("/dashboard/partner/events/:id/crew-list", { id: eventId });

/**
 * The event's check-in page, which works offline once opened. It has no React in the
 * browser (ADR 038), so it is reached by a plain link, a whole document, never a client-side
 * navigation.
 */
export const checkInPagePath = (eventId: string) => href("/dashboard/partner/check-in/:eventId", { eventId });

/** The event's day page: the rowers' declaration, the seats' states, the way to check-in. */
export const eventDayPath = (eventId: string) => href("/dashboard/partner/events/:id/day", { id: eventId });

/** An event's messages page, with the recipients chosen (the count it shows is for them). */
export function participantMessagesPath(eventId: string, choice?: RecipientChoice) {
  const path = href("/dashboard/partner/events/:id/messages", { id: eventId });
  if (!choice) return path;
  return `${path}?${new URLSearchParams({ audience: choice.audience, teams: choice.teams }).toString()}`;
}
