import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
// A test is never bundled for the browser: it answers as the server does, in a request's language.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { withLocale } from "#server/http/language";
import { billingProfileSchema } from "./billing-profile-schema";
import { fieldErrors } from "./parse";

/** A complete profile as the form sends it. */
const valid = {
  legalName: "Københavns Roklub",
  addressLine: "Strandvænget 46",
  postalCode: "2100",
  city: "København Ø",
  cvr: "29403473",
  vatStatus: "exempt",
  bankRegistration: "1551",
  bankAccount: "3456789",
  fiCreditorNumber: "85412345",
  invoicePrefix: "KR-",
  paymentTermsDays: "14",
  invoiceEmail: "kasserer@kbhroklub.dk",
};

/** The schema's messages by field name, or its output when the form is valid. */
function check(form: Record<string, unknown>) {
  const result = z.safeParse(billingProfileSchema, { ...valid, ...form });
  return result.success
    ? { value: result.data, errors: {} }
    : { value: null, errors: fieldErrors(result.error.issues) };
}

describe("the billing profile schema", () => {
  it("stores a complete profile as typed, the payment terms as a number", () => {
    expect(check({}).value).toEqual({ ...valid, paymentTermsDays: 14 });
  });

  it("asks for every required field with its own message", () => {
    const empty = Object.fromEntries(Object.keys(valid).map((field) => [field, ""]));
    expect(check(empty).errors).toEqual({
      legalName: "Please enter the legal name",
      addressLine: "Please enter the street address",
      postalCode: "Please enter the postal code",
      city: "Please enter the city",
      cvr: "Please enter the CVR number",
      vatStatus: "Please choose the moms status",
      bankRegistration: "Please enter the bank registration number",
      bankAccount: "Please enter the account number",
      paymentTermsDays: "Please enter the payment terms in days",
      invoiceEmail: "Please enter the invoice email address, such as faktura@example.dk",
    });
  });

  it("treats a field left out of the form as empty", () => {
    const { vatStatus: _chosen, ...withoutStatus } = valid;
    const result = z.safeParse(billingProfileSchema, withoutStatus);
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!.issues)).toEqual({ vatStatus: "Please choose the moms status" });
  });

  it("trims the texts and keeps them under their limits", () => {
    expect(check({ legalName: "  Roklubben  ", city: " Aarhus C " }).value).toMatchObject({
      legalName: "Roklubben",
      city: "Aarhus C",
    });
    expect(check({ legalName: "x".repeat(201) }).errors).toEqual({
      legalName: "Please keep this under 200 characters",
    });
    expect(check({ addressLine: "x".repeat(201) }).errors).toEqual({
      addressLine: "Please keep this under 200 characters",
    });
    expect(check({ city: "x".repeat(101) }).errors).toEqual({
      city: "Please keep this under 100 characters",
    });
  });

  it.each(["210", "21000", "2100a", "DK-2100"])("refuses the postal code %j", (postalCode) => {
    expect(check({ postalCode }).errors).toEqual({
      postalCode: "Please enter a Danish postal code of 4 digits, such as 2900",
    });
  });

  describe("the CVR number", () => {
    it.each(["DK 29 40 34 73", "dk29403473", "29 40 34 73", "2940-3473", " 29403473 "])(
      "reads %j as 29403473",
      (cvr) => {
        expect(check({ cvr }).value?.cvr).toBe("29403473");
      },
    );

    it.each(["2940347", "294034730", "2940347A", "SE29403473"])("refuses %j as not 8 digits", (cvr) => {
      expect(check({ cvr }).errors).toEqual({
        cvr: "Please enter the CVR number as 8 digits, such as 43218778",
      });
    });

    it.each(["29403474", "92403473", "12345678"])("refuses %j by its check digit (modulus 11)", (cvr) => {
      expect(check({ cvr }).errors).toEqual({
        cvr: "This is not a valid CVR number; please check the digits",
      });
    });
  });

  it.each(["registered", "exempt"])("takes the moms status %j", (vatStatus) => {
    expect(check({ vatStatus }).value?.vatStatus).toBe(vatStatus);
  });

  it.each(["", "none", "Registered", "25"])("refuses the moms status %j", (vatStatus) => {
    expect(check({ vatStatus }).errors).toEqual({ vatStatus: "Please choose the moms status" });
  });

  describe("the bank account", () => {
    it("reads the numbers without the spaces they are grouped with", () => {
      expect(check({ bankRegistration: "1 551", bankAccount: "0612 345 678" }).value).toMatchObject({
        bankRegistration: "1551",
        bankAccount: "0612345678",
      });
      expect(check({ bankAccount: "7" }).value?.bankAccount).toBe("7");
    });

    it.each(["155", "15510", "15a1"])("refuses the registration number %j", (bankRegistration) => {
      expect(check({ bankRegistration }).errors).toEqual({
        bankRegistration: "Please enter the bank registration number as 4 digits, such as 1551",
      });
    });

    it.each(["12345678901", "3456789X", "IBAN"])("refuses the account number %j", (bankAccount) => {
      expect(check({ bankAccount }).errors).toEqual({
        bankAccount: "Please enter the account number as at most 10 digits",
      });
    });
  });

  describe("the FI creditor number", () => {
    it("is optional: empty is none", () => {
      expect(check({ fiCreditorNumber: "" }).value?.fiCreditorNumber).toBeNull();
      expect(check({ fiCreditorNumber: "  " }).value?.fiCreditorNumber).toBeNull();
      expect(check({ fiCreditorNumber: "8541 2345" }).value?.fiCreditorNumber).toBe("85412345");
    });

    it.each(["8541234", "854123456", "+71 85412345"])("refuses %j", (fiCreditorNumber) => {
      expect(check({ fiCreditorNumber }).errors).toEqual({
        fiCreditorNumber: "Please enter the FI creditor number as 8 digits, or leave it empty",
      });
    });
  });

  describe("the invoice number prefix", () => {
    it.each([
      ["kr-", "KR-"],
      [" Rk2026- ", "RK2026-"],
      ["ABCDEFGHIJKL", "ABCDEFGHIJKL"],
      ["", ""],
    ])("reads %j as %j", (invoicePrefix, stored) => {
      expect(check({ invoicePrefix }).value?.invoicePrefix).toBe(stored);
    });

    it.each(["ABCDEFGHIJKLM", "KR/", "KR 1", "ÆØÅ-", "KR_"])("refuses %j", (invoicePrefix) => {
      expect(check({ invoicePrefix }).errors).toEqual({
        invoicePrefix: "Please use at most 12 capital letters, digits and hyphens, such as KR-",
      });
    });
  });

  describe("the payment terms", () => {
    it.each([
      ["0", 0],
      ["14", 14],
      [" 30 ", 30],
      ["90", 90],
    ])("reads %j as %d days", (paymentTermsDays, days) => {
      expect(check({ paymentTermsDays }).value?.paymentTermsDays).toBe(days);
    });

    it.each(["91", "-1", "14.5", "fourteen", "1000"])("refuses %j", (paymentTermsDays) => {
      expect(check({ paymentTermsDays }).errors).toEqual({
        paymentTermsDays: "Please enter a whole number of days from 0 to 90",
      });
    });
  });

  it.each(["kasserer@", "kasserer.kbhroklub.dk", `${"x".repeat(250)}@kbhroklub.dk`])(
    "refuses the invoice email %j",
    (invoiceEmail) => {
      expect(check({ invoiceEmail }).errors).toEqual({
        invoiceEmail: "Please enter the invoice email address, such as faktura@example.dk",
      });
    },
  );

  it("answers in Danish when the form is Danish", () => {
    withLocale("da", () => {
      expect(check({ cvr: "29403474", vatStatus: "", invoicePrefix: "KR/" }).errors).toEqual({
        cvr: "Det er ikke et gyldigt CVR-nummer; tjek cifrene",
        vatStatus: "Vælg momsstatus",
        invoicePrefix: "Brug højst 12 store bogstaver, tal og bindestreger, fx KR-",
      });
    });
  });
});
