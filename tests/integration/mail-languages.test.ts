import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Locale } from "~/lib/i18n/locale";
import { rosterFieldName } from "~/lib/forms/registration-schema";
import type { Actor } from "#server/auth/actor";
import { declineApplication } from "#server/applications/decline-application";
import {
  inquiries,
  outboxEmails,
  partnerApplications,
  partnerInvitations,
  partnerMembers,
  profiles,
  teamRegistrations,
  users,
} from "#server/db/schema";
import { withLocale } from "#server/http/language";
import { replyToInquiry } from "#server/inquiries/reply-to-inquiry";
import { submitPartnerInquiry } from "#server/inquiries/submit-partner-inquiry";
import { issueInvitation } from "#server/invitations/grant-partner-access";
import { cancelRegistration } from "#server/registrations/cancel-registration";
import { registerTeam } from "#server/registrations/register-team";
import { createTestDatabase, testDatabaseKind } from "../support/database";
import type { DatabaseHandle } from "#server/db/client";
import { createTestEvent } from "../support/events";
import { createTestPartner } from "../support/partners";
import { postForm } from "../support/accounts";
import { createTestSite, type TestSite } from "../support/http-app";
import { recordingJobs } from "../support/jobs";
import { invoiceAddress, VALID_CVR } from "../support/booking-form";

// Mails and calendar files go out in the recipient's language (ADR 033): a booking, an
// inquiry, an application and an invitation keep the language they were made in, and a
// mail to a partner's member is in that member's profile language, whatever the language
// of the request that sends it.

const BASE_URL = "https://rcl.test";
const now = new Date("2026-11-21T12:00:00Z");

let database: DatabaseHandle;
let outbox: ReturnType<typeof recordingJobs>;
const services = () => ({ db: database.db, jobs: outbox.jobs, baseUrl: BASE_URL });

async function createPerson(label: string, language: Locale, role: "user" | "partner" | "admin" = "user") {
  const id = `lang-${label}-${randomUUID()}`;
  const [user] = await database.db
    .insert(users)
    .values({ id, name: label, email: `${id}@fjord.example`, emailVerified: true })
    .returning();
  await database.db
    .insert(profiles)
    .values({ userId: id, firstName: label, lastName: "Test", role, language });
  return user!;
}

const actorOf = (userId: string): Actor => ({ userId, role: "user", partnerIds: [] });
const adminActor = (userId: string): Actor => ({ userId, role: "admin", partnerIds: [] });
const memberActor = (userId: string, partnerId: string): Actor => ({
  userId,
  role: "partner",
  partnerIds: [partnerId],
});

const form = (teamName: string, captainEmail: string) => ({
  teamName,
  company: `${teamName} A/S`,
  billingCompany: `${teamName} A/S`,
  cvr: VALID_CVR,
  billingEmail: "billing@fjord.example",
  ...invoiceAddress,
  captainName: "Captain",
  captainEmail,
  captainPhone: "+45 11 22 33 44",
  [rosterFieldName(0, "name")]: "Rower 1",
  acceptTerms: "on",
});

beforeAll(async () => {
  database = await createTestDatabase();
  outbox = recordingJobs(database);
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await outbox.deliver();
  outbox.sent.length = 0;
});

