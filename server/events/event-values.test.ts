import type { EventQuestion } from "#server/db/schema";
import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EDITABLE_FIELDS, EVENT_FIELDS, fieldLabel, REVIEWED_FIELDS } from "~/lib/event-fields";
import { events } from "#server/db/schema";
import { DEFAULT_REFUND_POLICY } from "~/lib/billing/refund-policy";
import { columnsOfRevision, reviewedChanges, revisionValuesOf, SYSTEM_COLUMNS } from "./event-values";

describe("the event's field table", () => {
  const columns = Object.keys(getTableColumns(events));

  it("classes every column of events: reviewed, edited without review, or kept by the commands", () => {
    const classed = new Set<string>([...EDITABLE_FIELDS, ...SYSTEM_COLUMNS]);
    // A new column must say whether a published event's change to it waits for review.
    expect(columns.filter((column) => !classed.has(column))).toEqual([]);
  });

  it("names only real columns, each in one class", () => {
    expect([...EDITABLE_FIELDS, ...SYSTEM_COLUMNS].filter((name) => !columns.includes(name))).toEqual([]);
    expect(EDITABLE_FIELDS.filter((name) => (SYSTEM_COLUMNS as readonly string[]).includes(name))).toEqual(
      [],
    );
  });

  it("reviews what a booker decided on, and lets the schedule, FAQs, address and ways to pay change at once", () => {
    expect(EDITABLE_FIELDS.filter((name) => !EVENT_FIELDS[name].reviewed)).toEqual([
      "slug",
      "schedule",
      "faqs",
      "paymentMethods",
    ]);
    expect(REVIEWED_FIELDS).toContain("refundPolicy");
    expect(REVIEWED_FIELDS).toContain("title");
    // The cap per account shares out the capacity, so it waits for review like the capacity.
    expect(REVIEWED_FIELDS).toContain("maxTeams");
    expect(REVIEWED_FIELDS).toContain("maxTeamsPerAccount");
  });
});

describe("the labels of texts in two languages", () => {
  it("say each text's language, or its role when the change is to the language itself", () => {
    expect(fieldLabel("title")).toBe("Title");
    expect(fieldLabel("title", "en")).toBe("Title (English)");
    expect(fieldLabel("titleTranslation", "en")).toBe("Title (Danish)");
    expect(fieldLabel("titleTranslation", "da")).toBe("Title (English)");
    expect(fieldLabel("titleTranslation", null)).toBe("Title (translation)");
    expect(fieldLabel("title", null)).toBe("Title (main language)");
    expect(fieldLabel("priceMinor", "da")).toBe(fieldLabel("priceMinor"));
  });
});

describe("revision values", () => {
  const event = {
    language: "en",
    title: "Summer Regatta",
    titleTranslation: "Sommerregatta",
    type: "traditional_rowing",
    isNetworking: false,
    startsAt: new Date("2027-06-15T07:00:00Z"),
    endsAt: new Date("2027-06-15T15:00:00Z"),
    registrationDeadline: new Date("2027-06-01T10:00:00Z"),
    backupStartsAt: new Date("2027-06-22T07:00:00Z"),
    backupEndsAt: new Date("2027-06-22T15:00:00Z"),
    location: "Copenhagen",
    locationTranslation: "København",
    locationDetails: "",
    locationDetailsTranslation: "",
    meetingPoint: "",
    meetingPointTranslation: "",
    priceMinor: 250_000,
    currency: "DKK",
    maxTeams: 12,
    teamSize: 9,
    maxTeamsPerAccount: 5,
    description: "Racing on the harbour.",
    descriptionTranslation: "",
    detailedDescriptionHtml: "<p>Details</p>",
    detailedDescriptionHtmlTranslation: "",
    image: null,
    cancellationTerms: null,
    cancellationTermsTranslation: "",
    refundPolicy: DEFAULT_REFUND_POLICY.slice(),
    rowerQuestions: [] as EventQuestion[],
    nonSwimmers: "with_rule",
    nonSwimmerRule: "Life vest, instructor aboard.",
    nonSwimmerRuleTranslation: "Redningsvest, instruktør i båden.",
  } as const;

  it("keeps moments as ISO text and reads them back as the columns", () => {
    const stored = revisionValuesOf(event);
    expect(stored.startsAt).toBe("2027-06-15T07:00:00.000Z");
    expect(columnsOfRevision(stored)).toEqual(event);
    expect(reviewedChanges(event, stored)).toEqual([]);
  });

  it("keeps a backup date as ISO text, and no backup date as null, and reviews its change", () => {
    const stored = revisionValuesOf(event);
    expect(stored.backupStartsAt).toBe("2027-06-22T07:00:00.000Z");
    const without = { ...event, backupStartsAt: null, backupEndsAt: null };
    const none = revisionValuesOf(without);
    expect(none.backupStartsAt).toBeNull();
    expect(columnsOfRevision(none)).toEqual(without);
    expect(reviewedChanges(event, none).map((change) => change.field)).toEqual([
      "backupStartsAt",
      "backupEndsAt",
    ]);
  });

  it("reviews a translation as it reviews the text it translates, and the language the event is written in", () => {
    const stored = {
      ...revisionValuesOf(event),
      titleTranslation: "Sommerkaproning",
      descriptionTranslation: "Kaproning i havnen.",
      language: "da",
    } as const;
    expect(reviewedChanges(event, stored).map((change) => change.field)).toEqual([
      "language",
      "titleTranslation",
      "descriptionTranslation",
    ]);
  });

  it("reviews whether non-swimmers row and their rule, as the other reviewed fields", () => {
    const stored = {
      ...revisionValuesOf(event),
      nonSwimmers: "not_allowed",
      nonSwimmerRuleTranslation: "Redningsvest.",
    } as const;
    expect(reviewedChanges(event, stored).map((change) => change.field)).toEqual([
      "nonSwimmers",
      "nonSwimmerRuleTranslation",
    ]);
    expect(fieldLabel("nonSwimmerRuleTranslation", "en")).toBe("Rule for non-swimmers (Danish)");
  });

  it("leaves a field a revision lacks (saved before the field existed) as the event has it", () => {
    const { locationDetails: _dropped, ...older } = revisionValuesOf(event);
    const stored = { ...older, title: "Autumn Regatta" } as ReturnType<typeof revisionValuesOf>;
    expect(columnsOfRevision(stored)).not.toHaveProperty("locationDetails");
    expect(reviewedChanges(event, stored).map((change) => change.field)).toEqual(["title"]);
  });
});
