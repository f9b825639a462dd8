import { randomUUID } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copenhagenInputValue } from "~/lib/dates";
import { rosterFieldName } from "~/lib/forms/registration-schema";
import type { Actor } from "#server/auth/actor";
import { getAdminDashboard } from "#server/dashboard/admin-dashboard";
import type { EventRow } from "#server/db/rows";
import { auditLog, events, teamRegistrations } from "#server/db/schema";
import type { Mail } from "#server/email/mailer";
import { approveEvent } from "#server/events/approve-event";
import { cancelEvent } from "#server/events/cancel-event";
import { createEvent } from "#server/events/create-event";
import { requestEventChanges } from "#server/events/request-event-changes";
import { listReviewQueue } from "#server/events/review-queries";
import { submitEvent } from "#server/events/submit-event";
import { unpublishEvent } from "#server/events/unpublish-event";
import { updateEvent } from "#server/events/update-event";
import { unusedImages } from "#server/images/release-images";
import type { ImageRef } from "#server/db/schema";
import { registerTeam } from "#server/registrations/register-team";
import { createAccount, postForm, type TestAccount } from "../support/accounts";
import { testDatabaseKind } from "../support/database";
import {
  adminActor,
  createPerson,
  DAY,
  eventForm,
  eventRow,
  flatEventForm,
  HOUR,
  MINUTE,
  partnerActor,
  plainActor,
  refusalOf,
  revisionRow,
  type EventFormInput,
  type Person,
} from "../support/event-publishing";
import { createTestSite, type TestSite } from "../support/http-app";
import { postImage, smallPng } from "../support/images";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";
import { invoiceAddress, VALID_CVR } from "../support/booking-form";

// The event lifecycle (issue 11), driven through its commands as the pages call them,
// with the public pages read over HTTP. One site for the file; every test makes its own
// partner and events, so the tests do not depend on each other.

let site: TestSite;
let outbox: ReturnType<typeof recordingJobs>;
let admin: Person;
let reviewer: Actor;

const db = () => site.database.db;
const services = () => ({ db: db(), jobs: outbox.jobs, baseUrl: site.baseUrl });

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
  // The site's own queue and this one share the job table: every mail the commands or the
  // pages queue is delivered here, attachments included (the dev outbox keeps none).
  outbox = recordingJobs(site.database);
  admin = await createPerson(site.database.db, { role: "admin", label: "reviewer" });
  reviewer = adminActor(admin);
});
afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

// ── Partners, events and decisions ─────────────────────────────────────────────────

type Club = {
  partner: Awaited<ReturnType<typeof createTestPartner>>;
  /** Two verified members, who both hear of RCL's decisions. */
  members: [Person, Person];
  actor: Actor;
};

let clubs = 0;
async function newClub(): Promise<Club> {
  clubs += 1;
  const partner = await createTestPartner(db(), `Publishing Roklub ${clubs}`);
  const members: [Person, Person] = [
    await createPerson(db(), { role: "partner", partnerId: partner.id, label: `member-a-${clubs}` }),
    await createPerson(db(), { role: "partner", partnerId: partner.id, label: `member-b-${clubs}` }),
  ];
  return { partner, members, actor: partnerActor(members[0], partner.id) };
}

const createDraft = (club: Club, form: EventFormInput = eventForm()) =>
  createEvent(services(), {
    actor: club.actor,
    partnerId: club.partner.id,
    createKey: randomUUID(),
    input: form,
  });

const save = (club: Club, eventId: string, form: EventFormInput, now?: Date) =>
  updateEvent(services(), { actor: club.actor, eventId, input: form, now });

const submit = (club: Club, eventId: string, now?: Date) =>
  submitEvent(services(), { actor: club.actor, eventId, now });

const approve = (event: Pick<EventRow, "id" | "version">, now?: Date) =>
  approveEvent(services(), {
    actor: reviewer,
    eventId: event.id,
    input: { version: String(event.version) },
    now,
  });

const requestChanges = (event: Pick<EventRow, "id" | "version">, note: string) =>
  requestEventChanges(services(), {
    actor: reviewer,
    eventId: event.id,
    input: { note, version: String(event.version) },
  });

const unpublish = (eventId: string, reason: string) =>
  unpublishEvent(services(), { actor: reviewer, eventId, input: { reason, confirm: "on" } });

const cancel = (actor: Actor, eventId: string, reason: string, now?: Date) =>
  cancelEvent(services(), { actor, eventId, input: { reason, confirm: "on" }, now });

/** A draft taken through review and approved: public. */
async function publishedEvent(club: Club, form: EventFormInput = eventForm()) {
  const draft = await createDraft(club, form);
  const inReview = await submit(club, draft.id);
  return approve(inReview);
}

/** The current row, which the test knows exists. */
async function rowOf(eventId: string): Promise<EventRow> {
  const row = await eventRow(db(), eventId);
  if (!row) throw new Error(`Event ${eventId} is gone.`);
  return row;
}

// ── Teams ──────────────────────────────────────────────────────────────────────────

const teamForm = (teamName: string, captainEmail: string) => ({
  teamName,
  company: `${teamName} A/S`,
  billingCompany: `${teamName} A/S`,
  cvr: VALID_CVR,
  billingEmail: "billing@teams.example",
  ...invoiceAddress,
  captainName: "Captain",
  captainEmail,
  captainPhone: "+45 11 22 33 44",
  [rosterFieldName(0, "name")]: "Rower One",
  acceptTerms: "on",
});

let teams = 0;
/** A team booked by its own person, with a captain address of its own. */
async function bookTeam(eventId: string, { waitlist = false }: { waitlist?: boolean } = {}) {
  teams += 1;
  const booker = await createPerson(db(), { label: `booker-${teams}` });
  const captainEmail = `captain-${teams}-${randomUUID().slice(0, 8)}@teams.example`;
  const { registration } = await registerTeam(services(), {
    actor: plainActor(booker),
    eventId,
    input: teamForm(`Team ${teams}`, captainEmail),
    idempotencyKey: randomUUID(),
    joinWaitlist: waitlist,
  });
  return { registration, booker, captainEmail };
}

const registrationsOf = (eventId: string) =>
  db()
    .select()
    .from(teamRegistrations)
    .where(eq(teamRegistrations.eventId, eventId))
    .orderBy(asc(teamRegistrations.createdAt));

// ── Mail and pages ─────────────────────────────────────────────────────────────────

/** Every mail delivered so far to `to`, optionally only those whose subject contains `subject`. */
async function mailsTo(to: string, subject?: string): Promise<Mail[]> {
  await site.background.settled();
  const sent = await outbox.deliver();
  return sent.filter((mail) => mail.to === to && (subject === undefined || mail.subject.includes(subject)));
}

function calendarOf(mail: Mail) {
  const attachment = mail.attachments?.find((file) => file.filename.endsWith(".ics"));
  if (!attachment) throw new Error(`No .ics attached to "${mail.subject}"`);
  return attachment.content;
}

