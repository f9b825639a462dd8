import { and, eq, isNotNull } from "drizzle-orm";
import type { Transaction } from "#server/db/rows";
import { partnerBillingProfiles, siteSettings } from "#server/db/schema";
import type { SellerSnapshot } from "./document";
import { partnerSeries, RCL_SERIES } from "./series";

/** A seller as a document needs it: what is printed, and how its series and terms run. */
export type SellerTerms = {
  seller: SellerSnapshot;
  /** The partner that sells, or null for RCL. */
  partnerId: string | null;
  seriesKey: string;
  prefix: string;
  paymentTermsDays: number;
};

/**
 * A partner as the seller of its bookings' invoices; null until it has a billing profile
 * whose moms status an admin has confirmed (ADR 035): no invoice goes out under a status
 * nobody checked, and bookings confirmed meanwhile are invoiced on confirmation.
 */
export async function partnerSeller(
  tx: Transaction,
  partnerId: string,
  { confirmedOnly = true }: { confirmedOnly?: boolean } = {},
): Promise<SellerTerms | null> {
  const [profile] = await tx
    .select()
    .from(partnerBillingProfiles)
    .where(
      and(
        eq(partnerBillingProfiles.partnerId, partnerId),
        confirmedOnly ? isNotNull(partnerBillingProfiles.vatConfirmedAt) : undefined,
      ),
    );
  return profile ? sellerTermsOf(profile) : null;
}

/** A partner's billing profile as the seller of its documents. */
export function sellerTermsOf(profile: typeof partnerBillingProfiles.$inferSelect): SellerTerms {
  return {
    seller: {
      name: profile.legalName,
      addressLine: profile.addressLine,
      postalCode: profile.postalCode,
      city: profile.city,
      countryCode: "DK",
      cvr: profile.cvr,
      vatStatus: profile.vatStatus,
      email: profile.invoiceEmail,
      bankRegistration: profile.bankRegistration,
      bankAccount: profile.bankAccount,
      fiCreditorNumber: profile.fiCreditorNumber,
    },
    partnerId: profile.partnerId,
    seriesKey: partnerSeries(profile.partnerId),
    prefix: profile.invoicePrefix,
    paymentTermsDays: profile.paymentTermsDays,
  };
}

/**
 * RCL as the seller of its commission invoices: always registered for moms. Its CVR,
 * address and bank account have no default (server/settings/defaults.ts), and an issued
 * invoice can never be changed: until an admin saves them, none is issued. The monthly
 * statements job then fails with this reason, and its next run issues what is owed.
 */
export async function rclSeller(tx: Transaction): Promise<SellerTerms> {
  const [settings] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1));
  if (!settings) {
    throw new Error(
      "RCL's billing details are not saved yet: an admin saves them under Settings before a commission invoice can be issued.",
    );
  }
  return {
    seller: {
      name: settings.legalName,
      addressLine: settings.addressLine,
      postalCode: settings.postalCode,
      city: settings.city,
      countryCode: "DK",
      cvr: settings.companyRegistrationNumber,
      vatStatus: "registered",
      email: settings.invoiceEmail,
      bankRegistration: settings.bankRegistration,
      bankAccount: settings.bankAccount,
      fiCreditorNumber: settings.fiCreditorNumber,
    },
    partnerId: null,
    seriesKey: RCL_SERIES,
    prefix: settings.invoicePrefix,
    paymentTermsDays: settings.paymentTermsDays,
  };
}
