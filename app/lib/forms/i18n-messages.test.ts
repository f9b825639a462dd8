import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
// A test is never bundled for the browser: it answers as the server does, in a request's language.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { withLocale } from "#server/http/language";
import { INVALID_CVR } from "../../../tests/support/booking-form";
import { signupSchema } from "./account-schemas";
import { fieldErrors } from "./parse";
import { participantMessageSchema, peopleCount, TEAMS_LABELS } from "./participant-message-schema";
import { registrationSchema } from "./registration-schema";

/** The schema's messages by field name, checked in the current language. */
function messagesOf(schema: z.ZodMiniType, form: unknown) {
  const result = z.safeParse(schema, form);
  return result.success ? {} : fieldErrors(result.error.issues);
}

const signup = {
  firstName: " ",
  lastName: "",
  email: "not an address",
  password: "short",
  confirmPassword: "other",
};

const booking = {
  teamName: "",
  company: "Acme",
  billingCompany: "Acme A/S",
  cvr: "1234",
  ean: "",
  billingEmail: "billing@acme.dk",
  billingAddressLine: " ",
  billingPostalCode: "29000",
  billingCity: "",
  captainName: "Ada Lovelace",
  captainEmail: "ada@acme.dk",
  captainPhone: "+45 12 34 56 78",
  "roster[0].name": "",
  "roster[0].email": "someone@acme.dk",
};

/** Eight digits, but a mistyped CVR number: the modulus-11 check refuses it. */
const mistypedCvr = { ...booking, cvr: INVALID_CVR };

const message = { subject: "Arrival", body: "x".repeat(20_001), audience: "captains", teams: "nobody" };

/** What each schema says in each language, from the same schemas. */
const EXPECTED = {
  en: {
    signup: {
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Please enter a valid email address",
      password: "Password must be at least 8 characters",
      confirmPassword: "Passwords do not match",
      acceptTerms: "You must accept the terms and conditions",
    },
    booking: {
      teamName: "Please enter your team's name",
      cvr: "CVR number must be 8 digits",
      billingAddressLine: "Please enter the invoice address",
      billingPostalCode: "Please enter a Danish postal code of 4 digits, such as 2900",
      billingCity: "Please enter the city",
      "roster[0].name": "Please enter this member's name",
      acceptTerms: "You must accept the event's terms",
    },
    mistypedCvr: { cvr: "This is not a valid CVR number; please check the digits" },
    message: {
      body: "The message can be at most 20,000 characters.",
      teams: "Please choose which teams receive the message.",
    },
    people: { 1: "1 person", 14: "14 people" },
    waitlisted: "Waitlisted teams",
  },
  da: {
    signup: {
      firstName: "Du skal udfylde dit fornavn",
      lastName: "Du skal udfylde dit efternavn",
      email: "Indtast en gyldig e-mailadresse",
      password: "Adgangskoden skal være på mindst 8 tegn",
      confirmPassword: "Adgangskoderne er ikke ens",
      acceptTerms: "Du skal acceptere vilkår og betingelser",
    },
    booking: {
      teamName: "Indtast holdets navn",
      cvr: "CVR-nummeret skal have 8 cifre",
      billingAddressLine: "Angiv fakturaadressen",
      billingPostalCode: "Indtast et dansk postnummer på 4 cifre, fx 2900",
      billingCity: "Indtast bynavnet",
      "roster[0].name": "Indtast deltagerens navn",
      acceptTerms: "Du skal acceptere arrangementets betingelser",
    },
    mistypedCvr: { cvr: "Det er ikke et gyldigt CVR-nummer; tjek cifrene" },
    message: {
      body: "Beskeden må højst være på 20.000 tegn.",
      teams: "Vælg, hvilke hold der skal modtage beskeden.",
    },
    people: { 1: "1 person", 14: "14 personer" },
    waitlisted: "Hold på venteliste",
  },
} as const;

describe("validation messages in the sender's language", () => {
  // English is the specification's; Danish when the request is Danish.
  it.each(["en", "da"] as const)("are the request's language's (%s)", (locale) => {
    const expected = EXPECTED[locale];
    withLocale(locale, () => {
      expect(messagesOf(signupSchema, signup)).toEqual(expected.signup);
      expect(messagesOf(registrationSchema(9), booking)).toMatchObject(expected.booking);
      expect(messagesOf(registrationSchema(9), mistypedCvr)).toMatchObject(expected.mistypedCvr);
      expect(messagesOf(participantMessageSchema, message)).toEqual(expected.message);
      expect(peopleCount(1)).toBe(expected.people[1]);
      expect(peopleCount(14)).toBe(expected.people[14]);
      expect(TEAMS_LABELS.waitlisted).toBe(expected.waitlisted);
    });
  });

  it("go back to English once the Danish request is over", () => {
    withLocale("da", () => messagesOf(signupSchema, signup));
    expect(messagesOf(signupSchema, signup).firstName).toBe("First name is required");
  });
});