async function page(path: string, cookie?: string) {
  const response = await site.request(path, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** The page's main content, without the loader data React Router serialises after it. */
const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";

function jsonLd(html: string) {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error("no JSON-LD block");
  return JSON.parse(match[1]) as Record<string, unknown>;
}

/** Where an event is listed publicly: the events list, the home page, its partner's page, the sitemap's events file. */
async function listings(slug: string, partnerSlug: string) {
  const link = `/events/${slug}`;
  const [list, home, partner, sitemap] = await Promise.all([
    page("/events"),
    page("/"),
    page(`/partners/${partnerSlug}?tab=events`),
    page("/sitemaps/events-1.xml"),
  ]);
  for (const answer of [list, home, partner, sitemap]) expect(answer.status).toBe(200);
  return {
    events: list.html.includes(link),
    home: home.html.includes(link),
    partner: partner.html.includes(link),
    sitemap: sitemap.html.includes(link),
  };
}

async function auditActions(eventId: string) {
  const rows = await db()
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.entityId, eventId))
    .orderBy(asc(auditLog.createdAt));
  return rows.map((row) => row.action);
}

// ── Status transitions ─────────────────────────────────────────────────────────────

describe(`event status transitions on ${testDatabaseKind}`, () => {
  it("goes draft → in review → changes requested → in review → published, telling the right people at each step", async () => {
    const club = await newClub();
    const form = eventForm();
    const draft = await createDraft(club, form);
    expect(draft).toMatchObject({
      status: "draft",
      partnerId: club.partner.id,
      title: form.title,
      slug: form.slug,
      priceMinor: 250_000,
      currency: "DKK",
      maxTeams: 3,
      teamSize: 9,
      publishedAt: null,
      submittedAt: null,
    });

    const inReview = await submit(club, draft.id);
    expect(inReview.status).toBe("pending_review");
    expect(inReview.submittedAt).toBeInstanceOf(Date);
    expect(inReview.version).toBeGreaterThan(draft.version);
    const submittedMail = await mailsTo(admin.email, `New event to review: ${form.title}`);
    expect(submittedMail).toHaveLength(1);
    expect(submittedMail[0]!.text).toContain(`/dashboard/admin/events/${draft.id}`);

    const note = "Please say where the teams meet when they arrive.";
    const sentBack = await requestChanges(inReview, note);
    expect(sentBack).toMatchObject({ status: "changes_requested", reviewNote: note, submittedAt: null });
    expect(sentBack.publishedAt).toBeNull();
    for (const member of club.members) {
      const mails = await mailsTo(member.email, `Changes requested for your event: ${form.title}`);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(note);
    }

    const fixed = await save(club, draft.id, { ...form, locationDetails: "Meet at the blue boathouse" });
    expect(fixed.revision).toBeNull();
    expect(fixed.event).toMatchObject({
      status: "changes_requested",
      locationDetails: "Meet at the blue boathouse",
    });

    const again = await submit(club, draft.id);
    expect(again.status).toBe("pending_review");
    expect(await mailsTo(admin.email, `New event to review: ${form.title}`)).toHaveLength(2);

    const published = await approve(again);
    expect(published).toMatchObject({
      status: "published",
      reviewNote: null,
      submittedAt: null,
      locationDetails: "Meet at the blue boathouse",
    });
    expect(published.publishedAt).toBeInstanceOf(Date);
    for (const member of club.members) {
      expect(await mailsTo(member.email, `Your event is published: ${form.title}`)).toHaveLength(1);
    }
    expect(await auditActions(draft.id)).toEqual([
      "event.create",
      "event.submit",
      "event.request_changes",
      "event.update",
      "event.submit",
      "event.approve",
    ]);
  });

  it("mails a submission to every verified admin and to no one unverified", async () => {
    const club = await newClub();
    const second = await createPerson(db(), { role: "admin", label: "second-admin" });
    const unverified = await createPerson(db(), {
      role: "admin",
      label: "unverified-admin",
      verified: false,
    });
    const form = eventForm();
    const draft = await createDraft(club, form);
    await submit(club, draft.id);
    const subject = `New event to review: ${form.title}`;
    expect(await mailsTo(admin.email, subject)).toHaveLength(1);
    expect(await mailsTo(second.email, subject)).toHaveLength(1);
    expect(await mailsTo(unverified.email, subject)).toEqual([]);
    // The partner's own members are not reviewers.
    expect(await mailsTo(club.members[0].email, subject)).toEqual([]);
  });

  it("refuses a request for changes without a note, and changes nothing", async () => {
    const club = await newClub();
    const draft = await createDraft(club);
    const inReview = await submit(club, draft.id);
    const before = await rowOf(draft.id);
    const refusal = await refusalOf(requestChanges(inReview, "   "));
    expect(refusal.code).toBe("invalid");
    expect(refusal.fields).toHaveProperty("note");
    expect(await rowOf(draft.id)).toEqual(before);
  });

  it("refuses to submit a published event that has no changes, or an event already in review", async () => {
    const club = await newClub();
    const published = await publishedEvent(club);
    const refusal = await refusalOf(submit(club, published.id));
    expect(refusal.code).toBe("invalid_transition");
    expect(await rowOf(published.id)).toEqual(published);
    expect(await revisionRow(db(), published.id)).toBeNull();

    const inReview = await submit(club, (await createDraft(club)).id);
    expect((await refusalOf(submit(club, inReview.id))).code).toBe("invalid_transition");
    expect(await rowOf(inReview.id)).toEqual(inReview);
  });

  it("refuses to approve an event that is not in review: a draft, one sent back, one published without changes", async () => {
    const club = await newClub();
    const draft = await createDraft(club);
    const sentBack = await requestChanges(await submit(club, (await createDraft(club)).id), "Fix the date.");
    const published = await publishedEvent(club);
    for (const event of [draft, sentBack, published]) {
      const before = await rowOf(event.id);
      const refusal = await refusalOf(approve(before));
      expect(refusal.code).toBe("invalid_transition");
      expect(await rowOf(event.id)).toEqual(before);
    }
  });

  it("refuses to request changes when nothing is in review: a draft, a published event, an unsent change", async () => {
    const club = await newClub();
    const draft = await createDraft(club);
    const published = await publishedEvent(club);
    const form = eventForm();
    const withUnsentChange = await publishedEvent(club, form);
    await save(club, withUnsentChange.id, { ...form, title: `${form.title} renamed` });
    for (const event of [draft, published, withUnsentChange]) {
      const before = await rowOf(event.id);
      const revisionBefore = await revisionRow(db(), event.id);
      const refusal = await refusalOf(requestChanges(before, "Please change something."));
      expect(refusal.code).toBe("invalid_transition");
      expect(await rowOf(event.id)).toEqual(before);
      expect(await revisionRow(db(), event.id)).toEqual(revisionBefore);
    }
  });

  it("refuses to unpublish an event that is not published: a draft, one in review, a cancelled one", async () => {
    const club = await newClub();
    const draft = await createDraft(club);
    const inReview = await submit(club, (await createDraft(club)).id);
    const cancelled = await cancel(
      club.actor,
      (await publishedEvent(club)).id,
      "The harbour is closed that day.",
    );
    for (const event of [draft, inReview, cancelled]) {
      const before = await rowOf(event.id);
      const refusal = await refusalOf(unpublish(event.id, "Not suitable for the site."));
      expect(refusal.code).toBe("invalid_transition");
      expect(await rowOf(event.id)).toEqual(before);
    }
  });

  it("refuses to cancel an event that was never published: a draft, or one in review", async () => {
    const club = await newClub();
    const draft = await createDraft(club);
    const inReview = await submit(club, (await createDraft(club)).id);
    for (const event of [draft, inReview]) {
      const before = await rowOf(event.id);
      for (const actor of [club.actor, reviewer]) {
        const refusal = await refusalOf(cancel(actor, event.id, "We cannot make it after all."));
        expect(refusal.code).toBe("invalid_transition");
      }
      expect(await rowOf(event.id)).toEqual(before);
    }
  });

  it("refuses to edit, submit or cancel a cancelled event again", async () => {
    const club = await newClub();
    const form = eventForm();
    const published = await publishedEvent(club, form);
    const cancelled = await cancel(club.actor, published.id, "The harbour is closed that day.");
    expect(cancelled.status).toBe("cancelled");

    const edit = await refusalOf(save(club, published.id, { ...form, title: `${form.title} again` }));
    expect(edit.code).toBe("invalid_transition");
    expect((await refusalOf(submit(club, published.id))).code).toBe("invalid_transition");
    expect((await refusalOf(cancel(club.actor, published.id, "Cancelling once more."))).code).toBe(
      "invalid_transition",
    );
    expect((await refusalOf(cancel(reviewer, published.id, "Cancelling once more."))).code).toBe(
      "invalid_transition",
    );
    expect(await rowOf(published.id)).toEqual(cancelled);
    expect(await revisionRow(db(), published.id)).toBeNull();
  });

  it("refuses to edit, submit, approve or cancel an event that has started", async () => {
    const club = await newClub();
    const form = eventForm();
    const published = await publishedEvent(club, form);
    const inReview = await submit(club, (await createDraft(club)).id);
    const started = new Date(published.startsAt.getTime() + MINUTE);
    const startedToo = new Date(inReview.startsAt.getTime() + MINUTE);

    const edit = await refusalOf(
      save(club, published.id, { ...form, title: `${form.title} moved` }, started),
    );
    expect(edit.code).toBe("invalid_transition");
    // Even the at-once fields (an FAQ) stay as they were once the event is under way.
    const faq = await refusalOf(
      save(club, published.id, { ...form, faqs: [{ question: "Late?", answer: "Yes." }] }, started),
    );
    expect(faq.code).toBe("invalid_transition");
    expect((await refusalOf(cancel(club.actor, published.id, "Rain all day.", started))).code).toBe(
      "invalid_transition",
    );
    expect((await refusalOf(submit(club, inReview.id, startedToo))).code).toBe("invalid_transition");
    expect((await refusalOf(approve(inReview, startedToo))).code).toBe("invalid_transition");

    expect(await rowOf(published.id)).toEqual(published);
    expect(await revisionRow(db(), published.id)).toBeNull();
    expect(await rowOf(inReview.id)).toEqual(inReview);
  });

  it("unpublishing takes a published event off the site, sends it back with the reason and mails the members", async () => {
    const club = await newClub();
    const form = eventForm();
    const published = await publishedEvent(club, form);
    expect((await page(`/events/${form.slug}`)).status).toBe(200);

    const reason = "The venue has not confirmed the date yet.";
    const unpublished = await unpublish(published.id, reason);
    expect(unpublished).toMatchObject({ status: "changes_requested", reviewNote: reason });
    // It was public once: its address stays fixed, and it may still be cancelled.
    expect(unpublished.publishedAt).toEqual(published.publishedAt);
    for (const member of club.members) {
      const mails = await mailsTo(member.email, `Your event is no longer public: ${form.title}`);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(reason);
    }
    expect((await page(`/events/${form.slug}`)).status).toBe(404);
    expect(await listings(form.slug, club.partner.slug)).toEqual({
      events: false,
      home: false,
      partner: false,
      sitemap: false,
    });
    expect(await auditActions(published.id)).toContain("event.unpublish");
  });

  it("refuses to unpublish or cancel without a reason and a confirmation", async () => {
    const club = await newClub();
    const published = await publishedEvent(club);
    for (const input of [{ reason: "", confirm: "on" }, { reason: "The venue has not confirmed." }]) {
      const unpublishing = await refusalOf(
        unpublishEvent(services(), { actor: reviewer, eventId: published.id, input }),
      );
      expect(unpublishing.code).toBe("invalid");
      const cancelling = await refusalOf(
        cancelEvent(services(), { actor: club.actor, eventId: published.id, input }),
      );
      expect(cancelling.code).toBe("invalid");
      expect(Object.keys(cancelling.fields)).toEqual([input.reason === "" ? "reason" : "confirm"]);
    }
    expect(await rowOf(published.id)).toEqual(published);
  });
});

