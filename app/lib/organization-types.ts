import { m } from "~/paraglide/messages";

/**
 * The kinds of organisation that can apply to become a partner. Each name is read when
 * it is used, so it comes in the page's (or the mail's) language (ADR 032).
 */
export const ORGANIZATION_TYPES = {
  get rowing_club() {
    return m.partners_org_type_rowing_club();
  },
  get event_organiser() {
    return m.partners_org_type_event_organiser();
  },
  get venue() {
    return m.partners_org_type_venue();
  },
  get coaching_service() {
    return m.partners_org_type_coaching_service();
  },
};

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
    [m.apply_fact_type(), ORGANIZATION_TYPES[application.organizationType]],
    [m.apply_fact_location(), application.location],
    [m.apply_fact_website(), application.website ?? m.apply_fact_none()],
    [m.apply_fact_contact(), application.contactName],
    [m.apply_fact_email(), application.email],
    [m.apply_fact_phone(), application.phone ?? m.apply_fact_none()],
  ];
}
