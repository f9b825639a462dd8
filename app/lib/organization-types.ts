/** The kinds of organisation that can apply to become a partner. */
export const ORGANIZATION_TYPES = {
  rowing_club: "Rowing club",
  event_organiser: "Event organiser",
  venue: "Venue",
  coaching_service: "Coaching service",
} as const;

export type OrganizationType = keyof typeof ORGANIZATION_TYPES;