// ── Changes to a published event ───────────────────────────────────────────────────

describe(`changes to a published event on ${testDatabaseKind}`, () => {
  let uploader: TestAccount;
  let uploaderClub: Club;

  beforeAll(async () => {
    uploaderClub = await newClub();
    uploader = await createAccount(site, { role: "partner", partnerId: uploaderClub.partner.id });
  });

  it("keeps an upload that an event or a pending change still shows when something else lets go of it", async () => {
    const club = uploaderClub;
    const upload = await postImage(site, {
      cookie: uploader.cookie,
      partnerId: club.partner.id,
      file: await smallPng(),
      name: "shared.png",
      type: "image/png",
    });
    const shared = ((await upload.json()) as ImageRef).imageId!;
    expect(await unusedImages(db(), [shared])).toEqual([shared]);
    const form = eventForm({ image: { imageId: shared, alt: "A shared picture" } });
    const published = await publishedEvent(club, form);
    expect(await unusedImages(db(), [shared])).toEqual([]);
    // Replaced on the event by a change in review: the published row still shows it.
    await save(club, published.id, { ...form, image: null });
    expect(await unusedImages(db(), [shared])).toEqual([]);
  });

  it("keeps every reviewed field in a revision, leaves the public page alone until an admin approves", async () => {
    const club = uploaderClub;
    const upload = await postImage(site, {
      cookie: uploader.cookie,
      partnerId: club.partner.id,
      file: await smallPng(),
      name: "cover.png",
      type: "image/png",
    });
    expect(upload.status).toBe(201);
    const cover = (await upload.json()) as ImageRef;

    const form = eventForm();
    const published = await publishedEvent(club, form);
    const newStart = new Date(published.startsAt.getTime() + 2 * DAY);
    const newTitle = `Renamed Regatta ${randomUUID().slice(0, 8)}`;
    const newDescription = `A longer day on the fjord ${randomUUID().slice(0, 8)}`;
    const changed: EventFormInput = {
      ...form,
      title: newTitle,
      startsAt: copenhagenInputValue(newStart),
      endsAt: copenhagenInputValue(new Date(newStart.getTime() + 6 * HOUR)),
      registrationDeadline: copenhagenInputValue(new Date(newStart.getTime() - 2 * DAY)),
      location: "Aarhus",
      locationDetails: "The north pier",
      price: "3100,50",
      currency: "DKK",
      maxTeams: "6",
      teamSize: "8",
      description: newDescription,
      detailedDescriptionHtml: "<p>Now with lunch.</p>",
      image: { imageId: cover.imageId!, alt: "Boats on the fjord" },
      cancellationTerms: "Free cancellation until a week before.",
    };

    const before = await rowOf(published.id);
    const saved = await save(club, published.id, changed);
    expect(saved.revision?.status).toBe("draft");
    const after = await rowOf(published.id);
    // The public row is the published one; only its version (and change time) moved.
    expect(after).toEqual({ ...before, version: before.version + 1, updatedAt: after.updatedAt });
    const revision = await revisionRow(db(), published.id);
    expect(revision).toMatchObject({
      status: "draft",
      reviewNote: null,
      submittedAt: null,
      createdBy: club.members[0].id,
      values: {
        title: newTitle,
        startsAt: newStart.toISOString(),
        location: "Aarhus",
        locationDetails: "The north pier",
        priceMinor: 310_050,
        currency: "DKK",
        maxTeams: 6,
        teamSize: 8,
        description: newDescription,
        detailedDescriptionHtml: "<p>Now with lunch.</p>",
        image: { imageId: cover.imageId, alt: "Boats on the fjord" },
        cancellationTerms: "Free cancellation until a week before.",
      },
    });

    const publicPage = await page(`/events/${form.slug}`);
    expect(publicPage.status).toBe(200);
    expect(publicPage.html).toContain(form.title);
    expect(publicPage.html).not.toContain(newTitle);
    expect(publicPage.html).not.toContain(newDescription);

    const submitted = await submit(club, published.id);
    expect(submitted).toMatchObject({ status: "published", title: form.title });
    expect(await revisionRow(db(), published.id)).toMatchObject({ status: "pending_review" });
    const reviewMail = await mailsTo(admin.email, `Changes to review: ${form.title}`);
    expect(reviewMail).toHaveLength(1);
    expect((await page(`/events/${form.slug}`)).html).not.toContain(newTitle);

    const approved = await approve(submitted);
    expect(approved).toMatchObject({
      status: "published",
      slug: form.slug,
      title: newTitle,
      startsAt: new Date(revision!.values.startsAt),
      location: "Aarhus",
      priceMinor: 310_050,
      currency: "DKK",
      maxTeams: 6,
      teamSize: 8,
      description: newDescription,
      image: { imageId: cover.imageId, alt: "Boats on the fjord" },
      cancellationTerms: "Free cancellation until a week before.",
      publishedAt: published.publishedAt,
    });
    expect(await revisionRow(db(), published.id)).toBeNull();
    const updatedPage = await page(`/events/${form.slug}`);
    expect(updatedPage.html).toContain(newTitle);
    // The short description is the page's meta description; the detailed one is its Details tab.
    expect(updatedPage.html).toContain(newDescription);
    expect(mainOf(updatedPage.html)).toContain("Now with lunch.");
    for (const member of club.members) {
      expect(await mailsTo(member.email, `Your changes are published: ${newTitle}`)).toHaveLength(1);
    }
    expect(await auditActions(published.id)).toEqual([
      "event.create",
      "event.submit",
      "event.approve",
      "event.propose_changes",
      "event.submit_changes",
      "event.approve_changes",
    ]);
  });

  it("a request for changes to a revision keeps the event published and public, with the note on the revision", async () => {
    const club = await newClub();
    const form = eventForm();
    const published = await publishedEvent(club, form);
    const newTitle = `Moved Regatta ${randomUUID().slice(0, 8)}`;
    await save(club, published.id, { ...form, title: newTitle });
    const submitted = await submit(club, published.id);

    const note = "The new title should name the harbour.";
    const answered = await requestChanges(submitted, note);
    expect(answered).toMatchObject({ status: "published", title: form.title, reviewNote: null });
    expect(await revisionRow(db(), published.id)).toMatchObject({
      status: "changes_requested",
      reviewNote: note,
      submittedAt: null,
      values: { title: newTitle },
    });
    const publicPage = await page(`/events/${form.slug}`);
    expect(publicPage.status).toBe(200);
    expect(publicPage.html).toContain(form.title);
    expect(publicPage.html).not.toContain(newTitle);
    for (const member of club.members) {
      const mails = await mailsTo(member.email, "Changes requested for your event");
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(note);
    }

    // The partner fixes the change and sends it again; the note stays until then.
    const betterTitle = `Harbour ${newTitle}`;
    const fixed = await save(club, published.id, { ...form, title: betterTitle });
    expect(fixed.revision).toMatchObject({ status: "changes_requested", values: { title: betterTitle } });
    const resubmitted = await submit(club, published.id);
    expect(await revisionRow(db(), published.id)).toMatchObject({ status: "pending_review" });
    expect((await approve(resubmitted)).title).toBe(betterTitle);
  });

  it("applies FAQ and schedule changes at once, with no revision and no review", async () => {
    const club = await newClub();
    const form = eventForm();
    const published = await publishedEvent(club, form);
    const question = `Is there parking ${randomUUID().slice(0, 8)}?`;
    const saved = await save(club, published.id, {
      ...form,
      faqs: [...form.faqs, { question, answer: "Yes, behind the boathouse." }],
      schedule: [
        { time: "09:00", activity: "Welcome and coffee" },
        { time: "12:00", activity: "Lunch on the pier" },
      ],
    });
    expect(saved.revision).toBeNull();
    expect(await revisionRow(db(), published.id)).toBeNull();
    const after = await rowOf(published.id);
    expect(after).toMatchObject({ status: "published", title: form.title });
    expect(after.faqs).toEqual([...form.faqs, { question, answer: "Yes, behind the boathouse." }]);
    expect(after.schedule).toEqual([
      { time: "09:00", activity: "Welcome and coffee" },
      { time: "12:00", activity: "Lunch on the pier" },
    ]);
    const faqTab = await page(`/events/${form.slug}?tab=faqs`);
    expect(faqTab.status).toBe(200);
    expect(mainOf(faqTab.html)).toContain(question);
    // Nothing went to the admins.
    expect(await mailsTo(admin.email, `Changes to review: ${form.title}`)).toEqual([]);
  });

  it("drops the revision when the values saved are the published ones again", async () => {
    const club = await newClub();
    const form = eventForm();
    const published = await publishedEvent(club, form);
    const proposed = await save(club, published.id, { ...form, location: "Odense", price: "2600" });
    expect(proposed.revision).not.toBeNull();

    const reverted = await save(club, published.id, form);
    expect(reverted.revision).toBeNull();
    expect(await revisionRow(db(), published.id)).toBeNull();
    expect(await rowOf(published.id)).toMatchObject({ location: "Copenhagen", priceMinor: 250_000 });
    // Nothing is left to submit.
    expect((await refusalOf(submit(club, published.id))).code).toBe("invalid_transition");
  });

  it("keeps the address of an event that has been public", async () => {
    const club = await newClub();
    const form = eventForm();
    const published = await publishedEvent(club, form);
    const before = await rowOf(published.id);
    const refusal = await refusalOf(save(club, published.id, { ...form, slug: `${form.slug}-new` }));
    expect(refusal.code).toBe("invalid");
    expect(Object.keys(refusal.fields)).toEqual(["slug"]);
    expect(await rowOf(published.id)).toEqual(before);
    expect(await revisionRow(db(), published.id)).toBeNull();

    // Still fixed after an admin took it off the site.
    await unpublish(published.id, "Please check the dates again.");
    const unpublished = await rowOf(published.id);
    const again = await refusalOf(save(club, published.id, { ...form, slug: `${form.slug}-new` }));
    expect(again.fields).toHaveProperty("slug");
    expect(await rowOf(published.id)).toEqual(unpublished);
  });

  it("a draft's address may still change", async () => {
    const club = await newClub();
    const form = eventForm();
    const draft = await createDraft(club, form);
    const saved = await save(club, draft.id, { ...form, slug: `${form.slug}-renamed` });
    expect(saved.event.slug).toBe(`${form.slug}-renamed`);
  });
  it("tells every booked and waiting team when an approved change moves the time or place, with the new calendar file", async () => {
    const club = await newClub();
    const form = eventForm({ maxTeams: "1" });
    const published = await publishedEvent(club, form);
    const booked = await bookTeam(published.id);
    const waiting = await bookTeam(published.id, { waitlist: true });
    await save(club, published.id, { ...form, location: "Roskilde", locationDetails: "The fjord pier" });
    await approve(await submit(club, published.id));
    for (const team of [booked, waiting]) {
      const mails = await mailsTo(team.captainEmail, `Changed: ${form.title}`);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain("Roskilde");
      expect(calendarOf(mails[0]!)).toContain("LOCATION:The fjord pier\\, Roskilde");
    }

    // A change of the price alone moves nothing: no such mail.
    const other = await newClub();
    const otherForm = eventForm();
    const priced = await publishedEvent(other, otherForm);
    const team = await bookTeam(priced.id);
    await save(other, priced.id, { ...otherForm, price: "2700" });
    await approve(await submit(other, priced.id));
    expect(await mailsTo(team.captainEmail, `Changed: ${otherForm.title}`)).toEqual([]);
  });
});

