/**
 * What a valid booking form ('Register Your Team', and editing a booking in My Bookings)
 * needs besides the team: the invoice address it requires and CVR numbers that pass the
 * register's modulus-11 check (weights 2, 7, 6, 5, 4, 3, 2, 1; the sum divisible by 11).
 */

import { rosterFieldName } from "~/lib/forms/registration-schema";

/** The invoice address fields the booking form requires. */
export const invoiceAddress = {
  billingAddressLine: "Vesterbrogade 12",
  billingPostalCode: "1620",
  billingCity: "København V",
} as const;

/** A CVR number that passes the check: the one most bookings use. */
export const VALID_CVR = "12345674";

/** Another valid CVR number, for a booking changed to a different one. */
export const OTHER_VALID_CVR = "29403473";

/** Eight digits that fail the modulus-11 check: for tests about a mistyped CVR number. */
export const INVALID_CVR = "12345678";

/**
 * A company's valid booking form for one team with its captain rowing: what the booking
 * tests send unless they are about a field, which `extra` then sets or adds.
 */
export function companyBookingForm(teamName: string, extra: Record<string, string> = {}) {
  return {
    teamName,
    company: "Nordlys ApS",
    billingCompany: "Nordlys ApS",
    ...invoiceAddress,
    cvr: "35954716",
    billingEmail: "bogholderi@nordlys.example",
    captainName: "Captain",
    captainEmail: "captain@nordlys.example",
    captainPhone: "+45 11 22 33 44",
    [rosterFieldName(0, "name")]: "Captain",
    acceptTerms: "on",
    ...extra,
  };
}
