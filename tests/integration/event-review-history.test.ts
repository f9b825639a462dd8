import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "#server/auth/actor";
import { createEvent } from "#server/events/create-event";
import type { EventRow } from "#server/db/rows";
import { requestEventChanges } from "#server/events/request-event-changes";
import { submitEvent } from "#server/events/submit-event";
import { updateEvent } from "#server/events/update-event";
import { createAccount, type TestAccount } from "../support/accounts";
import { testDatabaseKind } from "../support/database";
import {
  adminActor,
  createPerson,
  eventForm,
  partnerActor,
  type EventFormInput,
} from "../support/event-publishing";
import { createTestSite, type TestSite } from "../support/http-app";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";

// A new event sent back with a note, edited and submitted again: the admin's review shows
// what changed since the request, and every note sent, with when and by whom.

let site: TestSite;
let outbox: ReturnType<typeof recordingJobs>;
let admin: TestAccount;
let reviewer: Actor;
let partner: Actor;
let partnerId: string;

const db = () => site.database.db;
const services = () => ({ db: db(), jobs: outbox.jobs, baseUrl: site.baseUrl });

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
  outbox = recordingJobs(site.database);
  admin = await createAccount(site, { role: "admin", firstName: "Ada", lastName: "Reviewer" });
  reviewer = adminActor({ id: admin.id, email: admin.email });
  const club = await createTestPartner(db(), "Review History Roklub");
  partnerId = club.id;
  const member = await createPerson(db(), { role: "partner", partnerId, label: "history-member" });
  partner = partnerActor(member, partnerId);
});
afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

/** The admin's review page of the event, as its main content. */
async function reviewPage(eventId: string): Promise<string> {
  const response = await site.request(`/dashboard/admin/events/${eventId}`, {
    headers: { Cookie: admin.cookie },
  });
  expect(response.status).toBe(200);
  const html = (await response.text()).replaceAll("<!-- -->", "");
  return /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
}

/** The "What changed since changes were requested" section of the page, or "". */
const sinceSection = (main: string) =>
  /<section aria-labelledby="changed-since-request"[\s\S]*?<\/section>/.exec(main)?.[0] ?? "";

const requestChanges = (event: Pick<EventRow, "id" | "version">, note: string) =>
  requestEventChanges(services(), {
    actor: reviewer,
    eventId: event.id,
    input: { note, version: String(event.version) },
  });

const save = (eventId: string, form: EventFormInput) =>
  updateEvent(services(), { actor: partner, eventId, input: form });

const submit = (eventId: string) => submitEvent(services(), { actor: partner, eventId });

describe(`a new event sent back and submitted again, on ${testDatabaseKind}`, () => {
  it("shows what changed since changes were requested, and every note with its date and writer", async () => {
    const form = eventForm({ title: `Harbour Sprint ${randomUUID().slice(0, 8)}`, location: "Vejle" });
    const draft = await createEvent(services(), {
      actor: partner,
      partnerId,
      createKey: randomUUID(),
      input: form,
    });
    const firstReview = await submit(draft.id);
    // Nothing was sent back yet: no comparison, no notes.
    const fresh = await reviewPage(draft.id);
    expect(sinceSection(fresh)).toBe("");
    expect(fresh).not.toContain("Notes to the partner");

    await requestChanges(firstReview, "Please name the harbour in the location.");
    const renamed = `${form.title} on the fjord`;
    await save(draft.id, { ...form, title: renamed, location: "Vejle Harbour" });
    const secondReview = await submit(draft.id);

    const main = await reviewPage(draft.id);
    expect(main).toContain("New event");
    const since = sinceSection(main);
    expect(since).toContain("What changed since changes were requested");
    // Field by field: the version sent back beside the one now in review.
    expect(since).toMatch(/<th scope="row"[^>]*>Title[\s\S]*?<\/tr>/);
    expect(since).toContain(form.title);
    expect(since).toContain(renamed);
    // A text written in two languages says which one changed (ADR 034).
    expect(since).toMatch(/<th scope="row"[^>]*>Location \(English\)<[\s\S]*?Vejle<[\s\S]*?Vejle Harbour/);
    // Fields the partner left alone are not listed.
    expect(since).not.toMatch(/<th scope="row"[^>]*>Price per team/);
    expect(main).toContain("Notes to the partner");
    expect(main).toContain("Please name the harbour in the location.");
    expect(main).toContain(", by Ada Reviewer");

    // A second round compares with the version sent back the second time, and keeps both notes.
    await requestChanges(secondReview, "Please add the price for students.");
    await save(draft.id, { ...form, title: renamed, location: "Vejle Harbour", price: "1900" });
    await submit(draft.id);
    const again = await reviewPage(draft.id);
    const sinceAgain = sinceSection(again);
    expect(sinceAgain).toMatch(/<th scope="row"[^>]*>Price per team/);
    expect(sinceAgain).not.toMatch(/<th scope="row"[^>]*>Title/);
    const notes = /<section aria-labelledby="review-notes"[\s\S]*?<\/section>/.exec(again)?.[0] ?? "";
    const first = notes.indexOf("Please name the harbour in the location.");
    const second = notes.indexOf("Please add the price for students.");
    expect(first).toBeGreaterThan(-1);
    expect(second).toBeGreaterThan(first);
  });

  it("says so when the event comes back with no reviewed field changed", async () => {
    const draft = await createEvent(services(), {
      actor: partner,
      partnerId,
      createKey: randomUUID(),
      input: eventForm(),
    });
    await requestChanges(await submit(draft.id), "Are the times right?");
    await submit(draft.id);
    expect(sinceSection(await reviewPage(draft.id))).toContain(
      "The partner submitted the event again without changing any reviewed field.",
    );
  });
});
