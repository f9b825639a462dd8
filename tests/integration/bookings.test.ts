import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type events, teamRegistrations } from "#server/db/schema";
import { invoiceAddress, OTHER_VALID_CVR, VALID_CVR } from "../support/booking-form";
import { createTestEvent } from "../support/events";
import { createTestPartner } from "../support/partners";
import { createAccount, postForm, type TestAccount } from "../support/accounts";
import { createTestSite, type TestSite } from "../support/http-app";
import { followToast } from "../support/toast";

let site: TestSite;
let partnerId: string;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const LIST = "/dashboard/bookings";

beforeAll(async () => {
  site = await createTestSite();
  partnerId = (await createTestPartner(site.database.db, "Bookings Test Club")).id;
});

afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

const open = (path: string, cookie?: string) =>
  site.request(path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

/** A published event a month ahead whose registration is open for three more weeks. */
function createEvent(overrides: Partial<typeof events.$inferInsert> = {}) {
  return createTestEvent(site.database.db, partnerId, overrides);
}

/** A registration row as the booking form would have stored it. */
async function book(
  account: TestAccount,
  eventId: string,
  teamName: string,
  overrides: Partial<typeof teamRegistrations.$inferInsert> = {},
) {
  const [row] = await site.database.db
    .insert(teamRegistrations)
    .values({
      eventId,
      userId: account.id,
      teamName,
      company: `${teamName} A/S`,
      status: "confirmed",
      billingCompany: `${teamName} ApS`,
      cvr: VALID_CVR,
      billingEmail: "invoices@example.dk",
      ...invoiceAddress,
      captainName: "Astrid Holm",
      captainEmail: "astrid@example.dk",
      captainPhone: "+45 20 30 40 50",
      roster: [{ name: "Astrid Holm", email: "astrid@example.dk" }],
      ...overrides,
    })
    .returning();
  return row!;
}

/** React marks where one text node ends and the next begins; a reader sees one text. */
const withoutTextSeams = (html: string) => html.replaceAll("<!-- -->", "");

async function rowOf(id: string) {
  const [row] = await site.database.db.select().from(teamRegistrations).where(eq(teamRegistrations.id, id));
  return row!;
}

/** The edit form's fields, all valid, as a browser posts them. */
function editForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "update",
    teamName: "Harbour Hawks",
    company: "Hawk Legal",
    billingCompany: "Hawk Legal ApS",
    cvr: OTHER_VALID_CVR,
    ean: "",
    poReference: "PO-77",
    billingEmail: "billing@hawk.example",
    ...invoiceAddress,
    captainName: "Mads Berg",
    captainEmail: "mads@hawk.example",
    captainPhone: "+45 11 22 33 44",
    "roster[0].name": "Mads Berg",
    "roster[0].email": "mads@hawk.example",
    "roster[1].name": "Ida Lund",
    "roster[1].email": "",
    "roster[2].name": "",
    "roster[2].email": "",
    notes: "One vegetarian",
    ...overrides,
  };
}

