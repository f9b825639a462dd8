import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventFormValues } from "~/components/events/event-editor/form-values";
import { approveEvent } from "#server/events/approve-event";
import { events, partners } from "#server/db/schema";
import { createAccount, postForm, type TestAccount } from "../support/accounts";
import { testDatabaseKind } from "../support/database";
import {
  adminActor,
  createPerson,
  eventForm,
  eventRow,
  flatEventForm,
  revisionRow,
  type EventFormInput,
} from "../support/event-publishing";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";

// Issue 25: partners write every text in their main language and may translate it; a page
// shows the reader's language, and the other one, marked and with its `lang`, where a text
// is not translated (ADR 034).

let site: TestSite;
let outbox: ReturnType<typeof recordingJobs>;
const db = () => site.database.db;

const get = async (path: string, cookie?: string) => {
  const response = await site.request(path, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  return { status: response.status, html: await response.text() };
};

/** The element `tag` whose text is exactly `text`, with its attributes (React may add comments). */
const elementWith = (html: string, tag: string, text: string) =>
  new RegExp(`<${tag}(?: [^>]*)?>(?:<!-- -->)?${text}(?:<!-- -->)?</${tag}>`).exec(html)?.[0];

beforeAll(async () => {
  site = await createTestSite();
  outbox = recordingJobs(site.database);
});

afterAll(async () => {
  await site?.close();
});

describe(`an event in the reader's language on ${testDatabaseKind}`, () => {
  let english: { slug: string };
  let danishOnly: { slug: string };

  beforeAll(async () => {
    const club = await createTestPartner(db(), "Harbour Club");
    english = await createTestEvent(db(), club.id, {
      title: "Harbour Sprint",
      titleTranslation: "Havnesprint",
      description: "Short races for eight-person boats",
      descriptionTranslation: "Korte løb for ottere",
      location: "Copenhagen",
      locationTranslation: "København",
      detailedDescriptionHtml: "<p>Coaches on every boat.</p>",
      schedule: [{ time: "09:00", activity: "Welcome", activityTranslation: "Velkomst" }],
      faqs: [{ question: "Do we need experience?", answer: "No." }],
    });
    const klub = await createTestPartner(db(), "Fjord Klub", { language: "da" });
    danishOnly = await createTestEvent(db(), klub.id, {
      language: "da",
      title: "Fjordregatta",
      description: "Kaproning på fjorden for firmahold",
      location: "Roskilde",
    });
  });

  it("shows the Danish translation on the Danish page and the English on the English one", async () => {
    const da = await get(`/da/events/${english.slug}`);
    expect(da.status).toBe(200);
    // Translated: in the page's language, so no lang of its own and no note.
    expect(elementWith(da.html, "h1", "Havnesprint")).toMatch(/^<h1 class="[^"]*">/);
    expect(elementWith(da.html, "span", "København")).toBe("<span>København</span>");
    expect(da.html).not.toContain("Harbour Sprint");
    const en = await get(`/events/${english.slug}`);
    expect(elementWith(en.html, "h1", "Harbour Sprint")).toBeDefined();
    expect(en.html).not.toContain("Havnesprint");
    expect(en.html).not.toContain("Only in English");
  });

  it("shows an untranslated text in the other language, marked as such and with its lang", async () => {
    // The detailed description has no Danish: the English, with lang="en" and a note.
    const details = await get(`/da/events/${english.slug}`);
    expect(details.html).toContain('<div lang="en" class="prose-rich"><p>Coaches on every boat.</p></div>');
    expect(details.html).toContain("Kun på engelsk");
    // The schedule is translated row by row; the FAQs are not, so they show whole in English.
    const schedule = await get(`/da/events/${english.slug}?tab=schedule`);
    expect(schedule.html).toContain("Velkomst");
    const faqs = await get(`/da/events/${english.slug}?tab=faqs`);
    expect(faqs.html).toMatch(/<dl lang="en"[^>]*>/);
    expect(faqs.html).toContain("Do we need experience?");

    // A Danish partner's event without English: the English page shows the Danish, marked.
    const page = await get(`/events/${danishOnly.slug}`);
    expect(page.html).toMatch(/<h1 lang="da"[^>]*>Fjordregatta<\/h1>/);
    expect(page.html).toContain("Only in Danish");
    expect((await get(`/da/events/${danishOnly.slug}`)).html).not.toContain("Kun på");
  });

  it("shows cards in the reader's language, marking the untranslated ones", async () => {
    const list = await get("/da/events");
    expect(list.html).toContain("Havnesprint");
    expect(list.html).toContain("Korte løb for ottere");
    const englishList = await get("/events");
    expect(englishList.html).toMatch(/<h[23] lang="da"[^>]*>Fjordregatta<\/h[23]>/);
    expect(englishList.html).toContain("Only in Danish");
  });

  it("finds an event by its title or location in either language, on both pages", async () => {
    for (const [path, query] of [
      ["/events", "Havnesprint"],
      ["/da/events", "Harbour Sprint"],
      ["/events", "København"],
      ["/da/events", "havnesp"],
    ] as const) {
      const { html } = await get(`${path}?q=${encodeURIComponent(query)}`);
      expect(html, `${path}?q=${query}`).toContain(`/events/${english.slug}`);
      expect(html, `${path}?q=${query}`).not.toContain(`/events/${danishOnly.slug}`);
    }
    // A line break joins the two languages in the index: no match spans them.
    const { html } = await get(`/events?q=${encodeURIComponent("Sprint Havne")}`);
    expect(html).not.toContain(`/events/${english.slug}`);
  });

  it("gives the site's standard cancellation terms in the page's language", async () => {
    const da = await get(`/da/events/${english.slug}`);
    expect(da.html).toContain("Gratis afbestilling indtil tilmeldingsfristen");
    const en = await get(`/events/${english.slug}`);
    expect(en.html).toContain("Free cancellation until the registration deadline");
  });
});

describe(`the event editor in two languages on ${testDatabaseKind}`, () => {
  let club: { id: string };
  let member: TestAccount;

  beforeAll(async () => {
    club = await createTestPartner(db(), "Editor Club");
    member = await createAccount(site, { role: "partner", partnerId: club.id });
  });

  const create = (form: EventFormInput) =>
    postForm(
      site,
      `/dashboard/partner/events/new?partner=${club.id}`,
      { intent: "save", createKey: crypto.randomUUID(), ...flatEventForm(form) },
      member.cookie,
    );

  it("stores both languages, the translations sanitized like the main texts", async () => {
    const form = eventForm({
      title: "Bay Regatta",
      titleTranslation: "Bugtregatta",
      descriptionTranslation: "Kaproning i bugten",
      detailedDescriptionHtmlTranslation: '<p>Trænere i hver båd.</p><script>alert("x")</script>',
      locationTranslation: "København",
      schedule: [{ time: "09:00", activity: "Welcome", activityTranslation: "Velkomst" }],
      faqs: [
        { question: "Parking?", answer: "Yes.", questionTranslation: "Parkering?", answerTranslation: "Ja." },
      ],
    });
    const response = await create(form);
    expect(response.status).toBe(303);
    const [stored] = await db().select().from(events).where(eq(events.slug, form.slug));
    expect(stored).toMatchObject({
      language: "en",
      title: "Bay Regatta",
      titleTranslation: "Bugtregatta",
      descriptionTranslation: "Kaproning i bugten",
      detailedDescriptionHtmlTranslation: "<p>Trænere i hver båd.</p>",
      locationTranslation: "København",
      schedule: [{ time: "09:00", activity: "Welcome", activityTranslation: "Velkomst" }],
      faqs: [
        { question: "Parking?", answer: "Yes.", questionTranslation: "Parkering?", answerTranslation: "Ja." },
      ],
    });

    // The editor opens with both, and says how far the translation has come.
    const editor = await get(`/dashboard/partner/events/${stored!.id}`, member.cookie);
    expect(editor.html).toContain('value="Bugtregatta"');
    expect(editor.html).toContain("Title (Danish)");
    expect(editor.html).toContain("Translated into Danish:");
    expect(editor.html).toContain("Not translated yet:");
  });

  it("starts a new event in the partner's language", async () => {
    await db().update(partners).set({ language: "da" }).where(eq(partners.id, club.id));
    try {
      const form = eventForm({ title: "Morgenroning" });
      expect((await create(form)).status).toBe(303);
      const [stored] = await db().select().from(events).where(eq(events.slug, form.slug));
      expect(stored?.language).toBe("da");
      const page = await get(`/dashboard/partner/events/new?partner=${club.id}`, member.cookie);
      expect(page.html).toMatch(/<option value="da" selected="">Dansk<\/option>/);
    } finally {
      await db().update(partners).set({ language: "en" }).where(eq(partners.id, club.id));
    }
  });

  it.each([
    ["titleTranslation", { titleTranslation: "x".repeat(201) }, "Please keep this under 200 characters"],
    ["language", { language: "de" }, "Please choose English or Dansk"],
    [
      "schedule[0].activity",
      { schedule: [{ time: "", activity: "", activityTranslation: "Frokost" }] },
      "Write this in the main language too",
    ],
    [
      "faqs[0].answerTranslation",
      { faqs: [{ question: "Parking?", answer: "Yes.", questionTranslation: "Parkering?" }] },
      "Please enter the answer",
    ],
  ] as const)(
    "refuses %s with 400 and the message beside it, creating nothing",
    async (field, overrides, message) => {
      const form = eventForm(overrides as Partial<EventFormInput>);
      const response = await create(form);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(message);
      // Everything typed comes back.
      expect(html).toContain(form.title);
      expect(await db().select().from(events).where(eq(events.slug, form.slug))).toEqual([]);
      expect(field).toBeTruthy();
    },
  );
});

describe(`review covers both languages on ${testDatabaseKind}`, () => {
  let member: TestAccount;
  let admin: TestAccount;
  let eventId: string;
  let slug: string;

  beforeAll(async () => {
    const club = await createTestPartner(db(), "Review Club");
    member = await createAccount(site, { role: "partner", partnerId: club.id });
    admin = await createAccount(site, { role: "admin" });
    const event = await createTestEvent(db(), club.id, {
      title: "Canal Race",
      description: "Racing on the canal",
      publishedAt: new Date(),
    });
    eventId = event.id;
    slug = event.slug;
  });

  it("sends a changed translation of a published event to review, flagging what is still untranslated", async () => {
    const before = await eventRow(db(), eventId);
    const editor = await get(`/dashboard/partner/events/${eventId}`, member.cookie);
    expect(editor.status).toBe(200);
    const form = {
      ...eventForm({
        title: before!.title,
        slug: before!.slug,
        description: before!.description,
        location: before!.location,
        locationDetails: before!.locationDetails,
        detailedDescriptionHtml: before!.detailedDescriptionHtml,
        schedule: [],
        faqs: [],
        maxTeams: String(before!.maxTeams),
        price: String(before!.priceMinor / 100),
      }),
      titleTranslation: "Kanalløbet",
    };
    // Same moments as stored, so the title's translation is the only change.
    const { startsAt, endsAt, registrationDeadline } = eventFormValues(before!);
    const response = await postForm(
      site,
      `/dashboard/partner/events/${eventId}`,
      { intent: "save", ...flatEventForm({ ...form, startsAt, endsAt, registrationDeadline }) },
      member.cookie,
    );
    expect(response.status).toBe(303);
    // The published event is unchanged; the change waits in its revision.
    expect((await eventRow(db(), eventId))?.titleTranslation).toBe("");
    const revision = await revisionRow(db(), eventId);
    expect(revision?.values.titleTranslation).toBe("Kanalløbet");
    expect((await get(`/da/events/${slug}`)).html).not.toContain("Kanalløbet");

    await postForm(site, `/dashboard/partner/events/${eventId}`, { intent: "submit" }, member.cookie);
    const review = await get(`/dashboard/admin/events/${eventId}`, admin.cookie);
    expect(review.status).toBe(200);
    expect(review.html).toContain("Title (Danish)");
    expect(review.html).toContain("Kanalløbet");
    expect(review.html).toContain("Not translated into Danish yet");
    expect(review.html).toMatch(/<li>Short description<\/li>/);
    // The preview, as Danish visitors will see it.
    const preview = await get(`/dashboard/admin/events/${eventId}?language=da`, admin.cookie);
    expect(preview.html).toContain("Kanalløbet");
    // The admin reads English: the note about the untranslated summary is in it.
    expect(preview.html).toContain("Only in English");

    const person = await createPerson(db(), { role: "admin" });
    const current = await eventRow(db(), eventId);
    await approveEvent(
      { db: db(), jobs: outbox.jobs, baseUrl: site.baseUrl },
      { actor: adminActor(person), eventId, input: { version: String(current!.version) } },
    );
    expect((await eventRow(db(), eventId))?.titleTranslation).toBe("Kanalløbet");
    expect((await get(`/da/events/${slug}`)).html).toContain("Kanalløbet");
  });
});
