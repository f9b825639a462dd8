import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventFormValues } from "~/components/events/event-editor/form-values";
import { approveEvent } from "#server/events/approve-event";
import { registerTeam } from "#server/registrations/register-team";
import { events, partners } from "#server/db/schema";
import { createAccount, postForm, userActor, type TestAccount } from "../support/accounts";
import { createEmptyDatabaseTarget, testDatabaseKind } from "../support/database";
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
import { invoiceAddress, VALID_CVR } from "../support/booking-form";

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
  let danishOnly: { id: string; slug: string };

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

  it("shows a booker their bookings in their language, marking what is only in the other", async () => {
    const booker = await createAccount(site);
    await registerTeam(
      { db: db(), jobs: outbox.jobs, baseUrl: site.baseUrl },
      {
        actor: userActor(booker.id),
        eventId: danishOnly.id,
        idempotencyKey: crypto.randomUUID(),
        input: {
          teamName: "Bay Crew",
          company: "Bay A/S",
          billingCompany: "Bay A/S",
          cvr: VALID_CVR,
          billingEmail: "billing@bay.example",
          ...invoiceAddress,
          captainName: "Captain",
          captainEmail: "captain@bay.example",
          captainPhone: "+45 11 22 33 44",
          acceptTerms: "on",
        },
      },
    );
    const home = await get("/dashboard", booker.cookie);
    expect(home.html).toMatch(/<a [^>]*lang="da"[^>]*>Fjordregatta<\/a>/);
    const bookings = await get("/dashboard/bookings", booker.cookie);
    expect(bookings.html).toMatch(/lang="da"[^>]*>Fjordregatta</);
    expect(bookings.html).toContain("Only in Danish");
  });

  it("gives the site's standard cancellation terms in the page's language", async () => {
    const da = await get(`/da/events/${english.slug}`);
    expect(da.html).toContain("følger eventets regler for refusion ved afmelding");
    const en = await get(`/events/${english.slug}`);
    expect(en.html).toContain("follows the event&#x27;s cancellation policy");
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
      "cancellationTerms",
      { cancellationTerms: "", cancellationTermsTranslation: "Ingen refusion efter fristen." },
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

describe(`the partner profile in two languages on ${testDatabaseKind}`, () => {
  let club: { id: string; slug: string };
  let member: TestAccount;

  beforeAll(async () => {
    club = await createTestPartner(db(), "Profile Club");
    member = await createAccount(site, { role: "partner", partnerId: club.id });
  });

  const profileForm = (overrides: Record<string, string> = {}) => ({
    intent: "save",
    language: "en",
    name: "Profile Club",
    location: "Aarhus",
    description: "Rowing on the bay since 1886.",
    descriptionTranslation: "Roning i bugten siden 1886.",
    fullDescriptionHtml: "<p>We row every morning.</p>",
    fullDescriptionHtmlTranslation: "<p>Vi ror hver morgen.</p><img src=x onerror=alert(1)>",
    "facilities[0].text": "Boathouse",
    "facilities[0].textTranslation": "Bådhus",
    "facilities[1].text": "Sauna",
    "services[0].text": "Coaching",
    "services[0].textTranslation": "Træning",
    "testimonials[0].name": "Ida Holm",
    "testimonials[0].position": "HR lead",
    "testimonials[0].comment": "The best team day we had.",
    "testimonials[0].positionTranslation": "HR-chef",
    "testimonials[0].commentTranslation": "Den bedste teamdag, vi har haft.",
    ...overrides,
  });
  const save = (fields: Record<string, string>) =>
    postForm(site, `/dashboard/partner/profile?partner=${club.id}`, fields, member.cookie);

  it("stores both languages side by side, sanitized, and shows each reader theirs", async () => {
    const response = await save(profileForm());
    expect(response.status).toBe(303);
    const [row] = await db().select().from(partners).where(eq(partners.id, club.id));
    expect(row).toMatchObject({
      language: "en",
      descriptionTranslation: "Roning i bugten siden 1886.",
      fullDescriptionHtmlTranslation: "<p>Vi ror hver morgen.</p>",
      facilities: ["Boathouse", "Sauna"],
      facilitiesTranslation: ["Bådhus", ""],
      services: ["Coaching"],
      servicesTranslation: ["Træning"],
      testimonials: [
        {
          name: "Ida Holm",
          position: "HR lead",
          comment: "The best team day we had.",
          positionTranslation: "HR-chef",
          commentTranslation: "Den bedste teamdag, vi har haft.",
        },
      ],
    });

    const da = await get(`/da/partners/${club.slug}`);
    expect(da.html).toContain("Roning i bugten siden 1886.");
    expect(da.html).toContain("<p>Vi ror hver morgen.</p>");
    expect(da.html).toContain("Træning");
    // One facility lacks its Danish: the list shows whole in English, marked.
    expect(da.html).toMatch(/<ul lang="en"[^>]*><li>Boathouse<\/li><li>Sauna<\/li><\/ul>/);
    expect(da.html).toContain("Kun på engelsk");
    const testimonials = await get(`/da/partners/${club.slug}?tab=testimonials`);
    expect(testimonials.html).toContain("Den bedste teamdag, vi har haft.");
    const en = await get(`/partners/${club.slug}`);
    expect(en.html).toContain("Rowing on the bay since 1886.");
    expect(en.html).not.toContain("Roning i bugten");
    expect(en.html).not.toContain("Only in");
  });

  it("makes Danish the main language when the partner says so, without moving any text", async () => {
    const response = await save(
      profileForm({
        language: "da",
        description: "Roning i bugten siden 1886.",
        descriptionTranslation: "Rowing on the bay since 1886.",
      }),
    );
    expect(response.status).toBe(303);
    const [row] = await db().select().from(partners).where(eq(partners.id, club.id));
    expect(row).toMatchObject({ language: "da", description: "Roning i bugten siden 1886." });
    expect((await get(`/partners/${club.slug}`)).html).toContain("Rowing on the bay since 1886.");
    await save(profileForm());
  });

  it.each([
    [
      "descriptionTranslation",
      { descriptionTranslation: "x".repeat(501) },
      "Please keep this under 500 characters",
    ],
    ["language", { language: "fr" }, "Please choose English or Dansk"],
    [
      "facilities[2].text",
      { "facilities[2].text": "", "facilities[2].textTranslation": "Omklædning" },
      "Write this in the main language too",
    ],
    ["testimonials[0].position", { "testimonials[0].position": "" }, "Write this in the main language too"],
    ["fullDescriptionHtml", { fullDescriptionHtml: "" }, "Write this in the main language too"],
  ])(
    "refuses %s with 400 and the message beside it, changing nothing",
    async (_field, overrides, message) => {
      const [before] = await db().select().from(partners).where(eq(partners.id, club.id));
      const response = await save(profileForm({ ...overrides, location: "Typed Aarhus" }));
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(message);
      expect(html).toContain("Typed Aarhus");
      const [after] = await db().select().from(partners).where(eq(partners.id, club.id));
      expect(after).toEqual(before);
    },
  );
});

describe(`existing content when the languages arrive (migration 0017) on ${testDatabaseKind}`, () => {
  const journal = JSON.parse(
    fs.readFileSync(new URL("../../server/db/migrations/meta/_journal.json", import.meta.url), "utf8"),
  ) as { entries: { idx: number; tag: string }[] };
  const statementsOf = (tag: string) =>
    fs
      .readFileSync(new URL(`../../server/db/migrations/${tag}.sql`, import.meta.url), "utf8")
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .filter(Boolean);

  it("keeps every text as the main language's, in the language its partner applied in", async () => {
    const target = await createEmptyDatabaseTarget("content-languages");
    const database = await target.open();
    try {
      const run = async (tags: string[]) => {
        for (const tag of tags) for (const statement of statementsOf(tag)) await database.runSql(statement);
      };
      const before = journal.entries.filter((entry) => entry.idx < 17).map((entry) => entry.tag);
      const languages = journal.entries.find((entry) => entry.idx === 17)!.tag;
      await run(before);

      // A partner approved from a Danish application, one from an English one, one added by an admin.
      await database.runSql(`insert into partners (id, slug, name, location, description, status, facilities)
        values ('00000000-0000-4000-8000-0000000000d1', 'dansk-klub', 'Dansk Klub', 'Vejle', 'Roning på fjorden', 'approved', '{Bådhus}'),
               ('00000000-0000-4000-8000-0000000000e1', 'english-club', 'English Club', 'Aarhus', 'Rowing on the bay', 'approved', '{}'),
               ('00000000-0000-4000-8000-0000000000a1', 'admin-club', 'Admin Club', 'Odense', 'Added by an admin', 'approved', '{}')`);
      await database.runSql(`insert into partner_applications
        (organization_name, organization_type, location, contact_name, email, description, message, status, partner_id, language)
        values ('Dansk Klub', 'rowing_club', 'Vejle', 'Mette', 'mette@klub.example', 'Roning', 'Hej', 'approved', '00000000-0000-4000-8000-0000000000d1', 'da'),
               ('English Club', 'rowing_club', 'Aarhus', 'Anna', 'anna@club.example', 'Rowing', 'Hi', 'approved', '00000000-0000-4000-8000-0000000000e1', 'en')`);
      await database.runSql(`insert into events (slug, title, description, type, partner_id, location, starts_at, ends_at, registration_deadline, price_minor, max_teams, schedule)
        values ('fjordregatta', 'Fjordregatta', 'Kaproning', 'traditional_rowing', '00000000-0000-4000-8000-0000000000d1', 'Vejle',
                '2027-06-15T07:00:00Z', '2027-06-15T15:00:00Z', '2027-06-01T07:00:00Z', 250000, 4, '[{"time":"09:00","activity":"Velkomst"}]'),
               ('bay-race', 'Bay Race', 'Racing', 'traditional_rowing', '00000000-0000-4000-8000-0000000000e1', 'Aarhus',
                '2027-06-15T07:00:00Z', '2027-06-15T15:00:00Z', '2027-06-01T07:00:00Z', 250000, 4, '[]')`);

      await run([languages]);

      const { rows: partnerRows } = await database.runSql(
        "select slug, language, description, description_translation, facilities, facilities_translation from partners order by slug",
      );
      expect(partnerRows).toEqual([
        {
          slug: "admin-club",
          language: "en",
          description: "Added by an admin",
          description_translation: "",
          facilities: [],
          facilities_translation: [],
        },
        {
          slug: "dansk-klub",
          language: "da",
          description: "Roning på fjorden",
          description_translation: "",
          facilities: ["Bådhus"],
          facilities_translation: [],
        },
        {
          slug: "english-club",
          language: "en",
          description: "Rowing on the bay",
          description_translation: "",
          facilities: [],
          facilities_translation: [],
        },
      ]);
      const { rows: eventRows } = await database.runSql(
        "select slug, language, title, title_translation, schedule from events order by slug",
      );
      expect(eventRows).toEqual([
        { slug: "bay-race", language: "en", title: "Bay Race", title_translation: "", schedule: [] },
        {
          slug: "fjordregatta",
          language: "da",
          title: "Fjordregatta",
          title_translation: "",
          schedule: [{ time: "09:00", activity: "Velkomst" }],
        },
      ]);
      // The site's standard terms gain their Danish.
      await database.runSql(
        "insert into site_settings (contact_email, contact_phone, company_registration_number, contact_inbox_email, address_line, postal_code, city) values ('a@b.dk', '1', '12345678', 'a@b.dk', 'Vej 1', '1000', 'By')",
      );
      const { rows: settings } = await database.runSql(
        "select default_cancellation_terms_da from site_settings",
      );
      expect(String(settings[0]?.default_cancellation_terms_da)).toContain("Gratis afbestilling");
    } finally {
      await database.close();
      await target.drop();
    }
  });
});
