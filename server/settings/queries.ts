import { eq } from "drizzle-orm";
import type { SiteContact } from "~/lib/contact-links";
import type { Actor } from "#server/auth/actor";
import { canEditSiteSettings } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { siteSettings } from "#server/db/schema";
import { forbidden } from "#server/errors";
import { SITE_SETTINGS_DEFAULTS } from "./defaults";

export type SiteSettingsRow = typeof siteSettings.$inferSelect;

/**
 * What public pages may show. The contact inbox is left out: every page's data carries
 * these settings (the footer), and the inbox may be an address that is not published.
 */
const publicColumns = {
  contactEmail: siteSettings.contactEmail,
  contactPhone: siteSettings.contactPhone,
  companyRegistrationNumber: siteSettings.companyRegistrationNumber,
  addressLine: siteSettings.addressLine,
  postalCode: siteSettings.postalCode,
  city: siteSettings.city,
  facebookUrl: siteSettings.facebookUrl,
  instagramUrl: siteSettings.instagramUrl,
  linkedinUrl: siteSettings.linkedinUrl,
  defaultCancellationTerms: siteSettings.defaultCancellationTerms,
  defaultCancellationTermsDa: siteSettings.defaultCancellationTermsDa,
};

type PublicSiteSettings = NonNullable<Awaited<ReturnType<typeof readSiteSettings>>>;

/**
 * Settings held in memory per database while its changes are heard
 * (server/cache/public-changes.ts): every page's layout reads them.
 */
const remembered = new WeakMap<Database, Promise<PublicSiteSettings | null>>();
const watched = new WeakSet<Database>();

/** Holds the settings in memory from now on: the caller hears every change and calls `forgetSiteSettings`. */
export function rememberSiteSettings(db: Database, remember: boolean) {
  if (remember) watched.add(db);
  else watched.delete(db);
  remembered.delete(db);
}

/** A change was committed: the next read goes to the database. */
export function forgetSiteSettings(db: Database) {
  remembered.delete(db);
}

async function readSiteSettings(db: Database) {
  const [row] = await db.select(publicColumns).from(siteSettings).where(eq(siteSettings.id, 1));
  return row ?? null;
}

/**
 * The footer's contact block and company details (one row), or null before they are first
 * saved: pages then leave the details out (./defaults.ts says why there are none to show).
 * Held in memory while changes are heard, so a saved change shows on the next request.
 */
export function getSiteSettings(db: Database): Promise<PublicSiteSettings | null> {
  if (!watched.has(db)) return readSiteSettings(db);
  let settings = remembered.get(db);
  if (!settings) {
    settings = readSiteSettings(db);
    remembered.set(db, settings);
    // A failed read is not remembered.
    settings.catch(() => {
      if (remembered.get(db) === settings) remembered.delete(db);
    });
  }
  return settings;
}

/** Every setting, for the admin's settings form, or null before they are first saved. */
export async function getSiteSettingsForEditing(db: Database, actor: Actor): Promise<SiteSettingsRow | null> {
  if (!canEditSiteSettings(actor)) throw forbidden();
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  return row ?? null;
}

/**
 * The address contact-form messages, partner applications and stray inquiries go to: the
 * saved one, or before any is saved the default (./defaults.ts), so no message is lost.
 */
export async function getContactInbox(db: Database): Promise<string> {
  const [row] = await db
    .select({ inbox: siteSettings.contactInboxEmail })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return row?.inbox ?? SITE_SETTINGS_DEFAULTS.contactInboxEmail;
}

/** Only the company's contact details, for pages that show them in their text. */
export async function getSiteContact(db: Database): Promise<SiteContact | null> {
  const settings = await getSiteSettings(db);
  return (
    settings && {
      contactEmail: settings.contactEmail,
      contactPhone: settings.contactPhone,
      companyRegistrationNumber: settings.companyRegistrationNumber,
      addressLine: settings.addressLine,
      postalCode: settings.postalCode,
      city: settings.city,
    }
  );
}