// ── Capacity ───────────────────────────────────────────────────────────────────────

describe(`the capacity floor on ${testDatabaseKind}`, () => {
  it("refuses a save with fewer places than confirmed teams, on maxTeams, and changes nothing", async () => {
    const club = await newClub();
    const form = eventForm({ maxTeams: "3" });
    const published = await publishedEvent(club, form);
    await bookTeam(published.id);
    await bookTeam(published.id);
    const before = await rowOf(published.id);

    const refusal = await refusalOf(save(club, published.id, { ...form, maxTeams: "1" }));
    expect(refusal.code).toBe("invalid");
    expect(Object.keys(refusal.fields)).toEqual(["maxTeams"]);
    expect(await rowOf(published.id)).toEqual(before);
    expect(await revisionRow(db(), published.id)).toBeNull();

    // As many places as confirmed teams is fine (for review).
    const exact = await save(club, published.id, { ...form, maxTeams: "2" });
    expect(exact.revision?.values.maxTeams).toBe(2);
  });

  it("refuses to approve a change whose capacity fell below the teams confirmed since, with conflict", async () => {
    const club = await newClub();
    const form = eventForm({ maxTeams: "3" });
    const published = await publishedEvent(club, form);
    await bookTeam(published.id);
    await save(club, published.id, { ...form, maxTeams: "2" });
    await submit(club, published.id);
    // Two more teams book while the change waits for review: three are confirmed now.
    await bookTeam(published.id);
    await bookTeam(published.id);
    const seen = await rowOf(published.id);
    const revisionBefore = await revisionRow(db(), published.id);

    const refusal = await refusalOf(approve(seen));
    expect(refusal.code).toBe("conflict");
    expect(refusal.reason).toBe("capacity");
    expect(await rowOf(published.id)).toEqual(seen);
    expect(await revisionRow(db(), published.id)).toEqual(revisionBefore);
    expect(revisionBefore).toMatchObject({ status: "pending_review", values: { maxTeams: 2 } });
  });
  it("gives the places an approved larger capacity opens to the waiting teams, oldest first, and tells them", async () => {
    const club = await newClub();
    const form = eventForm({ maxTeams: "1" });
    const published = await publishedEvent(club, form);
    await bookTeam(published.id);
    const firstWaiting = await bookTeam(published.id, { waitlist: true });
    const secondWaiting = await bookTeam(published.id, { waitlist: true });
    await save(club, published.id, { ...form, maxTeams: "2" });
    // Still one place until the change is approved.
    expect((await registrationsOf(published.id)).map((row) => row.status)).toEqual([
      "confirmed",
      "waitlisted",
      "waitlisted",
    ]);
    await approve(await submit(club, published.id));
    expect((await registrationsOf(published.id)).map((row) => row.status)).toEqual([
      "confirmed",
      "confirmed",
      "waitlisted",
    ]);
    expect(await mailsTo(firstWaiting.captainEmail, "A spot opened up")).toHaveLength(1);
    expect(await mailsTo(secondWaiting.captainEmail, "A spot opened up")).toEqual([]);
  });

  it("never leaves an event below its confirmed teams when an admin unpublishes it with a smaller capacity pending", async () => {
    const club = await newClub();
    const form = eventForm({ maxTeams: "3" });
    const published = await publishedEvent(club, form);
    await bookTeam(published.id);
    // One team is confirmed, so a capacity of one is allowed, and goes to review.
    await save(club, published.id, { ...form, maxTeams: "1" });
    await submit(club, published.id);
    // Two more teams book while the change waits: three are confirmed.
    await bookTeam(published.id);
    await bookTeam(published.id);

    await unpublish(published.id, "Please check the capacity again.");
    const confirmed = (await registrationsOf(published.id)).filter((row) => row.status === "confirmed");
    expect(confirmed).toHaveLength(3);
    // The capacity floor holds here too: the event needs at least its three confirmed places.
    const unpublished = await rowOf(published.id);
    expect(unpublished.maxTeams).toBeGreaterThanOrEqual(3);
  });
});

