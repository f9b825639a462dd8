/**
 * Link targets built from stored contact details (partners, site settings). The columns hold what
 * people typed (a bare host, a phone number with spaces), so pages never use them as
 * hrefs directly.
 */

/** The website column holds a host only; older rows may still carry a scheme or path slash. */
export function websiteHost(website: string): string {
  return website
    .trim()
    .replace(/^https?:\/\//i, "")
    .replace(/\/+$/, "");
}

export function websiteHref(website: string): string {
  return `https://${websiteHost(website)}`;
}

/** "+45 35 26 11 90" -> "tel:+4535261190". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export function mailtoHref(email: string, subject?: string): string {
  const address = email.trim();
  return subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`;
}

/** Only http(s) links are rendered, so a stray `javascript:` value can never become a link. */
export function httpUrlOrNull(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The company's contact details as site settings hold them. */
export type SiteContact = {
  contactEmail: string;
  contactPhone: string;
  companyRegistrationNumber: string;
  addressLine: string;
  postalCode: string;
  city: string;
};