describe("the list", () => {
  it("shows the person's upcoming, past and cancelled bookings with their statuses, and nobody else's", async () => {
    const me = await createAccount(site);
    const someoneElse = await createAccount(site);
    const upcoming = await createEvent();
    const pastStart = new Date(Date.now() - 10 * DAY);
    const past = await createEvent({
      startsAt: pastStart,
      endsAt: new Date(pastStart.getTime() + 8 * HOUR),
      registrationDeadline: new Date(pastStart.getTime() - 7 * DAY),
    });
    const confirmed = await book(me, upcoming.id, "Nyhavn Navigators");
    const waitlisted = await book(me, upcoming.id, "Waitlist Wanderers", { status: "waitlisted" });
    const cancelled = await book(me, upcoming.id, "Cancelled Canoes", {
      status: "cancelled",
      cancelledAt: new Date(Date.now() - DAY),
    });
    const cancelledLater = await book(me, past.id, "Late Quitters", {
      status: "cancelled",
      cancelledAt: new Date(),
    });
    const old = await book(me, past.id, "Old Oarsmen");
    await book(someoneElse, upcoming.id, "Secret Scullers");

    const response = await open(LIST, me.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const html = withoutTextSeams(await response.text());
    expect(html).toContain("<title>My Bookings | Rethink Corporate Life</title>");
    expect(html).toContain('<meta name="robots" content="noindex"/>');

    const upcomingPart = html.slice(html.indexOf(">Upcoming"), html.indexOf(">Past"));
    const pastPart = html.slice(html.indexOf(">Past"), html.indexOf(">Cancelled <"));
    const cancelledPart = html.slice(html.indexOf(">Cancelled <"), html.indexOf("</main>"));
    expect(upcomingPart).toMatch(/>Upcoming <span[^>]*>\(2\)/);
    for (const team of ["Nyhavn Navigators", "Waitlist Wanderers"]) {
      expect(upcomingPart).toContain(team);
    }
    expect(upcomingPart).toContain("Confirmed");
    expect(upcomingPart).toContain("Waitlisted");
    expect(upcomingPart).toContain(`href="/events/${upcoming.slug}"`);
    expect(upcomingPart).toContain(upcoming.title);
    expect(pastPart).toContain("Old Oarsmen");
    expect(pastPart).toContain(past.title);
    expect(pastPart).not.toContain("Nyhavn Navigators");
    // A cancelled booking is neither upcoming nor past, whenever its event is.
    for (const part of [upcomingPart, pastPart]) {
      expect(part).not.toContain("Cancelled Canoes");
      expect(part).not.toContain("Late Quitters");
    }
    expect(cancelledPart).toMatch(/>Cancelled <span[^>]*>\(2\)/);
    // The latest cancellation first.
    expect(cancelledPart.indexOf("Late Quitters")).toBeGreaterThan(0);
    expect(cancelledPart.indexOf("Late Quitters")).toBeLessThan(cancelledPart.indexOf("Cancelled Canoes"));
    expect(cancelledPart).not.toContain(`href="${LIST}/${cancelled.id}?cancel=1"`);
    // Not on the page, and not in the data sent along with it either.
    expect(html).not.toContain("Secret Scullers");

    // Each card shows its booking's short reference.
    for (const booking of [confirmed, waitlisted, cancelled, cancelledLater, old]) {
      expect(booking.reference).toMatch(/^RCL-[0-9A-Z]{6}$/);
      expect(html).toMatch(new RegExp(`>Reference</dt><dd[^>]*>${booking.reference}</dd>`));
    }
    expect(upcomingPart).toContain(confirmed.reference);
    expect(cancelledPart).toContain(cancelled.reference);

    // Edit, cancel and calendar links for live bookings.
    expect(html).toContain(`href="${LIST}/${confirmed.id}"`);
    expect(html).toContain(`href="${LIST}/${confirmed.id}?cancel=1"`);
    expect(html).toContain(`href="${LIST}/${waitlisted.id}/calendar.ics"`);
    // Google Calendar and Outlook beside it, with the booking's reference like its file.
    for (const service of ["https://calendar.google.com/", "https://outlook.live.com/"]) {
      const links = [...html.matchAll(new RegExp(`href="(${service}[^"]+)"`, "g"))].map((m) => m[1]!);
      expect(links.some((link) => link.includes(`Booking%20reference%3A%20${waitlisted.reference}`))).toBe(
        true,
      );
    }
  });

  it("leaves out the Cancelled heading when nothing was cancelled", async () => {
    const me = await createAccount(site);
    await book(me, (await createEvent()).id, "Steady Strokes");
    const html = withoutTextSeams(await (await open(LIST, me.cookie)).text());
    expect(html).toContain(">Upcoming <");
    expect(html).not.toContain(">Cancelled <");
  });

  it("shows an empty state that leads to the events", async () => {
    const account = await createAccount(site);
    const html = await (await open(LIST, account.cookie)).text();
    expect(html).toContain("No bookings yet");
    expect(html).toContain('href="/events"');
  });
});

describe("editing a booking", () => {
  it("saves the team name and roster", async () => {
    const me = await createAccount(site);
    const event = await createEvent();
    const booking = await book(me, event.id, "Before Edit");

    const page = await open(`${LIST}/${booking.id}`, me.cookie);
    expect(page.status).toBe(200);
    const form = withoutTextSeams(await page.text());
    expect(form).toContain('value="Before Edit"');
    expect(form).toContain('name="roster[8].name"');
    // The stored member's id goes with the form, so an edited rower keeps their seat.
    expect(form).toContain('name="roster[0].id"');
    expect(form).toMatch(new RegExp(`Booking reference <span[^>]*>${booking.reference}</span>`));

    const response = await postForm(site, `${LIST}/${booking.id}`, editForm(), me.cookie);
    const { html } = await followToast(site, response, me.cookie);
    expect(html).toContain("Your booking has been saved.");
    expect(html).toContain('value="Harbour Hawks"');

    const row = await rowOf(booking.id);
    expect(row.teamName).toBe("Harbour Hawks");
    expect(row.cvr).toBe(OTHER_VALID_CVR);
    expect(row.roster).toMatchObject([
      { name: "Mads Berg", email: "mads@hawk.example" },
      { name: "Ida Lund" },
    ]);
    expect(row.roster.every((member) => /^[0-9a-f-]{36}$/.test(member.id ?? ""))).toBe(true);
    expect(row.status).toBe("confirmed");
  });

  it("stores the 8 digits of a CVR number typed with the DK prefix", async () => {
    const me = await createAccount(site);
    const booking = await book(me, (await createEvent()).id, "Prefix Paddlers");
    const response = await postForm(
      site,
      `${LIST}/${booking.id}`,
      editForm({ cvr: "dk 29 40 34 73" }),
      me.cookie,
    );
    expect(response.status).toBe(303);
    expect((await rowOf(booking.id)).cvr).toBe(OTHER_VALID_CVR);
  });

  it("answers invalid input with 400, the message under its field and the typed values kept", async () => {
    const me = await createAccount(site);
    const event = await createEvent();
    const booking = await book(me, event.id, "Unchanged Team");

    const response = await postForm(
      site,
      `${LIST}/${booking.id}`,
      editForm({ teamName: "Typed Team", cvr: "123", "roster[1].email": "not-an-email" }),
      me.cookie,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("CVR number must be 8 digits");
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain('value="Typed Team"');
    expect(html).toContain('value="not-an-email"');
    expect((await rowOf(booking.id)).teamName).toBe("Unchanged Team");
  });

  it("refuses changes after the registration deadline and shows no form", async () => {
    const me = await createAccount(site);
    const startsAt = new Date(Date.now() + 3 * DAY);
    const event = await createEvent({
      startsAt,
      endsAt: new Date(startsAt.getTime() + 8 * HOUR),
      registrationDeadline: new Date(Date.now() - DAY),
    });
    const booking = await book(me, event.id, "Too Late");

    const page = await (await open(`${LIST}/${booking.id}`, me.cookie)).text();
    expect(page).toContain("Changes closed with the registration deadline");
    expect(page).not.toContain('value="update"');

    const response = await postForm(site, `${LIST}/${booking.id}`, editForm(), me.cookie);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("Changes closed with the registration deadline");
    expect((await rowOf(booking.id)).teamName).toBe("Too Late");
  });
});

describe("cancelling a booking", () => {
  it("asks first, then frees the spot for the oldest waitlisted team", async () => {
    const me = await createAccount(site);
    const others = await createAccount(site);
    const event = await createEvent({ maxTeams: 1 });
    const mine = await book(me, event.id, "Leaving Team", { createdAt: new Date(Date.now() - 3 * HOUR) });
    const oldest = await book(others, event.id, "First In Line", {
      status: "waitlisted",
      createdAt: new Date(Date.now() - 2 * HOUR),
    });
    const newer = await book(others, event.id, "Second In Line", {
      status: "waitlisted",
      createdAt: new Date(Date.now() - HOUR),
    });

    // The confirmation step, by link and by form, changes nothing.
    const asked = await open(`${LIST}/${mine.id}?cancel=1`, me.cookie);
    expect(await asked.text()).toContain("Are you sure you want to cancel Leaving Team?");
    const confirm = await postForm(site, `${LIST}/${mine.id}`, { intent: "confirm-cancel" }, me.cookie);
    expect(confirm.status).toBe(200);
    const question = await confirm.text();
    expect(question).toContain("Are you sure you want to cancel Leaving Team?");
    expect(question).toContain('value="cancel"');
    expect((await rowOf(mine.id)).status).toBe("confirmed");

    const response = await postForm(site, `${LIST}/${mine.id}`, { intent: "cancel" }, me.cookie);
    expect(response.headers.get("location")).toBe(LIST);
    const { html: list } = await followToast(site, response, me.cookie);

    expect((await rowOf(mine.id)).status).toBe("cancelled");
    expect((await rowOf(oldest.id)).status).toBe("confirmed");
    expect((await rowOf(newer.id)).status).toBe("waitlisted");

    expect(list).toContain("Your booking has been cancelled.");
  });
});

describe("the calendar download", () => {
  it("gives the owner the event as an .ics attachment", async () => {
    const owner = await createAccount(site);
    const event = await createEvent();
    const booking = await book(owner, event.id, "Calendar Crew");

    const response = await open(`${LIST}/${booking.id}/calendar.ics`, owner.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/calendar");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${event.slug}.ics"`);
    const body = await response.text();
    expect(body).toContain("BEGIN:VCALENDAR");
    expect(body).toContain(event.title);
    expect(body).toContain(`Booking reference: ${booking.reference}`);
  });
});