describe(`an event taken off the site on ${testDatabaseKind}`, () => {
  it("keeps the approved values while unpublished, and the next approval shows and announces the change", async () => {
    const club = await newClub();
    const form = eventForm({ location: "Copenhagen" });
    const published = await publishedEvent(club, form);
    const booked = await bookTeam(published.id);
    await save(club, published.id, { ...form, location: "Aarhus Lystbådehavn" });
    await submit(club, published.id);

    const unpublished = await unpublish(published.id, "Please confirm the new place with the harbour.");
    // The row keeps what was approved; the proposal waits in its revision.
    expect(unpublished).toMatchObject({ status: "changes_requested", location: "Copenhagen" });
    expect(await revisionRow(db(), published.id)).toMatchObject({
      values: { location: "Aarhus Lystbådehavn" },
    });

    // Edits while unpublished still go to the revision, never straight to the row.
    await save(club, published.id, { ...form, location: "Aarhus Ø" });
    expect(await rowOf(published.id)).toMatchObject({ location: "Copenhagen" });
    const inReview = await submit(club, published.id);
    expect(await revisionRow(db(), published.id)).toMatchObject({ status: "pending_review" });
    // In the admins' queue once, as the event itself, with its change shown on its page.
    const queue = await listReviewQueue(db(), reviewer);
    expect(queue.rows.filter((row) => row.id === published.id).map((row) => row.kind)).toEqual(["new"]);

    const approved = await approve(inReview);
    expect(approved).toMatchObject({ status: "published", location: "Aarhus Ø" });
    expect(await revisionRow(db(), published.id)).toBeNull();
    const captain = booked.registration.captainEmail!;
    expect(await mailsTo(captain, `Changed: ${approved.title}`)).toHaveLength(1);
  });
});

