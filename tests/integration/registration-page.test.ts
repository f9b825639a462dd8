import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type events, partners, profiles, teamRegistrations } from "#server/db/schema";
import { INVALID_CVR, invoiceAddress, VALID_CVR } from "../support/booking-form";
import { createTestEvent } from "../support/events";
import { createAccount, postForm, type TestAccount } from "../support/accounts";
import { createTestSite, type TestSite } from "../support/http-app";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let site: TestSite;
let partnerId: string;
let booker: TestAccount;

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
  const [partner] = await site.database.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.status, "approved"))
    .limit(1);
  partnerId = partner!.id;
  booker = await createAccount(site);
});

afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

/** A published event a month ahead, registration open for three more weeks. */
function createEvent(overrides: Partial<typeof events.$inferInsert> = {}) {
  return createTestEvent(site.database.db, partnerId, overrides);
}

function validForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    idempotencyKey: randomUUID(),
    teamName: "Nyhavn Navigators",
    company: "Nyhavn Legal",
    billingCompany: "Nyhavn Legal ApS",
    cvr: VALID_CVR,
    ean: "",
    poReference: "PO-2026-17",
    billingEmail: "invoices@nyhavn-legal.dk",
    ...invoiceAddress,
    captainName: "Astrid Holm",
    captainEmail: "astrid@nyhavn-legal.dk",
    captainPhone: "+45 20 30 40 50",
    "roster[0].name": "Astrid Holm",
    "roster[0].email": "astrid@nyhavn-legal.dk",
    "roster[1].name": "Mads Berg",
    "roster[1].email": "",
    notes: "Two vegetarians",
    acceptTerms: "on",
    ...overrides,
  };
}

async function rowsFor(eventId: string, status?: "confirmed" | "waitlisted") {
  const [row] = await site.database.db
    .select({ n: count() })
    .from(teamRegistrations)
    .where(
      status
        ? and(eq(teamRegistrations.eventId, eventId), eq(teamRegistrations.status, status))
        : eq(teamRegistrations.eventId, eventId),
    );
  return row?.n ?? 0;
}

const page = (path: string, cookie?: string) =>
  site.request(path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

/** Decodes the few entities React escapes in text, to compare messages. */
const text = (html: string) =>
  html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

/** A new account whose profile names a company, as the form's starting values read it. */
async function accountWithCompany() {
  const account = await createAccount(site, { firstName: "Karen", lastName: "Blixen" });
  await site.database.db
    .update(profiles)
    .set({ company: "Rungstedlund A/S" })
    .where(eq(profiles.userId, account.id));
  return account;
}

/** The value an input named `name` is rendered with, or null when it has none. */
function inputValue(html: string, name: string): string | null {
  const input = new RegExp(`<input[^>]*name="${name.replace(/[[\].]/g, "\\$&")}"[^>]*>`).exec(html)?.[0];
  if (!input) throw new Error(`No input named ${name}`);
  return /\svalue="([^"]*)"/.exec(input)?.[1] ?? null;
}

