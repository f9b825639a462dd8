import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Locale } from "~/lib/i18n/locale";
import { calendarEventOf, eventCalendar } from "#server/ics/calendar-file";
import { sampleMails } from "#server/http/mail-samples";
import type { MailBrand } from "./brand";
import { renderEmail } from "./layout";

// Every mail in both languages (ADR 032, 033): the samples are built by the same functions
// the commands call, for a recipient who reads the language given.
const brand: MailBrand = {
  name: "Rethink Corporate Life",
  cvr: "43218778",
  address: "Strandvejen 100, 2900 Hellerup",
};

type Catalogue = Record<string, unknown>;
const catalogue = (locale: Locale) =>
  JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), "utf8")) as Catalogue;
const english = catalogue("en");
const danish = catalogue("da");

/** A message's texts: a plain one, or each variant of a plural. */
function texts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) {
    return value.flatMap((variant: { match?: Record<string, string> }) => Object.values(variant.match ?? {}));
  }
  return [];
}

const danishTexts = Object.values(danish).flatMap(texts).join("\n");

/**
 * The English words of the mail and calendar messages, as the runs of text between their
 * parameters: a phrase of two words or more that no Danish message also has (the brand
 * name, say). None may be left in a mail rendered in Danish.
 */
const englishPhrases = [
  ...new Set(
    Object.entries(english)
      .filter(([key]) => key.startsWith("mail_") || key.startsWith("ics_"))
      .flatMap(([, value]) => texts(value))
      .flatMap((text) => text.split(/\{[a-zA-Z]+\}/))
      .map((phrase) =>
        phrase
          .trim()
          .replace(/^[:;,.()]+|[:;,.()]+$/g, "")
          .trim(),
      )
      .filter((phrase) => /\S+\s+\S+/.test(phrase) && phrase.length >= 8 && !danishTexts.includes(phrase)),
  ),
];

async function render(name: string, locale: Locale) {
  const draft = sampleMails[name]!(locale);
  const { text, html } = await renderEmail(draft.content, brand, { locale: draft.locale });
  return { draft, text, html };
}

describe("mails in the recipient's language", () => {
  it("knows English phrases to look for", () => {
    expect(englishPhrases).toContain("You get this mail because you booked");
    expect(englishPhrases).toContain("Or open this link");
    expect(englishPhrases).toContain("Booking reference");
  });

  it.each(Object.keys(sampleMails))("renders %s in Danish with none of its English words", async (name) => {
    const en = await render(name, "en");
    const da = await render(name, "da");

    expect(en.draft.locale).toBe("en");
    expect(da.draft.locale).toBe("da");
    expect(en.html).toContain('lang="en"');
    expect(da.html).toContain('lang="da"');
    expect(da.draft.to).toBe(en.draft.to);

    // Written by the template, so different in the two languages.
    expect(da.draft.content.heading === en.draft.content.heading && name !== "participant-message").toBe(
      false,
    );
    expect(da.draft.content.reason).toMatch(/^Du får denne mail, fordi /);
    expect(en.draft.content.reason).toMatch(/^You get this mail because /);
    if (en.draft.content.action)
      expect(da.draft.content.action?.label).not.toBe(en.draft.content.action.label);

    const danishMail = [da.draft.subject, da.text, da.html].join("\n");
    const leftOver = englishPhrases.filter((phrase) => danishMail.includes(phrase));
    expect(leftOver).toEqual([]);
    // And the English mail has them: the phrases are the ones mails are made of.
    expect(englishPhrases.some((phrase) => en.text.includes(phrase))).toBe(true);

    // The footer's company details in both, each language's own way.
    expect(en.text).toContain("CVR: 43218778");
    expect(da.text).toContain("CVR-nr.: 43218778");
  });

  it("writes dates, times and amounts the Danish way in a Danish mail", async () => {
    const en = await render("booking-confirmed", "en");
    const da = await render("booking-confirmed", "da");
    expect(en.text).toContain("June 12, 2026");
    expect(en.text).toContain("DKK");
    expect(da.text).toContain("12. juni 2026");
    expect(da.text).toMatch(/12\.000(,00)?\s?kr\./);
    expect(da.text).not.toContain("June");
    expect(da.text).toContain("Tilmeldingsreference: RCL-7K3M9Q");
  });

  it("links public pages in the recipient's language, and the dashboards as they are", async () => {
    const arrivalEn = await render("reminder-arrival", "en");
    const arrivalDa = await render("reminder-arrival", "da");
    expect(arrivalEn.draft.content.action?.url).toBe("http://localhost:3000/events/sunrise-regatta");
    expect(arrivalDa.draft.content.action?.url).toBe("http://localhost:3000/da/events/sunrise-regatta");

    const signInDa = await render("account-exists", "da");
    expect(signInDa.draft.content.action?.url).toBe("http://localhost:3000/da/login");
    const invitationDa = await render("partner-invitation", "da");
    expect(invitationDa.draft.content.action?.url).toBe("http://localhost:3000/da/invitations/sample");

    const bookingsDa = await render("booking-confirmed", "da");
    expect(bookingsDa.draft.content.action?.url).toBe("http://localhost:3000/dashboard/bookings");
  });

  it("attaches the calendar file in the booking's language", async () => {
    const da = await render("booking-confirmed", "da");
    const ics = da.draft.attachments?.[0]?.content.replace(/\r\n /g, "") ?? "";
    expect(ics).toContain("DESCRIPTION:Tilmeldingsreference: RCL-7K3M9Q");
    expect(ics).toContain("URL:http://localhost:3000/da/events/sunrise-regatta");
    const en = await render("booking-confirmed", "en");
    expect(en.draft.attachments?.[0]?.content).toContain("Booking reference: RCL-7K3M9Q");
  });
});