describe(`the admins' count on ${testDatabaseKind}`, () => {
  it("counts new events and changes to published events in review, each once", async () => {
    const waiting = async () => (await getAdminDashboard(db(), reviewer)).stats.eventsAwaitingReview;
    const club = await newClub();
    const form = eventForm();
    const start = await waiting();
    const draft = await createDraft(club, form);
    await submit(club, draft.id);
    expect(await waiting()).toBe(start + 1);

    const published = await publishedEvent(club, eventForm());
    await save(club, published.id, { ...eventForm(), slug: published.slug, title: "Renamed for review" });
    expect(await waiting()).toBe(start + 1);
    await submit(club, published.id);
    expect(await waiting()).toBe(start + 2);

    // Taken off the site and sent back: counted as the event itself, not twice.
    await unpublish(published.id, "Please check the dates.");
    await submit(club, published.id);
    expect(await waiting()).toBe(start + 2);
  });
});

describe(`bad input the schema must not let through on ${testDatabaseKind}`, () => {
  it.each(["constructor", "toString", "__proto__", "hasOwnProperty"])(
    "refuses the type %s with a message on the type field, never a 500",
    async (type) => {
      const club = await newClub();
      const refusal = await refusalOf(createDraft(club, { ...eventForm(), type }));
      expect(refusal.code).toBe("invalid");
      expect(refusal.fields).toHaveProperty("type", "Please choose the type of event");
    },
  );

  it("answers a cover that is no longer available with a message on the image field, keeping the form", async () => {
    const club = await newClub();
    const refusal = await refusalOf(
      createDraft(club, { ...eventForm(), image: { imageId: randomUUID(), alt: "Gone" } }),
    );
    expect(refusal.code).toBe("invalid");
    expect(refusal.fields).toHaveProperty(
      "image",
      "This image is no longer available. Please choose it again.",
    );
  });
});

// ── Cancelling ─────────────────────────────────────────────────────────────────────

describe(`cancelling an event on ${testDatabaseKind}`, () => {
  let visitor: TestAccount;
  beforeAll(async () => {
    visitor = await createAccount(site);
  });

  it("cancels the event and its bookings, tells every team, keeps the page up marked cancelled", async () => {
    const club = await newClub();
    const form = eventForm({ maxTeams: "2" });
    const published = await publishedEvent(club, form);
    const first = await bookTeam(published.id);
    const second = await bookTeam(published.id);
    const waiting = await bookTeam(published.id, { waitlist: true });
    expect(waiting.registration.status).toBe("waitlisted");
    expect(await listings(form.slug, club.partner.slug)).toMatchObject({ events: true, sitemap: true });

    const reason = `The harbour is closed for a regatta of the navy ${randomUUID().slice(0, 8)}.`;
    const cancelled = await cancel(club.actor, published.id, reason);
    expect(cancelled).toMatchObject({ status: "cancelled", cancellationReason: reason });
    expect(cancelled.cancelledAt).toBeInstanceOf(Date);
    expect((await registrationsOf(published.id)).map((row) => row.status)).toEqual([
      "cancelled",
      "cancelled",
      "cancelled",
    ]);

    // The captain of every confirmed and waitlisted team hears why, with a calendar file that cancels it.
    for (const team of [first, second, waiting]) {
      const mails = await mailsTo(team.captainEmail, `Event cancelled: ${form.title}`);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain(team.registration.reference);
      expect(mails[0]!.text).toContain(reason);
      const ics = calendarOf(mails[0]!);
      expect(ics).toContain("STATUS:CANCELLED");
      expect(ics).toContain(`UID:event-${published.id}@`);
    }
    // The partner cancelled it themselves: their members get no "cancelled by RCL" mail.
    expect(await mailsTo(club.members[1].email, "Your event has been cancelled")).toEqual([]);

    // No new registrations, by the command or by the form.
    const late = await createPerson(db(), { label: "late-booker" });
    const refusal = await refusalOf(
      registerTeam(services(), {
        actor: plainActor(late),
        eventId: published.id,
        input: teamForm("Late Team", "late@teams.example"),
        idempotencyKey: randomUUID(),
        joinWaitlist: true,
      }),
    );
    expect(refusal.code).toBe("invalid_transition");
    expect(refusal.reason).toBe("cancelled");
    const posted = await postForm(
      site,
      `/events/${form.slug}/register`,
      {
        ...teamForm("Form Team", "form@teams.example"),
        idempotencyKey: randomUUID(),
        joinWaitlist: "true",
      },
      visitor.cookie,
    );
    expect(posted.status).toBe(409);
    expect(await registrationsOf(published.id)).toHaveLength(3);

    // The page stays, marked cancelled for people and for search engines.
    const eventPage = await page(`/events/${form.slug}`);
    expect(eventPage.status).toBe(200);
    expect(jsonLd(eventPage.html)).toMatchObject({ eventStatus: "https://schema.org/EventCancelled" });
    expect(mainOf(eventPage.html)).toContain(reason);
    const calendar = await site.request(`/events/${form.slug}/calendar.ics`);
    expect(calendar.status).toBe(200);
    expect(await calendar.text()).toContain("STATUS:CANCELLED");
    expect(await listings(form.slug, club.partner.slug)).toEqual({
      events: false,
      home: false,
      partner: false,
      sitemap: false,
    });
    expect(await auditActions(published.id)).toContain("event.cancel");
  });

  it("when an admin cancels, the partner's members hear the reason too", async () => {
    const club = await newClub();
    const form = eventForm();
    const published = await publishedEvent(club, form);
    const team = await bookTeam(published.id);
    const reason = "The partner's insurance has lapsed, so the event cannot go ahead.";
    const cancelled = await cancel(reviewer, published.id, reason);
    expect(cancelled.status).toBe("cancelled");
    for (const member of club.members) {
      const mails = await mailsTo(member.email, `Your event has been cancelled: ${form.title}`);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(reason);
    }
    const captain = await mailsTo(team.captainEmail, `Event cancelled: ${form.title}`);
    expect(captain).toHaveLength(1);
    expect(calendarOf(captain[0]!)).toContain("STATUS:CANCELLED");
  });
});

// ── Publishing ─────────────────────────────────────────────────────────────────────

describe(`approval publishes an event on ${testDatabaseKind}`, () => {
  it("puts the event on /events, the home page, its partner's page and the sitemap", async () => {
    const club = await newClub();
    // Sooner than any other event here, so the home page's three upcoming events include it.
    const form = eventForm({}, { startsIn: 26 * HOUR });
    const inReview = await submit(club, (await createDraft(club, form)).id);
    expect((await page(`/events/${form.slug}`)).status).toBe(404);
    expect(await listings(form.slug, club.partner.slug)).toEqual({
      events: false,
      home: false,
      partner: false,
      sitemap: false,
    });

    await approve(inReview);
    expect((await page(`/events/${form.slug}`)).status).toBe(200);
    expect(await listings(form.slug, club.partner.slug)).toEqual({
      events: true,
      home: true,
      partner: true,
      sitemap: true,
    });
  });
});

// ── Stale approvals ────────────────────────────────────────────────────────────────

