import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { events } from "#server/db/schema";
import { approveEvent } from "#server/events/approve-event";
import { submitEvent } from "#server/events/submit-event";
import { createAccount, postForm, type TestAccount } from "./accounts";
import {
  adminActor,
  createPerson,
  flatEventForm,
  partnerActor,
  type EventFormInput,
} from "./event-publishing";
import { createTestSite, type TestSite } from "./http-app";
import { recordingJobs } from "./jobs";
import { createTestPartner } from "./partners";

/**
 * A site with one partner and its member, for tests of the event form's fields: the
 * form's steps as the partner's browser takes them, and the review that publishes the
 * event. Registers the file's `beforeAll` and `afterAll`; its parts are read in tests.
 */
export function eventFormSite(partnerName: string) {
  let site: TestSite | undefined;
  let outbox: ReturnType<typeof recordingJobs> | undefined;
  let member: TestAccount | undefined;
  let partnerId: string | undefined;

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("The event form's site is read before its beforeAll ran.");
    return value;
  };
  const db = () => ready(site).database.db;
  const services = () => ({ db: db(), jobs: ready(outbox).jobs, baseUrl: ready(site).baseUrl });

  beforeAll(async () => {
    site = await createTestSite({ trustProxy: true });
    outbox = recordingJobs(site.database);
    partnerId = (await createTestPartner(db(), partnerName)).id;
    member = await createAccount(site, { role: "partner", partnerId });
  });
  afterAll(async () => {
    await site?.background.settled();
    await site?.close();
  });

  return {
    get site() {
      return ready(site);
    },
    get outbox() {
      return ready(outbox);
    },
    get member() {
      return ready(member);
    },
    get partnerId() {
      return ready(partnerId);
    },
    db,
    services,

    /** A page's status and HTML, React's text separators removed. */
    async page(path: string, cookie?: string) {
      const response = await ready(site).request(path, { headers: cookie ? { Cookie: cookie } : {} });
      return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
    },

    /** Creates a draft through the new-event form, as the partner's browser sends it. */
    async createThroughForm(form: EventFormInput) {
      const response = await postForm(
        ready(site),
        `/dashboard/partner/events/new?partner=${ready(partnerId)}`,
        { intent: "save", createKey: randomUUID(), ...flatEventForm(form) },
        ready(member).cookie,
      );
      expect(response.status).toBe(303);
      const [row] = await db().select().from(events).where(eq(events.slug, form.slug));
      if (!row) throw new Error("The event was not stored.");
      return row;
    },

    /** Saves the event's form again, as the partner's browser sends it. */
    saveThroughForm: (eventId: string, form: EventFormInput) =>
      postForm(
        ready(site),
        `/dashboard/partner/events/${eventId}`,
        { intent: "save", ...flatEventForm(form) },
        ready(member).cookie,
      ),

    /** Submits the event for review and has a new admin approve it. */
    async publish(eventId: string) {
      const reviewer = adminActor(await createPerson(db(), { role: "admin", label: "form-reviewer" }));
      const partner = partnerActor({ id: ready(member).id, email: ready(member).email }, ready(partnerId));
      const inReview = await submitEvent(services(), { actor: partner, eventId });
      return approveEvent(services(), {
        actor: reviewer,
        eventId,
        input: { version: String(inReview.version) },
      });
    },
  };
}

/** The page's main content, without the loader data React Router serialises after it. */
export const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
