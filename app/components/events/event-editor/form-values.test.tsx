import { NON_SWIMMER_RULE_DA, NON_SWIMMER_RULE_EN } from "~/lib/non-swimmers";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { copenhagenTime } from "~/lib/dates";
import { SLUG_MAX_LENGTH } from "~/lib/forms/event-schema";
import type { EventRow } from "#server/db/rows";
import { EventStatusBadge, eventStatusLabel } from "../event-status";
import { blankEventFormValues, duplicateFormValues, eventFormValues, priceInputValue } from "./form-values";
import { suggestedSlug } from "./title-slug-fields";

const stored = {
  language: "en",
  title: "Summer Regatta",
  titleTranslation: "Sommerregatta",
  slug: "summer-regatta",
  type: "traditional_rowing",
  isNetworking: true,
  // 09:00 to 17:00 in Copenhagen on a summer day (UTC+2).
  startsAt: copenhagenTime(2027, 6, 15, 9, 0),
  endsAt: copenhagenTime(2027, 6, 15, 17, 0),
  registrationDeadline: copenhagenTime(2027, 6, 1, 12, 0),
  backupStartsAt: copenhagenTime(2027, 6, 22, 9, 0),
  backupEndsAt: null,
  location: "Copenhagen",
  locationTranslation: "",
  locationDetails: "",
  locationDetailsTranslation: "",
  meetingPoint: "",
  meetingPointTranslation: "",
  priceMinor: 250_000,
  currency: "DKK",
  maxTeams: 12,
  maxTeamsPerAccount: 3,
  teamSize: 9,
  description: "Racing on the harbour.",
  descriptionTranslation: "",
  detailedDescriptionHtml: "<p>Details</p>",
  detailedDescriptionHtmlTranslation: "",
  schedule: [{ time: "09:00", activity: "Welcome", activityTranslation: "Velkomst" }],
  faqs: [{ question: "Experience?", answer: "None needed." }],
  rowerQuestions: [
    {
      id: "q-1",
      scope: "rower",
      kind: "one_of",
      label: "T-shirt size",
      labelTranslation: "",
      options: [
        { id: "o-1", label: "M", labelTranslation: "" },
        { id: "o-2", label: "L", labelTranslation: "" },
      ],
      required: true,
    },
  ],
  image: { src: "/uploads/a.webp", alt: "Boats", width: 10, height: 10, imageId: "img-1" },
  cancellationTerms: null,
  cancellationTermsTranslation: "",
  refundPolicy: [
    { daysBefore: 14, percent: 100 },
    { daysBefore: 0, percent: 25 },
  ],
  paymentMethods: "both",
  nonSwimmers: "not_allowed",
  nonSwimmerRule: "Life vest, instructor aboard.",
  nonSwimmerRuleTranslation: "",
} satisfies Partial<EventRow>;

describe("eventFormValues", () => {
  it("fills the form as people type it: Copenhagen wall time, whole prices, the checkbox as 'on'", () => {
    const values = eventFormValues(stored);
    expect(values.startsAt).toBe("2027-06-15T09:00");
    expect(values.endsAt).toBe("2027-06-15T17:00");
    expect(values.registrationDeadline).toBe("2027-06-01T12:00");
    expect(values.backupStartsAt).toBe("2027-06-22T09:00");
    expect(values.backupEndsAt).toBe("");
    expect(values.price).toBe("2500");
    expect(values.isNetworking).toBe("on");
    expect(values.maxTeams).toBe("12");
    expect(values.maxTeamsPerAccount).toBe("3");
    expect(values.image).toEqual({ imageId: "img-1", alt: "Boats", altTranslation: "" });
    expect(values.language).toBe("en");
    expect(values.rowerQuestions[0]).toMatchObject({ id: "q-1", required: "on", kind: "one_of" });
    expect(values.titleTranslation).toBe("Sommerregatta");
    expect(values.schedule).toEqual([
      { time: "09:00", activity: "Welcome", activityTranslation: "Velkomst" },
    ]);
    // A row saved before translations existed gets an empty one to fill in.
    expect(values.faqs).toEqual([
      { question: "Experience?", answer: "None needed.", questionTranslation: "", answerTranslation: "" },
    ]);
    expect(values.cancellationTerms).toBe("");
    expect(values.refundPolicy).toEqual([
      { daysBefore: "14", percent: "100" },
      { daysBefore: "0", percent: "25" },
    ]);
    expect(values.paymentMethods).toBe("both");
    expect(values.nonSwimmers).toBe("not_allowed");
    expect(values.nonSwimmerRule).toBe("Life vest, instructor aboard.");
  });

  it("starts a new event with the standard cancellation policy, paid by invoice", () => {
    const blank = blankEventFormValues("da");
    expect(blank.refundPolicy).toEqual([
      { daysBefore: "30", percent: "100" },
      { daysBefore: "8", percent: "50" },
    ]);
    expect(blank.paymentMethods).toBe("invoice");
  });

  it("starts a new event with DFfR's rule for non-swimmers, in the language it is written in first", () => {
    const danish = blankEventFormValues("da");
    expect(danish.nonSwimmers).toBe("with_rule");
    expect(danish.nonSwimmerRule).toBe(NON_SWIMMER_RULE_DA);
    expect(danish.nonSwimmerRuleTranslation).toBe(NON_SWIMMER_RULE_EN);
    expect(blankEventFormValues("en").nonSwimmerRule).toBe(NON_SWIMMER_RULE_EN);
  });

  it("shows øre and pence only when there are some", () => {
    expect(priceInputValue(250_050)).toBe("2500.50");
    expect(priceInputValue(199)).toBe("1.99");
    expect(priceInputValue(0)).toBe("0");
  });
});

describe("duplicateFormValues", () => {
  it("copies everything but the dates, at the address it is given, with the same title", () => {
    const copy = duplicateFormValues(stored, "summer-regatta-2");
    expect(copy).toMatchObject({
      title: "Summer Regatta",
      slug: "summer-regatta-2",
      startsAt: "",
      endsAt: "",
      registrationDeadline: "",
      backupStartsAt: "",
      backupEndsAt: "",
      price: "2500",
      schedule: [{ time: "09:00", activity: "Welcome" }],
    });
  });
});

describe("suggestedSlug", () => {
  it("spells out Danish letters and stays within the longest address allowed", () => {
    expect(suggestedSlug("Ærø Regatta 2027!")).toBe("aeroe-regatta-2027");
    const long = suggestedSlug("Row ".repeat(60));
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(long).not.toMatch(/-$/);
  });
});

describe("event status", () => {
  it("names a published event's pending change beside its status", () => {
    expect(eventStatusLabel("pending_review")).toBe("In review");
    expect(eventStatusLabel("published", "pending_review")).toBe("Published, changes in review");
    const html = renderToStaticMarkup(
      <EventStatusBadge status="published" revisionStatus="changes_requested" />,
    );
    expect(html).toContain("Published");
    expect(html).toContain("Changes requested");
    // A revision of an event that is no longer published says nothing more.
    expect(
      renderToStaticMarkup(<EventStatusBadge status="cancelled" revisionStatus="draft" />),
    ).not.toContain("Changes");
  });
});