describe(`stale approvals on ${testDatabaseKind}`, () => {
  it("refuses an approval of a version the partner has changed since, and publishes nothing", async () => {
    const club = await newClub();
    const form = eventForm();
    const inReview = await submit(club, (await createDraft(club, form)).id);
    const seen = await rowOf(inReview.id);

    await save(club, inReview.id, { ...form, price: "99" });
    const changed = await rowOf(inReview.id);
    expect(changed.version).toBeGreaterThan(seen.version);

    const refusal = await refusalOf(approve(seen));
    expect(refusal.code).toBe("conflict");
    expect(refusal.reason).toBe("stale");
    expect(await rowOf(inReview.id)).toEqual(changed);
    expect(changed).toMatchObject({ status: "pending_review", publishedAt: null });
    expect((await page(`/events/${form.slug}`)).status).toBe(404);
  });

  it("refuses an approval of a change the partner has changed again since", async () => {
    const club = await newClub();
    const form = eventForm();
    const published = await publishedEvent(club, form);
    await save(club, published.id, { ...form, title: `${form.title} seen` });
    await submit(club, published.id);
    const seen = await rowOf(published.id);

    const unseenTitle = `${form.title} unseen`;
    await save(club, published.id, { ...form, title: unseenTitle });
    const changed = await rowOf(published.id);
    const revision = await revisionRow(db(), published.id);
    expect(revision).toMatchObject({ status: "pending_review", values: { title: unseenTitle } });

    const refusal = await refusalOf(approve(seen));
    expect(refusal.code).toBe("conflict");
    expect(refusal.reason).toBe("stale");
    expect(await rowOf(published.id)).toEqual(changed);
    expect(changed.title).toBe(form.title);
    expect(await revisionRow(db(), published.id)).toEqual(revision);
  });
});

// ── Double submits ─────────────────────────────────────────────────────────────────

describe(`a double-submitted create on ${testDatabaseKind}`, () => {
  const eventsOf = async (partnerId: string) => {
    const [row] = await db().select({ n: count() }).from(events).where(eq(events.partnerId, partnerId));
    return row?.n ?? 0;
  };

  it("makes one event when the same form is sent twice", async () => {
    const club = await newClub();
    const form = eventForm();
    const createKey = randomUUID();
    const send = () =>
      createEvent(services(), { actor: club.actor, partnerId: club.partner.id, createKey, input: form });
    const first = await send();
    const second = await send();
    expect(second.id).toBe(first.id);
    expect(await eventsOf(club.partner.id)).toBe(1);
  });

  it("makes one event when the same form is sent twice at once", async () => {
    const club = await newClub();
    const form = eventForm();
    const createKey = randomUUID();
    const send = () =>
      createEvent(services(), { actor: club.actor, partnerId: club.partner.id, createKey, input: form });
    const made = await Promise.all([send(), send(), send()]);
    expect(new Set(made.map((event) => event.id)).size).toBe(1);
    expect(await eventsOf(club.partner.id)).toBe(1);
  });
});

// ── Bad input ──────────────────────────────────────────────────────────────────────

type BadCase = [label: string, bad: (form: EventFormInput) => Partial<EventFormInput>, field: string];

const at = (value: string, shift: number) => {
  // A form's datetime-local value moved by `shift` milliseconds (Copenhagen time).
  const [date, time] = value.split("T") as [string, string];
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const base = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return new Date(base.getTime() + shift).toISOString().slice(0, 16);
};

const BAD_INPUT: BadCase[] = [
  ["an end before the start", (form) => ({ endsAt: at(form.startsAt, -HOUR) }), "endsAt"],
  [
    "a registration deadline after the start",
    (form) => ({ registrationDeadline: at(form.startsAt, HOUR) }),
    "registrationDeadline",
  ],
  [
    "a start in the past",
    () => {
      const start = new Date(Date.now() - 2 * DAY);
      return {
        startsAt: copenhagenInputValue(start),
        endsAt: copenhagenInputValue(new Date(start.getTime() + 8 * HOUR)),
        registrationDeadline: copenhagenInputValue(new Date(start.getTime() - DAY)),
      };
    },
    "startsAt",
  ],
  ["no teams at all", () => ({ maxTeams: "0" }), "maxTeams"],
  ["more than 500 teams", () => ({ maxTeams: "501" }), "maxTeams"],
  ["a team size of 0", () => ({ teamSize: "0" }), "teamSize"],
  ["a team size above 50", () => ({ teamSize: "51" }), "teamSize"],
  ["a negative price", () => ({ price: "-100" }), "price"],
  ["an unknown currency", () => ({ currency: "USD" }), "currency"],
  ["an unknown type", () => ({ type: "dragon_boat" }), "type"],
  [
    "a 1 MB description",
    () => ({ detailedDescriptionHtml: `<p>${"Row, row, row your boat. ".repeat(42_000)}</p>` }),
    "detailedDescriptionHtml",
  ],
];