describe("a confirmed team's QR code in its mails", () => {
  const codeOf = (draft: { attachments?: { cid?: string; content: string; contentType: string }[] }) =>
    draft.attachments?.filter((part) => part.cid !== undefined) ?? [];

  it.each(["booking-confirmed", "booking-promoted", "booking-confirmed-by-organiser", "reminder-arrival"])(
    "shows %s's code as an inline PNG, with the reference under it and a text alternative",
    async (name) => {
      for (const [locale, alt, hint] of [
        ["en", "QR code for booking reference RCL-7K3M9Q", "Show this QR code when your team checks in"],
        ["da", "QR-kode til tilmeldingsreference RCL-7K3M9Q", "Vis denne QR-kode, når holdet tjekker ind"],
      ] as const) {
        const { draft, html, text } = await render(name, locale);
        const [part, ...more] = codeOf(draft);
        expect(more).toEqual([]);
        expect(part).toMatchObject({ cid: "team-code", contentType: "image/png", encoding: "base64" });
        const png = Buffer.from(part!.content, "base64");
        expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
        expect(html).toMatch(new RegExp(`<img[^>]*alt="${alt}"[^>]*src="cid:team-code"`));
        expect(html).toContain(">RCL-7K3M9Q</p>");
        expect(html).toContain(hint);
        expect(text).toContain(hint);
        // The calendar file stays the first part.
        expect(draft.attachments?.[0]?.contentType).toMatch(/^text\/calendar/);
      }
    },
  );

  it.each(["booking-waitlisted", "booking-cancelled", "payment-pay-for-place", "payment-hold-ended"])(
    "gives %s no code: only a confirmed place is checked in",
    async (name) => {
      const { draft, html } = await render(name, "en");
      expect(codeOf(draft)).toEqual([]);
      expect(html).not.toContain("cid:team-code");
    },
  );
});

describe("the calendar file in a language", () => {
  const event = {
    id: "0b7f5a52-1111-4c1e-9b59-4d2f3b6f0a10",
    slug: "riverside-team-racing",
    language: "en" as const,
    title: "Riverside Team Racing",
    titleTranslation: "",
    description: "Race, learn, repeat",
    descriptionTranslation: "",
    location: "Copenhagen",
    locationTranslation: "København",
    locationDetails: "",
    locationDetailsTranslation: "",
    startsAt: new Date("2027-06-15T07:00:00Z"),
    endsAt: new Date("2027-06-15T15:00:00Z"),
    updatedAt: new Date("2027-01-01T10:00:00Z"),
    status: "published" as const,
    calendarSequence: 0,
  };

  it("puts its own words, its link and the partner's translations in the language given", () => {
    const da = eventCalendar(calendarEventOf(event, "Roklub", "https://rcl.test", "RCL-7K3Q9P", "da"));
    const en = eventCalendar(calendarEventOf(event, "Roklub", "https://rcl.test", "RCL-7K3Q9P", "en"));
    // The title is not translated: both files keep the partner's; the location is.
    expect(da).toContain("SUMMARY:Riverside Team Racing");
    expect(da).toContain("LOCATION:København");
    expect(en).toContain("LOCATION:Copenhagen");
    expect(da).toContain("DESCRIPTION:Tilmeldingsreference: RCL-7K3Q9P");
    expect(da).toContain("URL:https://rcl.test/da/events/riverside-team-racing");
    expect(en).toContain("DESCRIPTION:Booking reference: RCL-7K3Q9P");
    expect(en).toContain("URL:https://rcl.test/events/riverside-team-racing");
    const translated = { ...event, titleTranslation: "Kaproning ved åen" };
    expect(
      eventCalendar(calendarEventOf(translated, "Roklub", "https://rcl.test", "RCL-7K3Q9P", "da")),
    ).toContain("SUMMARY:Kaproning ved åen");
  });
});