describe(`mails in the recipient's language on ${testDatabaseKind}`, () => {
  it("gives a Danish booker the partner's Danish texts where the partner translated them (ADR 034)", async () => {
    const partner = await createTestPartner(database.db, "Translated Club");
    const event = await createTestEvent(database.db, partner.id, {
      now,
      title: "Fjord Sprint",
      titleTranslation: "Fjordsprint",
      location: "Copenhagen",
      locationTranslation: "København",
    });
    const booker = await createPerson("translated-booker", "da");
    const english = await createPerson("english-booker", "en");
    const book = (actor: Actor, team: string, locale: Locale) =>
      withLocale(locale, () =>
        registerTeam(services(), {
          actor,
          eventId: event.id,
          input: form(team, `captain-${randomUUID()}@fjord.example`),
          idempotencyKey: randomUUID(),
          now,
        }),
      );
    const { registration } = await book(actorOf(booker.id), "Sprint Crew", "da");
    await book(actorOf(english.id), "English Crew", "en");
    const sent = await outbox.deliver();
    const danish = sent.find((mail) => mail.to === booker.email);
    expect(danish?.subject).toBe(`Tilmelding bekræftet: Fjordsprint (${registration.reference})`);
    expect(danish?.text).toContain("København");
    const ics = danish?.attachments?.[0]?.content.replace(/\r\n /g, "") ?? "";
    expect(ics).toContain("SUMMARY:Fjordsprint");
    expect(ics).toMatch(/LOCATION:.*København/);
    const inEnglish = sent.find((mail) => mail.to === english.email);
    expect(inEnglish?.subject).toContain("Fjord Sprint");
    expect(inEnglish?.text).not.toContain("Fjordsprint");
  });

  it("mails a Danish booker in Danish and each partner member in their own language", async () => {
    const partner = await createTestPartner(database.db, "Language Club");
    const englishMember = await createPerson("english-member", "en", "partner");
    const danishMember = await createPerson("danish-member", "da", "partner");
    await database.db.insert(partnerMembers).values([
      { partnerId: partner.id, userId: englishMember.id },
      { partnerId: partner.id, userId: danishMember.id },
    ]);
    // The partner writes its event in English.
    const event = await createTestEvent(database.db, partner.id, { now, title: "Harbour Sprint Regatta" });
    const booker = await createPerson("danish-booker", "en");
    const captainEmail = `captain-${randomUUID()}@fjord.example`;

    // Booked from a Danish page: the request's language is the booking's.
    const { registration } = await withLocale("da", () =>
      registerTeam(services(), {
        actor: actorOf(booker.id),
        eventId: event.id,
        input: form("Nyhavn Crew", captainEmail),
        idempotencyKey: randomUUID(),
        now,
      }),
    );
    expect(registration.language).toBe("da");
    const [stored] = await database.db
      .select({ language: teamRegistrations.language })
      .from(teamRegistrations)
      .where(eq(teamRegistrations.id, registration.id));
    expect(stored?.language).toBe("da");

    const sent = await outbox.deliver();
    const confirmation = sent.find((mail) => mail.to === booker.email);
    expect(confirmation?.subject).toBe(
      `Tilmelding bekræftet: Harbour Sprint Regatta (${registration.reference})`,
    );
    expect(confirmation?.text).toContain("Nyhavn Crew er tilmeldt Harbour Sprint Regatta.");
    expect(confirmation?.text).toContain(`Tilmeldingsreference: ${registration.reference}`);
    expect(confirmation?.text).toContain("Du får denne mail, fordi");
    expect(confirmation?.text).toContain("Se mine tilmeldinger: https://rcl.test/dashboard/bookings");
    expect(confirmation?.text).not.toContain("Booking reference");
    expect(confirmation?.text).not.toContain("You get this mail");
    expect(confirmation?.html).toContain('lang="da"');
    // The event's own text stays as the partner wrote it; the calendar file's words and link are Danish.
    const ics = confirmation?.attachments?.[0]?.content.replace(/\r\n /g, "") ?? "";
    expect(ics).toContain("SUMMARY:Harbour Sprint Regatta");
    expect(ics).toContain(`DESCRIPTION:Tilmeldingsreference: ${registration.reference}`);
    expect(ics).toContain(`URL:${BASE_URL}/da/events/${event.slug}`);

    const toEnglishMember = sent.find((mail) => mail.to === englishMember.email);
    expect(toEnglishMember?.subject).toBe(
      `New booking: Nyhavn Crew for Harbour Sprint Regatta (${registration.reference})`,
    );
    expect(toEnglishMember?.text).toContain(`Booking reference: ${registration.reference}`);
    expect(toEnglishMember?.text).toContain(
      "You get this mail because you are a member of a partner on Rethink Corporate Life.",
    );
    expect(toEnglishMember?.text).not.toContain("Tilmeldingsreference");
    expect(toEnglishMember?.html).toContain('lang="en"');

    const toDanishMember = sent.find((mail) => mail.to === danishMember.email);
    expect(toDanishMember?.subject).toBe(
      `Ny tilmelding: Nyhavn Crew til Harbour Sprint Regatta (${registration.reference})`,
    );
    expect(toDanishMember?.text).toContain("Åbn partneroversigten: https://rcl.test/dashboard/partner");
    outbox.sent.length = 0;

    // Cancelled later from an English page: the booking's mails stay in its language.
    await withLocale("en", () =>
      cancelRegistration(services(), { actor: actorOf(booker.id), registrationId: registration.id, now }),
    );
    const afterCancel = await outbox.deliver();
    const cancelled = afterCancel.filter((mail) => mail.to === booker.email || mail.to === captainEmail);
    expect(cancelled.length).toBeGreaterThan(0);
    for (const mail of cancelled) {
      expect(mail.subject).toMatch(/^Tilmelding afmeldt: Nyhavn Crew til Harbour Sprint Regatta/);
      expect(mail.text).toContain("Din tilmelding er afmeldt");
    }
    expect(afterCancel.find((mail) => mail.to === englishMember.email)?.subject).toMatch(
      /^Booking cancelled: Nyhavn Crew for Harbour Sprint Regatta/,
    );
    expect(afterCancel.find((mail) => mail.to === danishMember.email)?.subject).toMatch(
      /^Tilmelding afmeldt: Nyhavn Crew til Harbour Sprint Regatta/,
    );
  });

  it("keeps English bookings in English, word for word", async () => {
    const partner = await createTestPartner(database.db, "English Club");
    const event = await createTestEvent(database.db, partner.id, { now, title: "Fjord Cup" });
    const booker = await createPerson("english-booker", "da");
    const { registration } = await withLocale("en", () =>
      registerTeam(services(), {
        actor: actorOf(booker.id),
        eventId: event.id,
        input: form("Fjord Crew", `captain-${randomUUID()}@fjord.example`),
        idempotencyKey: randomUUID(),
        now,
      }),
    );
    expect(registration.language).toBe("en");
    const confirmation = (await outbox.deliver()).find((mail) => mail.to === booker.email);
    expect(confirmation?.subject).toBe(`Registration confirmed: Fjord Cup (${registration.reference})`);
    expect(confirmation?.text).toContain("View My Bookings: https://rcl.test/dashboard/bookings");
    expect(confirmation?.attachments?.[0]?.content).toContain(`Booking reference: ${registration.reference}`);
  });

  it("answers an inquiry in the language the visitor wrote in", async () => {
    const partner = await createTestPartner(database.db, "Inquiry Language Club", {
      email: `club-${randomUUID()}@club.example`,
    });
    const member = await createPerson("inquiry-member", "en", "partner");
    await database.db.insert(partnerMembers).values({ partnerId: partner.id, userId: member.id });
    const visitor = `visitor-${randomUUID()}@company.example`;
    const inquiry = await withLocale("da", () =>
      submitPartnerInquiry(
        { db: database.db, jobs: outbox.jobs },
        {
          partnerSlug: partner.slug,
          actor: null,
          clientIp: "203.0.113.77",
          input: {
            name: "Sofie Lund",
            email: visitor,
            company: "Nyhavn Legal ApS",
            message: "Kan I lave en teamdag for 30 personer i august?",
            preferredDate: "2027-08-14",
            groupSize: "30",
          },
        },
      ),
    );
    expect(inquiry.language).toBe("da");
    // To the partner's address, in its member's language.
    const toPartner = (await outbox.deliver()).find((mail) => mail.to === partner.email);
    expect(toPartner?.subject).toBe("New inquiry through Rethink Corporate Life: Sofie Lund");
    outbox.sent.length = 0;

    await withLocale("en", () =>
      replyToInquiry(
        { db: database.db, jobs: outbox.jobs },
        {
          actor: memberActor(member.id, partner.id),
          inquiryId: inquiry.id,
          input: { reply: "Yes, we can host you on 14 August." },
          now,
        },
      ),
    );
    const reply = (await outbox.deliver()).find((mail) => mail.to === visitor);
    expect(reply?.subject).toBe(`Sv: Henvendelse til ${partner.name}`);
    expect(reply?.text).toContain(`${partner.name} har svaret på din henvendelse`);
    expect(reply?.text).toContain("Yes, we can host you on 14 August.");
    expect(reply?.text).toContain("skrev du:");
    expect(reply?.text).toContain(
      "Du får denne mail, fordi du har skrevet til en partner via Rethink Corporate Life.",
    );
  });

  it("tells an applicant of a decision in the language they applied in", async () => {
    const admin = await createPerson("admin", "en", "admin");
    const [application] = await database.db
      .insert(partnerApplications)
      .values({
        organizationName: "Sorø Roklub",
        organizationType: "rowing_club",
        location: "Sorø",
        contactName: "Mette Dahl",
        email: `mette-${randomUUID()}@soroe-roklub.example`,
        description: "En roklub ved Sorø Sø.",
        message: "Vi vil gerne tilbyde firmaarrangementer.",
        language: "da",
      })
      .returning();
    await withLocale("en", () =>
      declineApplication(
        { db: database.db, jobs: outbox.jobs },
        {
          actor: adminActor(admin.id),
          applicationId: application!.id,
          input: { reason: "Vi optager kun klubber med egne trænere lige nu." },
          now,
        },
      ),
    );
    const mail = (await outbox.deliver()).find((sent) => sent.to === application!.email);
    expect(mail?.subject).toBe("Din partneransøgning for Sorø Roklub");
    expect(mail?.text).toContain("Kære Mette Dahl");
    expect(mail?.text).toContain("Vi optager kun klubber med egne trænere lige nu.");
  });

  it("invites in the language of the page the invitation was sent from", async () => {
    const partner = await createTestPartner(database.db, "Invitation Club");
    const email = `invitee-${randomUUID()}@club.example`;
    await withLocale("da", () =>
      database.db.transaction((tx) =>
        issueInvitation(
          tx,
          { jobs: outbox.jobs, baseUrl: BASE_URL },
          { partner, email, invitedBy: null, now },
        ),
      ),
    );
    const [invitation] = await database.db
      .select({ language: partnerInvitations.language })
      .from(partnerInvitations)
      .where(eq(partnerInvitations.email, email));
    expect(invitation?.language).toBe("da");
    const mail = (await outbox.deliver()).find((sent) => sent.to === email);
    expect(mail?.subject).toBe(
      `Du er inviteret til at administrere ${partner.name} på Rethink Corporate Life`,
    );
    expect(mail?.text).toMatch(new RegExp(`Vælg din adgangskode: ${BASE_URL}/da/invitations/\\S+`));
  });

  it("keeps each row's language to 'en' and 'da', English by default", async () => {
    const partner = await createTestPartner(database.db, "Default Language Club");
    const [row] = await database.db
      .insert(inquiries)
      .values({ partnerId: partner.id, name: "N", email: "n@example.com", message: "Hello there, rowers" })
      .returning();
    expect(row?.language).toBe("en");
    await expect(
      database.db.execute(sql`update inquiries set language = 'de' where id = ${row!.id}`),
    ).rejects.toThrow();
  });
});