describe(`bad input on ${testDatabaseKind}`, () => {
  let club: Club;
  let taken: EventRow;
  beforeAll(async () => {
    club = await newClub();
    taken = await createDraft(club);
  });

  const slugStored = async (slug: string) => {
    const [row] = await db().select({ n: count() }).from(events).where(eq(events.slug, slug));
    return (row?.n ?? 0) > 0;
  };

  it("the 1 MB description really is over 1 MB", () => {
    const html = BAD_INPUT.find(([label]) => label === "a 1 MB description")![1](
      eventForm(),
    ).detailedDescriptionHtml!;
    expect(Buffer.byteLength(html)).toBeGreaterThan(1024 * 1024);
  });

  it.each(BAD_INPUT)(
    "refuses to create an event with %s, on its field, storing nothing",
    async (_label, bad, field) => {
      const form = eventForm();
      const refusal = await refusalOf(createDraft(club, { ...form, ...bad(form) }));
      expect(refusal.code).toBe("invalid");
      expect(refusal.fields).toHaveProperty(field);
      expect(await slugStored(form.slug)).toBe(false);
    },
  );

  it("refuses to create an event at an address another event has, on slug", async () => {
    const form = eventForm({ slug: taken.slug });
    const before = await db().select().from(events).where(eq(events.partnerId, club.partner.id));
    const refusal = await refusalOf(createDraft(club, form));
    expect(refusal.code).toBe("invalid");
    expect(Object.keys(refusal.fields)).toEqual(["slug"]);
    expect(await db().select().from(events).where(eq(events.partnerId, club.partner.id))).toEqual(before);
  });

  it.each(BAD_INPUT)(
    "refuses to save an event with %s, on its field, changing nothing",
    async (_label, bad, field) => {
      const form = eventForm();
      const draft = await createDraft(club, form);
      const refusal = await refusalOf(save(club, draft.id, { ...form, ...bad(form) }));
      expect(refusal.code).toBe("invalid");
      expect(refusal.fields).toHaveProperty(field);
      expect(await rowOf(draft.id)).toEqual(draft);
    },
  );

  it("refuses to save an event at another event's address, on slug", async () => {
    const form = eventForm();
    const draft = await createDraft(club, form);
    const refusal = await refusalOf(save(club, draft.id, { ...form, slug: taken.slug }));
    expect(refusal.code).toBe("invalid");
    expect(Object.keys(refusal.fields)).toEqual(["slug"]);
    expect(await rowOf(draft.id)).toEqual(draft);
  });

  it("removes script from the rich text, in a draft and in a published event's revision", async () => {
    const hostile =
      '<p>Row with us</p><script>alert("draft")</script><img src="x" onerror="alert(1)"><a href="javascript:alert(2)" onclick="alert(3)">more</a>';
    const form = eventForm({ detailedDescriptionHtml: hostile });
    const draft = await createDraft(club, form);
    expect(draft.detailedDescriptionHtml).toContain("Row with us");
    expect(draft.detailedDescriptionHtml).not.toMatch(/<script|onerror|onclick|javascript:/i);

    const published = await approve(await submit(club, draft.id));
    const eventPage = await page(`/events/${form.slug}`);
    expect(mainOf(eventPage.html)).toContain("Row with us");
    expect(mainOf(eventPage.html)).not.toMatch(/alert\(|onerror|onclick|javascript:/i);

    const saved = await save(club, published.id, {
      ...form,
      detailedDescriptionHtml: '<p>Changed</p><script>alert("revision")</script><img src=x onerror=alert(4)>',
    });
    expect(saved.revision?.values.detailedDescriptionHtml).toContain("Changed");
    expect(saved.revision?.values.detailedDescriptionHtml).not.toMatch(/<script|onerror/i);
  });
});

// ── The editor's form over HTTP ────────────────────────────────────────────────────

describe(`the new-event form over HTTP on ${testDatabaseKind}`, () => {
  let club: Club;
  let member: TestAccount;
  let taken: EventRow;
  beforeAll(async () => {
    club = await newClub();
    member = await createAccount(site, { role: "partner", partnerId: club.partner.id });
    taken = await createDraft(club);
  });

  /** The form's address names its partner, as the page's form does. */
  const newEventPath = () => `/dashboard/partner/events/new?partner=${club.partner.id}`;

  it("creates one draft from a valid form, even when it is sent twice", async () => {
    const form = eventForm();
    const fields = { intent: "save", createKey: randomUUID(), ...flatEventForm(form) };
    const first = await postForm(site, newEventPath(), fields, member.cookie);
    const second = await postForm(site, newEventPath(), fields, member.cookie);
    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    const stored = await db().select().from(events).where(eq(events.slug, form.slug));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: "draft", partnerId: club.partner.id, title: form.title });
    expect(stored[0]!.schedule).toEqual(form.schedule);
    expect(stored[0]!.faqs).toEqual(form.faqs);
    expect(first.headers.get("location")).toBe(`/dashboard/partner/events/${stored[0]!.id}`);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
  });

  const HTTP_CASES: [
    label: string,
    bad: (form: EventFormInput) => Partial<EventFormInput>,
    message: string,
  ][] = [
    [
      "an end before the start",
      (form) => ({ endsAt: at(form.startsAt, -HOUR) }),
      "The end must be after the start",
    ],
    [
      "a backup date with a start and no end",
      (form) => ({ backupStartsAt: at(form.startsAt, 7 * DAY) }),
      "Enter both the start and the end of the backup date, or neither",
    ],
    [
      "a backup date with an end and no start",
      (form) => ({ backupEndsAt: at(form.endsAt, 7 * DAY) }),
      "Enter both the start and the end of the backup date, or neither",
    ],
    [
      "a backup date before the start",
      (form) => ({ backupStartsAt: at(form.startsAt, -DAY), backupEndsAt: at(form.endsAt, -DAY) }),
      "The backup date must be after the event&#x27;s start",
    ],
    [
      "a backup date shorter than the event",
      (form) => ({
        backupStartsAt: at(form.startsAt, 7 * DAY),
        backupEndsAt: at(form.endsAt, 7 * DAY - HOUR),
      }),
      "The backup date must last as long as the event",
    ],
    [
      "a backup date that is no date",
      () => ({ backupStartsAt: "next week", backupEndsAt: "next week" }),
      "Please enter the backup date&#x27;s start as a date and time",
    ],
    ["no teams", () => ({ maxTeams: "0" }), "Please enter the number of teams from 1 to 500"],
    ["a currency other than kroner", () => ({ currency: "USD" }), "Prices are in Danish kroner (DKK)"],
    ["a negative price", () => ({ price: "-5" }), "The price cannot be negative"],
    [
      "a description over 50,000 characters",
      () => ({ detailedDescriptionHtml: `<p>${"Row, row, row your boat. ".repeat(8_000)}</p>` }),
      "This description is too long. Please keep it under 50,000 characters",
    ],
    [
      "another event's address",
      () => ({ slug: taken.slug }),
      "Another event already uses this address. Please choose another.",
    ],
  ];

  it.each(HTTP_CASES)(
    "answers %s with 400 and the message on the page, storing nothing",
    async (_label, bad, message) => {
      const form = eventForm();
      const sent = { ...form, ...bad(form) };
      const response = await postForm(
        site,
        newEventPath(),
        { intent: "save", createKey: randomUUID(), ...flatEventForm(sent) },
        member.cookie,
      );
      expect(response.status).toBe(400);
      const html = (await response.text()).replaceAll("<!-- -->", "");
      expect(html).toContain(message);
      // What was typed stays in the form.
      expect(html).toContain(form.title);
      const stored = await db()
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.partnerId, club.partner.id), eq(events.title, form.title)));
      expect(stored).toEqual([]);
    },
  );

  it("answers a 1 MB description with the message next to its field, keeping the form and storing nothing", async () => {
    const form = eventForm({
      detailedDescriptionHtml: `<p>${"Row, row, row your boat. ".repeat(42_000)}</p>`,
    });
    const response = await postForm(
      site,
      newEventPath(),
      { intent: "save", createKey: randomUUID(), ...flatEventForm(form) },
      member.cookie,
    );
    expect(response.status).toBe(400);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("This description is too long. Please keep it under 50,000 characters");
    expect(html).toContain(form.title);
    expect(await db().select().from(events).where(eq(events.slug, form.slug))).toEqual([]);
  });

  it("still refuses a body far over any form's size with 413, never 500", async () => {
    const form = eventForm({ detailedDescriptionHtml: "x".repeat(5 * 1024 * 1024) });
    const response = await postForm(
      site,
      newEventPath(),
      { intent: "save", createKey: randomUUID(), ...flatEventForm(form) },
      member.cookie,
    );
    expect(response.status).toBe(413);
    expect(await db().select().from(events).where(eq(events.slug, form.slug))).toEqual([]);
  });

  it("answers an edit below the confirmed teams, or of a published address, with 400 and the message", async () => {
    const form = eventForm({ maxTeams: "3" });
    const published = await publishedEvent(club, form);
    await bookTeam(published.id);
    await bookTeam(published.id);
    const before = await rowOf(published.id);
    const editPath = `/dashboard/partner/events/${published.id}`;

    const tooSmall = await postForm(
      site,
      editPath,
      { intent: "save", ...flatEventForm({ ...form, maxTeams: "1" }) },
      member.cookie,
    );
    expect(tooSmall.status).toBe(400);
    expect(await tooSmall.text()).toContain(
      "2 teams are already confirmed, so the event needs at least 2 places.",
    );

    const moved = await postForm(
      site,
      editPath,
      { intent: "save", ...flatEventForm({ ...form, slug: `${form.slug}-moved` }) },
      member.cookie,
    );
    expect(moved.status).toBe(400);
    expect(await moved.text()).toContain("The address of a published event stays the same");

    const noReason = await postForm(
      site,
      editPath,
      { intent: "cancel", reason: "", confirm: "on" },
      member.cookie,
    );
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("Please give a reason; it is sent to everyone affected");

    expect(await rowOf(published.id)).toEqual(before);
    expect(await revisionRow(db(), published.id)).toBeNull();
  });
});