describe("the registration page", () => {
  it("answers 404 for an unknown or unpublished event", async () => {
    const draft = await createEvent({ status: "draft" });
    expect((await page("/events/no-such-event/register", booker.cookie)).status).toBe(404);
    expect((await page(`/events/${draft.slug}/register`, booker.cookie)).status).toBe(404);
    expect((await page("/events/Bad..Slug/register", booker.cookie)).status).toBe(404);
    const posted = await postForm(site, `/events/${draft.slug}/register`, validForm(), booker.cookie);
    expect(posted.status).toBe(404);
    expect(await rowsFor(draft.id)).toBe(0);
  });

  it("shows a labelled form with a roster of the team size and a fresh key", async () => {
    const event = await createEvent({ teamSize: 5 });
    const response = await page(`/events/${event.slug}/register`, booker.cookie);
    expect(response.status).toBe(200);
    const body = text(await response.text());
    expect(body).toContain('<meta name="robots" content="noindex"');
    for (const label of [
      "Team name",
      "Company",
      "CVR number",
      "EAN number",
      "PO reference",
      "Billing email",
    ]) {
      expect(body).toMatch(new RegExp(`<label for="[^"]+"[^>]*>${label}`));
    }
    expect(body).toContain('name="roster[4].name"');
    expect(body).not.toContain('name="roster[5].name"');
    expect(body).toMatch(/name="idempotencyKey" value="[0-9a-f-]{36}"/);
    expect(body).toContain("can be completed later in My Bookings, until the registration deadline");
    expect(body).not.toContain('name="joinWaitlist"');
  });

  it("starts the form from the account's company, name and email", async () => {
    const karen = await accountWithCompany();
    const event = await createEvent();
    const body = text(await (await page(`/events/${event.slug}/register`, karen.cookie)).text());
    expect(inputValue(body, "company")).toBe("Rungstedlund A/S");
    expect(inputValue(body, "captainName")).toBe("Karen Blixen");
    expect(inputValue(body, "captainEmail")).toBe(karen.email);
    // Only those: the rest is the booking's own.
    expect(inputValue(body, "billingCompany") ?? "").toBe("");
    expect(inputValue(body, "teamName") ?? "").toBe("");
  });

  it("keeps what was sent, never the account's details, when the form comes back refused", async () => {
    const karen = await accountWithCompany();
    const event = await createEvent();
    const path = `/events/${event.slug}/register`;

    const typed = await postForm(
      site,
      path,
      validForm({ company: "Typed Company", captainName: "Someone Else", cvr: "123" }),
      karen.cookie,
    );
    expect(typed.status).toBe(400);
    const typedBody = text(await typed.text());
    expect(inputValue(typedBody, "company")).toBe("Typed Company");
    expect(inputValue(typedBody, "captainName")).toBe("Someone Else");

    // A field emptied on purpose stays empty, with its message.
    const emptied = await postForm(site, path, validForm({ company: "" }), karen.cookie);
    expect(emptied.status).toBe(400);
    const emptiedBody = text(await emptied.text());
    expect(emptiedBody).toContain("Please enter your company");
    expect(inputValue(emptiedBody, "company") ?? "").toBe("");
    expect(await rowsFor(event.id)).toBe(0);
  });

  it("shows the cancellation terms after the roster, before the person accepts and books", async () => {
    const event = await createEvent({ cancellationTerms: "Cancel up to 14 days before for a full refund." });
    const body = text(await (await page(`/events/${event.slug}/register`, booker.cookie)).text());
    const terms = body.indexOf(">Cancellation terms</h2>");
    expect(terms).toBeGreaterThan(body.indexOf('name="roster[0].name"'));
    expect(body.slice(terms)).toMatch(/^>Cancellation terms<\/h2><p[^>]*>Cancel up to 14 days before/);
    expect(terms).toBeLessThan(body.indexOf('name="acceptTerms"'));
    expect(terms).toBeLessThan(body.indexOf(">Register team</button>"));
  });

  it("stores the 8 digits of a CVR number typed with the DK prefix and spaces", async () => {
    const event = await createEvent();
    const response = await postForm(
      site,
      `/events/${event.slug}/register`,
      validForm({ cvr: "DK 12 34 56 74" }),
      booker.cookie,
    );
    expect(response.status).toBe(303);
    const [row] = await site.database.db
      .select({ cvr: teamRegistrations.cvr })
      .from(teamRegistrations)
      .where(eq(teamRegistrations.eventId, event.id));
    expect(row?.cvr).toBe(VALID_CVR);
  });

  it("books a team: 303 to the confirmation page, one confirmed row", async () => {
    const event = await createEvent();
    const response = await postForm(site, `/events/${event.slug}/register`, validForm(), booker.cookie);
    expect(response.status).toBe(303);
    const location = response.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^/events/${event.slug}/registered/[0-9a-f-]{36}$`));
    const [row] = await site.database.db
      .select()
      .from(teamRegistrations)
      .where(eq(teamRegistrations.eventId, event.id));
    expect(row).toMatchObject({ status: "confirmed", teamName: "Nyhavn Navigators", cvr: VALID_CVR });
    expect(row!.roster).toMatchObject([
      { name: "Astrid Holm", email: "astrid@nyhavn-legal.dk" },
      { name: "Mads Berg" },
    ]);

    const confirmation = await page(location, booker.cookie);
    expect(confirmation.status).toBe(200);
    const body = text(await confirmation.text());
    expect(body).toContain("Your team is registered");
    expect(body).toContain("Confirmed");
    expect(body).toContain('href="/dashboard/bookings"');
    expect(body).toContain(`href="/events/${event.slug}"`);
    expect(body).toContain(`href="/events/${event.slug}/calendar.ics"`);
    expect(body).toContain('href="https://calendar.google.com/calendar/render?action=TEMPLATE&');
    expect(body).toContain('href="https://outlook.live.com/calendar/0/action/compose?');
    expect(body).toContain('<meta name="robots" content="noindex"');
  });

  it("books one team when the same form is submitted twice", async () => {
    const event = await createEvent();
    const form = validForm();
    const [first, second] = await Promise.all([
      postForm(site, `/events/${event.slug}/register`, form, booker.cookie),
      postForm(site, `/events/${event.slug}/register`, form, booker.cookie),
    ]);
    const third = await postForm(site, `/events/${event.slug}/register`, form, booker.cookie);
    expect([first.status, second.status, third.status]).toEqual([303, 303, 303]);
    expect(new Set([first, second, third].map((r) => r.headers.get("location"))).size).toBe(1);
    expect(await rowsFor(event.id)).toBe(1);
  });

  it.each([
    ["a CVR that is not 8 digits", { cvr: "1234567" }, "CVR number must be 8 digits"],
    [
      "a CVR that fails the modulus-11 check",
      { cvr: INVALID_CVR },
      "This is not a valid CVR number; please check the digits",
    ],
    ["no invoice address", { billingAddressLine: "" }, "Please enter the invoice address"],
    ["an EAN that is not 13 digits", { ean: "123456789012" }, "EAN number must be 13 digits"],
    [
      "a roster larger than the team size",
      Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`roster.${i}.name`, `Rower ${i + 1}`])),
      "A team has at most 9 members",
    ],
    [
      "a roster row beyond the team size",
      { "roster[9].name": "Tenth Rower" },
      "A team has at most 9 members",
    ],
  ])("refuses %s with 400, keeps the values and stores nothing", async (_, overrides, message) => {
    const event = await createEvent();
    const response = await postForm(
      site,
      `/events/${event.slug}/register`,
      validForm(overrides as Record<string, string>),
      booker.cookie,
    );
    expect(response.status).toBe(400);
    const body = text(await response.text());
    expect(body).toContain(message);
    expect(body).toContain('value="Nyhavn Navigators"');
    expect(body).toContain('value="PO-2026-17"');
    expect(body).toContain("Two vegetarians");
    expect(await rowsFor(event.id)).toBe(0);
  });

  it("shows a field's message under it when the terms are not accepted", async () => {
    const event = await createEvent();
    const form = validForm();
    delete form.acceptTerms;
    const response = await postForm(site, `/events/${event.slug}/register`, form, booker.cookie);
    expect(response.status).toBe(400);
    expect(text(await response.text())).toContain("You must accept the event's terms");
    expect(await rowsFor(event.id)).toBe(0);
  });

  it("offers the waitlist when the event is full, and the submit joins it", async () => {
    const event = await createEvent({ maxTeams: 1 });
    const path = `/events/${event.slug}/register`;
    expect((await postForm(site, path, validForm(), booker.cookie)).status).toBe(303);

    const response = await page(path, booker.cookie);
    const body = text(await response.text());
    expect(body).toContain("Fully booked: join the waitlist");
    expect(body).toContain('name="joinWaitlist" value="true"');
    expect(body).toContain("Join the waitlist");

    const joined = await postForm(site, path, validForm({ joinWaitlist: "true" }), booker.cookie);
    expect(joined.status).toBe(303);
    expect(await rowsFor(event.id, "confirmed")).toBe(1);
    expect(await rowsFor(event.id, "waitlisted")).toBe(1);
    const confirmation = text(await (await page(joined.headers.get("location")!, booker.cookie)).text());
    expect(confirmation).toContain("Your team is on the waitlist");
  });

  it("keeps the form and offers the waitlist when the event filled up meanwhile", async () => {
    const event = await createEvent({ maxTeams: 1 });
    const path = `/events/${event.slug}/register`;
    expect((await postForm(site, path, validForm(), booker.cookie)).status).toBe(303);
    // A form rendered while a spot was free, so it carries no joinWaitlist field.
    const response = await postForm(site, path, validForm({ teamName: "Late Rowers" }), booker.cookie);
    expect(response.status).toBe(409);
    const body = text(await response.text());
    expect(body).toContain("This event is fully booked. You can join the waitlist");
    expect(body).toContain('value="Late Rowers"');
    expect(body).toContain('name="joinWaitlist" value="true"');
    expect(await rowsFor(event.id)).toBe(1);
  });

  it("refuses a registration after the deadline with the domain's message", async () => {
    const event = await createEvent({
      startsAt: new Date(Date.now() + 2 * DAY),
      endsAt: new Date(Date.now() + 2 * DAY + 8 * HOUR),
      registrationDeadline: new Date(Date.now() - HOUR),
    });
    const path = `/events/${event.slug}/register`;
    const shown = text(await (await page(path, booker.cookie)).text());
    expect(shown).toContain("Registration for this event closed on");
    expect(shown).not.toContain('name="teamName"');

    const response = await postForm(site, path, validForm(), booker.cookie);
    expect(response.status).toBe(409);
    expect(text(await response.text())).toContain("Registration for this event closed on");
    expect(await rowsFor(event.id)).toBe(0);
  });

  it("refuses a past event with the domain's message", async () => {
    const startsAt = new Date(Date.now() - 3 * DAY);
    const event = await createEvent({
      startsAt,
      endsAt: new Date(startsAt.getTime() + 8 * HOUR),
      registrationDeadline: new Date(startsAt.getTime() - DAY),
    });
    const response = await postForm(site, `/events/${event.slug}/register`, validForm(), booker.cookie);
    expect(response.status).toBe(409);
    expect(text(await response.text())).toContain("This event has already taken place.");
    expect(await rowsFor(event.id)).toBe(0);
  });

  it("shows a confirmation page with the booking's short reference", async () => {
    const event = await createEvent();
    const response = await postForm(site, `/events/${event.slug}/register`, validForm(), booker.cookie);
    const location = response.headers.get("location")!;
    const [row] = await site.database.db
      .select()
      .from(teamRegistrations)
      .where(eq(teamRegistrations.eventId, event.id));
    const confirmation = await page(location, booker.cookie);
    expect(confirmation.status).toBe(200);
    const html = await confirmation.text();
    expect(html).toMatch(new RegExp(`>Booking reference</dt><dd[^>]*>${row!.reference}</dd>`));
    // The id is only in the page's address, not in its text.
    expect(html).not.toMatch(new RegExp(`<dd[^>]*>${row!.id}</dd>`));
  });
});
