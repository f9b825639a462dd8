import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { copenhagenTime } from "~/lib/dates";
import { teamRegistrations } from "#server/db/schema";
import { approveEvent } from "#server/events/approve-event";
import { submitEvent } from "#server/events/submit-event";
import { confirmationMail } from "#server/registrations/emails";
import { createAccount, postForm, type TestAccount } from "../support/accounts";
import { invoiceAddress, VALID_CVR } from "../support/booking-form";
import { testDatabaseKind } from "../support/database";
import {
  adminActor,
  createPerson,
  eventForm,
  eventRow,
  partnerActor,
  revisionRow,
  type EventFormInput,
} from "../support/event-publishing";
import { eventFormSite, mainOf } from "../support/event-form-site";

// The cancellation policy (refund windows) and the ways to pay: saved through the editor's
// form over HTTP, each rule answered by the field, the policy reviewed once the event is
// public and the ways to pay applied at once, both shown on the event page, the policy in
// the booking form and the confirmation mail.

const partnerSite = eventFormSite("Refund Policy Roklub");
const { db, services, page, createThroughForm, saveThroughForm, publish } = partnerSite;

let admin: TestAccount;
let booker: TestAccount;

beforeAll(async () => {
  admin = await createAccount(partnerSite.site, { role: "admin" });
  booker = await createAccount(partnerSite.site, { role: "user" });
});

/** A start after the spring change, so the 30-day window ends in winter time. */
const SPRING_START = "2027-04-10T10:00";

const springForm = (overrides: Partial<EventFormInput> = {}) =>
  eventForm({
    startsAt: SPRING_START,
    endsAt: "2027-04-10T16:00",
    registrationDeadline: "2027-04-01T12:00",
    ...overrides,
  });

