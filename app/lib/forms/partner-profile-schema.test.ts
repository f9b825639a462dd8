import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { fieldErrors } from "./parse";
import { isPhoneNumber, MAX_LIST_ROWS, partnerProfileSchema } from "./partner-profile-schema";

const valid = {
  name: "Copenhagen Rowing Club",
  location: "Copenhagen",
  description: "Rowing on the harbour",
};

/** The schema's messages by field name, or its output when the form is valid. */
function check(form: Record<string, unknown>) {
  const result = z.safeParse(partnerProfileSchema, { ...valid, ...form });
  return result.success
    ? { value: result.data, errors: {} }
    : { value: null, errors: fieldErrors(result.error.issues) };
}

describe("the partner profile schema", () => {
  it("needs a name, a location and a short description", () => {
    const { errors } = check({ name: " ", location: "", description: "" });
    expect(errors).toEqual({
      name: "Please enter your organisation's name",
      location: "Please enter where you are based",
      description: "Please write a short description of your organisation",
    });
  });

  it("keeps only the host of a website, however it was typed", () => {
    for (const typed of ["club.dk", "https://Club.dk/about?x=1", "http://club.dk/", " club.dk "]) {
      expect(check({ website: typed }).value?.website).toBe("club.dk");
    }
    expect(check({ website: "" }).value?.website).toBeNull();
  });

  it.each(["not a website", "localhost", "ftp://club.dk", "https://club", "javascript:alert(1)"])(
    "refuses the website %s",
    (typed) => {
      expect(check({ website: typed }).errors).toEqual({
        website: "Please enter a website such as yourclub.dk",
      });
    },
  );

  it("takes https links on each social site, subdomains included", () => {
    const { value } = check({
      facebookUrl: "https://www.facebook.com/club",
      instagramUrl: "https://instagram.com/club",
      linkedinUrl: "https://dk.linkedin.com/company/club",
    });
    expect(value).toMatchObject({
      facebookUrl: "https://www.facebook.com/club",
      instagramUrl: "https://instagram.com/club",
      linkedinUrl: "https://dk.linkedin.com/company/club",
    });
  });

  it.each([
    ["facebookUrl", "http://www.facebook.com/club"],
    ["facebookUrl", "https://notfacebook.com/club"],
    ["facebookUrl", "https://facebook.com.evil.example/club"],
    ["instagramUrl", "https://www.facebook.com/club"],
    ["linkedinUrl", "linkedin.com/company/club"],
    ["linkedinUrl", "javascript:alert(1)"],
  ])("refuses %s %s", (field, typed) => {
    expect(Object.keys(check({ [field]: typed }).errors)).toEqual([field]);
  });

  it("takes Danish and international phone numbers and refuses others", () => {
    for (const good of [
      "+45 12 34 56 78",
      "12345678",
      "0045 1234 5678",
      "+49 (30) 1234567",
      "+1-202-555-0143",
    ]) {
      expect(isPhoneNumber(good)).toBe(true);
    }
    for (const bad of ["1234", "call us", "123456789", "+0 123 456 789", "45-12-34"]) {
      expect(isPhoneNumber(bad)).toBe(false);
    }
    expect(check({ phone: "call us" }).errors).toEqual({
      phone: "Please enter a phone number such as +45 12 34 56 78",
    });
  });

  it("checks the email only when one is given", () => {
    expect(check({ email: "" }).value?.email).toBe("");
    expect(check({ email: "not-an-address" }).errors).toEqual({
      email: "Please enter a valid email address",
    });
  });

  it("takes founding years from 1800 to this year", () => {
    const thisYear = new Date().getFullYear();
    expect(check({ foundedYear: "1800" }).value?.foundedYear).toBe(1800);
    expect(check({ foundedYear: String(thisYear) }).value?.foundedYear).toBe(thisYear);
    expect(check({ foundedYear: "" }).value?.foundedYear).toBeNull();
    expect(check({ foundedYear: String(thisYear + 1) }).errors).toEqual({
      foundedYear: "The founding year cannot be in the future",
    });
    expect(check({ foundedYear: "1799" }).errors).toEqual({
      foundedYear: "Please enter a year from 1800 on",
    });
    expect(check({ foundedYear: "19x5" }).errors).toEqual({
      foundedYear: "Please enter a year such as 1985",
    });
  });

  it("drops blank list rows after checking, so messages name the row typed", () => {
    const { value } = check({
      facilities: [{ text: "Boathouse" }, { text: "" }, { text: " Gym ", textTranslation: " Træningsrum " }],
      services: { text: "Coaching" },
    });
    expect(value?.facilities).toEqual([
      { text: "Boathouse" },
      { text: "Gym", textTranslation: "Træningsrum" },
    ]);
    expect(value?.services).toEqual([{ text: "Coaching" }]);
    expect(check({}).value).toMatchObject({ facilities: [], services: [], testimonials: [] });

    const rows = [
      { name: "", position: "", comment: "" },
      { name: "", position: "CEO", comment: "Great day" },
      { name: "Ida", position: "", comment: "" },
    ];
    expect(check({ testimonials: rows }).errors).toEqual({
      "testimonials[1].name": "Please enter who said this",
      "testimonials[2].comment": "Please enter what they said",
    });
    const kept = check({ testimonials: [rows[0], { name: "Ida", position: "CEO", comment: "Great day" }] });
    expect(kept.value?.testimonials).toEqual([{ name: "Ida", position: "CEO", comment: "Great day" }]);
  });

  it("refuses lists longer than a profile needs", () => {
    const long = Array.from({ length: MAX_LIST_ROWS + 1 }, (_, index) => `Item ${index}`);
    expect(check({ facilities: long }).errors).toEqual({
      facilities: `Please keep this list to ${MAX_LIST_ROWS} entries`,
    });
  });
});
