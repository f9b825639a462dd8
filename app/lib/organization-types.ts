/** The kinds of organisation that can apply to become a partner. */
export const ORGANIZATION_TYPES = {
  rowing_club: "Rowing club",
  event_organiser: "Event organiser",
  venue: "Venue",
  coaching_service: "Coaching service",
} as const;

export type OrganizationType = keyof typeof ORGANIZATION_TYPES;

type ApplicationAnswers = {
  organizationType: OrganizationType;
  location: string;
  website: string | null;
  contactName: string;
  email: string;
  phone: string | null;
};

/** An application's answers as label and value, the same in the admin's review and the inbox's mail. */
export function applicationFacts(application: ApplicationAnswers): [label: string, value: string][] {
  return [
    ["Type", ORGANIZATION_TYPES[application.organizationType]],
    ["Location", application.location],
    ["Website", application.website ?? "(none)"],
    ["Contact", application.contactName],
    ["Email", application.email],
    ["Phone", application.phone ?? "(none)"],
  ];
}