describe("the language of rows made through Danish pages", () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite({ trustProxy: true });
  });
  afterAll(async () => {
    await site?.close();
  });

  it("stores a partner application from /da/partners/apply as Danish and acknowledges it in Danish", async () => {
    const email = `jens-${randomUUID()}@aarhus-roklub.example`;
    const response = await postForm(site, "/da/partners/apply", {
      organizationName: "Aarhus Sprogroklub",
      organizationType: "rowing_club",
      location: "Aarhus",
      website: "https://aarhus-roklub.example/",
      contactName: "Jens Møller",
      email,
      phone: "+45 86 12 34 56",
      description: "En roklub ved Aarhus Bugt med otterer, trænere og et bådhus til 80 gæster.",
      message: "Vi vil gerne tilbyde firmaregattaer til virksomheder i Jylland.",
    });
    expect(response.status).toBe(303);
    const [application] = await site.database.db
      .select({ language: partnerApplications.language })
      .from(partnerApplications)
      .where(eq(partnerApplications.email, email));
    expect(application?.language).toBe("da");
    await site.runDueJobs();
    const [mail] = await site.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, email))
      .orderBy(desc(outboxEmails.createdAt));
    expect(mail?.subject).toBe("Vi har modtaget din ansøgning for Aarhus Sprogroklub");
    expect(mail?.text).toContain("Kære Jens Møller");
  });

  it("stores an inquiry from a Danish partner page as Danish", async () => {
    const email = `lars-${randomUUID()}@nordhavn.example`;
    const response = await postForm(site, "/da/partners/frankfurter-rg-germania/inquire", {
      name: "Lars Holm",
      email,
      company: "Nordhavn Analytics",
      message: "Kan I lave en regatta for 30 personer i september?",
      preferredDate: "2027-09-14",
      groupSize: "30",
    });
    expect(response.status).toBe(303);
    const [row] = await site.database.db
      .select({ language: inquiries.language })
      .from(inquiries)
      .where(and(eq(inquiries.email, email)));
    expect(row?.language).toBe("da");
  });

  it("serves the public event calendar file in the page's language", async () => {
    const partner = await createTestPartner(site.database.db, "Calendar Language Club");
    const event = await createTestEvent(site.database.db, partner.id);
    const danish = await site.request(`/da/events/${event.slug}/calendar.ics`);
    expect(danish.status).toBe(200);
    expect((await danish.text()).replace(/\r\n /g, "")).toContain(`/da/events/${event.slug}`);
    const english = await (await site.request(`/events/${event.slug}/calendar.ics`)).text();
    expect(english.replace(/\r\n /g, "")).toContain(`/events/${event.slug}`);
    expect(english.replace(/\r\n /g, "")).not.toContain("/da/events/");
  });
});