/** `text` as a regular expression that matches it literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const rows = (...windows: [number | string, number | string][]) =>
  windows.map(([daysBefore, percent]) => ({ daysBefore: String(daysBefore), percent: String(percent) }));

describe(`the cancellation policy and ways to pay on ${testDatabaseKind}`, () => {
  it("starts a new event with the standard policy, paid by invoice, in labelled fields", async () => {
    const editor = await page(
      `/dashboard/partner/events/new?partner=${partnerSite.partnerId}`,
      partnerSite.member.cookie,
    );
    expect(editor.status).toBe(200);
    expect(editor.html).toContain("Refund windows");
    // The first window's days field is the one its label names, and holds the standard 30.
    const labelled = /<label[^>]*for="([^"]+)"[^>]*>Until days before the event \(window 1\)/.exec(
      editor.html,
    )?.[1];
    const id = literally(labelled ?? "");
    expect(editor.html).toMatch(new RegExp(`id="${id}"[^>]*value="30"`));
    expect(editor.html).toContain("Refund in % (window 2)");
    expect(editor.html).toMatch(/value="invoice"[^>]*checked|checked[^>]*value="invoice"/);
    expect(editor.html).toContain("Online at once (card, MobilePay)");
    expect(editor.html).toContain("Full refund if you cancel until 30 days before the event");
  });

  it("is saved from the editor's form and shown in it again; an emptied list means no refund", async () => {
    const form = springForm({ refundPolicy: rows([14, 100], [2, 25]), paymentMethods: "both" });
    const stored = await createThroughForm(form);
    expect(stored.refundPolicy).toEqual([
      { daysBefore: 14, percent: 100 },
      { daysBefore: 2, percent: 25 },
    ]);
    expect(stored.paymentMethods).toBe("both");

    const editor = await page(`/dashboard/partner/events/${stored.id}`, partnerSite.member.cookie);
    expect(editor.html).toContain('value="14"');
    expect(editor.html).toMatch(/value="both"[^>]*checked|checked[^>]*value="both"/);

    // A form without the ways to pay keeps the event's; one without windows has none.
    const { paymentMethods: _kept, ...withoutWays } = form;
    expect((await saveThroughForm(stored.id, { ...withoutWays, refundPolicy: [] })).status).toBe(303);
    const after = await eventRow(db(), stored.id);
    expect(after?.refundPolicy).toEqual([]);
    expect(after?.paymentMethods).toBe("both");
  });

  const refusals: [string, EventFormInput["refundPolicy"], string, string][] = [
    [
      "more than five windows",
      rows([60, 100], [50, 90], [40, 80], [30, 70], [20, 60], [10, 50]),
      "Please keep to 5 refund windows or fewer",
      "refundPolicy",
    ],
    [
      "days outside 0 to 365",
      rows([400, 100]),
      "Please enter the days before the event as a whole number from 0 to 365",
      "refundPolicy[0].daysBefore",
    ],
    [
      "days that are not a whole number",
      rows([30, 100], ["7.5", 50]),
      "Please enter the days before the event as a whole number from 0 to 365",
      "refundPolicy[1].daysBefore",
    ],
    [
      "a percent over 100",
      rows([30, 150]),
      "Please enter the refund as a whole number of percent from 0 to 100",
      "refundPolicy[0].percent",
    ],
    [
      "a percent left empty",
      rows([30, ""]),
      "Please enter the refund as a whole number of percent from 0 to 100",
      "refundPolicy[0].percent",
    ],
    [
      "days that do not decrease",
      rows([8, 100], [30, 50]),
      "Please end this window fewer days before the event than the one above it (8 days)",
      "refundPolicy[1].daysBefore",
    ],
    [
      "a later window refunding more",
      rows([30, 50], [8, 100]),
      "A later window cannot refund more than the one above it (50 %)",
      "refundPolicy[1].percent",
    ],
  ];

  it.each(refusals)(
    "answers %s with 400 and the message by the field, changing nothing",
    async (_rule, refundPolicy, message, field) => {
      const form = springForm();
      const stored = await createThroughForm(form);
      const before = await eventRow(db(), stored.id);
      const response = await saveThroughForm(stored.id, { ...form, refundPolicy });
      expect(response.status).toBe(400);
      const html = (await response.text()).replaceAll("<!-- -->", "");
      expect(html).toContain(message);
      // The message is tied to its field: the field's error id describes the invalid control.
      const id = new RegExp(`id="([^"]*)"[^>]*name="${literally(field)}"`).exec(html)?.[1];
      const errorId = field === "refundPolicy" ? /<fieldset id="([^"]*-refundPolicy)"/.exec(html)?.[1] : id;
      expect(errorId).toBeTruthy();
      expect(html).toMatch(new RegExp(`id="${literally(errorId ?? "")}-error"[^>]*>${literally(message)}`));
      expect(await eventRow(db(), stored.id)).toEqual(before);
    },
  );

  it("answers a way to pay that is not offered with 400 and the message by the choice", async () => {
    const form = springForm();
    const stored = await createThroughForm(form);
    const response = await saveThroughForm(stored.id, { ...form, paymentMethods: "cash" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please choose how bookers pay");
    expect((await eventRow(db(), stored.id))?.paymentMethods).toBe("invoice");
  });

  it("is shown on the public page with dates; a published event's policy change waits for review, the ways to pay do not", async () => {
    const form = springForm();
    const stored = await createThroughForm(form);
    await publish(stored.id);

    const shown = mainOf((await page(`/events/${form.slug}`)).html);
    expect(shown).toContain("Cancellation policy");
    expect(shown).toContain(
      "Full refund if you cancel until 30 days before the event (until March 11, 2027 at 10:00 AM)",
    );
    expect(shown).toContain("50 % refunded if you cancel until 8 days before the event");
    expect(shown).toContain("No refund after that");
    expect(shown).toContain("Ways to pay:");
    expect(shown).toContain("By invoice");

    const danish = mainOf((await page(`/da/events/${form.slug}`)).html);
    expect(danish).toContain("Refusion ved afmelding");
    expect(danish).toContain(
      "Fuld refusion, hvis du afmelder indtil 30 dage før arrangementet (indtil 11. marts 2027 kl. 10.00)",
    );
    expect(danish).toContain("Via faktura");

    const changed = { ...form, refundPolicy: rows([10, 100]), paymentMethods: "both" };
    expect((await saveThroughForm(stored.id, changed)).status).toBe(303);
    const row = await eventRow(db(), stored.id);
    // The ways to pay apply at once; the policy waits in the revision.
    expect(row?.paymentMethods).toBe("both");
    expect(row?.refundPolicy).toEqual([
      { daysBefore: 30, percent: 100 },
      { daysBefore: 8, percent: 50 },
    ]);
    expect(await revisionRow(db(), stored.id)).toMatchObject({
      values: { refundPolicy: [{ daysBefore: 10, percent: 100 }] },
    });
    const waiting = mainOf((await page(`/events/${form.slug}`)).html);
    expect(waiting).toContain("Online at once (card, MobilePay) or by invoice");
    expect(waiting).toContain("until 30 days before the event");
    expect(waiting).not.toContain("until 10 days before the event");

    // The review's "What changed" reads both sides as bookers would.
    await submitEvent(services(), {
      actor: partnerActor(
        { id: partnerSite.member.id, email: partnerSite.member.email },
        partnerSite.partnerId,
      ),
      eventId: stored.id,
    });
    const review = mainOf((await page(`/dashboard/admin/events/${stored.id}`, admin.cookie)).html);
    expect(review).toMatch(/<th[^>]*scope="row"[^>]*>Cancellation policy/);
    expect(review).toContain("Full refund if you cancel until 10 days before the event");
    expect(review).toContain("50 % refunded if you cancel until 8 days before the event");

    const current = await eventRow(db(), stored.id);
    await approveEvent(services(), {
      actor: adminActor(await createPerson(db(), { role: "admin", label: "policy-approver" })),
      eventId: stored.id,
      input: { version: String(current?.version) },
    });
    const approved = mainOf((await page(`/events/${form.slug}`)).html);
    expect(approved).toContain(
      "Full refund if you cancel until 10 days before the event (until March 31, 2027 at 10:00 AM)",
    );
  });

  it("is summed up with dates on the booking form, and the confirmation mail gives the booking's own", async () => {
    const form = springForm({ refundPolicy: rows([21, 100], [0, 20]) });
    const stored = await createThroughForm(form);
    await publish(stored.id);

    const booking = mainOf((await page(`/events/${form.slug}/register`, booker.cookie)).html);
    expect(booking).toContain("Cancellation policy");
    expect(booking).toContain(
      "Full refund if you cancel until 21 days before the event (until March 20, 2027 at 10:00 AM)",
    );
    expect(booking).toContain(
      "20 % refunded if you cancel until the event starts (until April 10, 2027 at 10:00 AM)",
    );

    const posted = await postForm(
      partnerSite.site,
      `/da/events/${form.slug}/register`,
      {
        idempotencyKey: randomUUID(),
        teamName: "Politik Padlerne",
        company: "Nyhavn Legal",
        billingCompany: "Nyhavn Legal ApS",
        cvr: VALID_CVR,
        ean: "",
        poReference: "PO-2027-4",
        billingEmail: "invoices@nyhavn-legal.dk",
        ...invoiceAddress,
        captainName: "Astrid Holm",
        captainEmail: "astrid@nyhavn-legal.dk",
        captainPhone: "+45 20 30 40 50",
        "roster[0].name": "Astrid Holm",
        "roster[0].email": "astrid@nyhavn-legal.dk",
        notes: "",
        acceptTerms: "on",
      },
      booker.cookie,
    );
    expect(posted.status).toBe(303);
    const mails = await partnerSite.outbox.deliver();
    const confirmation = mails.find((mail) => mail.to === booker.email && mail.subject.includes(form.title));
    expect(confirmation?.text).toContain("Refusion ved afmelding");
    expect(confirmation?.text).toContain(
      "Fuld refusion, hvis du afmelder indtil 21 dage før arrangementet (indtil 20. marts 2027 kl. 10.00)",
    );

    // The booking keeps the policy it was made under, whatever the event says later.
    const [registration] = await db()
      .select()
      .from(teamRegistrations)
      .where(eq(teamRegistrations.eventId, stored.id));
    const event = await eventRow(db(), stored.id);
    if (!registration || !event) throw new Error("The booking was not stored.");
    const draft = confirmationMail(
      {
        registration: { ...registration, language: "en", refundPolicy: [{ daysBefore: 3, percent: 90 }] },
        event: { ...event, refundPolicy: [] },
        organizerName: "Refund Policy Roklub",
        vatStatus: null,
        bookerEmail: booker.email,
      },
      { baseUrl: partnerSite.site.baseUrl },
    );
    const start = copenhagenTime(2027, 4, 10, 10, 0);
    expect(event.startsAt).toEqual(start);
    expect(draft.content.details).toContainEqual([
      "Cancellation policy",
      "90 % refunded if you cancel until 3 days before the event (until April 7, 2027 at 10:00 AM)\nNo refund after that",
    ]);
  });
});
