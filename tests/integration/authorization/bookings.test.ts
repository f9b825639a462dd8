import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { teamRegistrations } from "#server/db/schema";
import { cancelRegistration } from "#server/registrations/cancel-registration";
import { updateRegistration } from "#server/registrations/update-registration";
import { postForm, type TestAccount } from "../../support/accounts";
import { refusalOf } from "../../support/event-publishing";
import { invoiceAddress, VALID_CVR } from "../../support/booking-form";
import { createTestEvent } from "../../support/events";
import {
  actorOf,
  allowed,
  castForThisFile,
  forEachActor,
  refused,
  servicesOf,
  signedInOnly,
  visit,
  type AuthorizationCase,
  type Cast,
  type Target,
} from "./support";

const cast = castForThisFile();
const site = () => cast().site;

// ── The forms, as a browser posts them ─────────────────────────────────────────────

const bookingPath = (id: string) => `/dashboard/bookings/${id}`;

/** The booking fields shared by Register Your Team and the booking's edit form. */
function teamFields(teamName: string): Record<string, string> {
  return {
    teamName,
    company: `${teamName} A/S`,
    billingCompany: `${teamName} ApS`,
    cvr: VALID_CVR,
    ean: "",
    poReference: "PO-1",
    billingEmail: "billing@team.example",
    ...invoiceAddress,
    captainName: "Mads Berg",
    captainEmail: "mads@team.example",
    captainPhone: "+45 11 22 33 44",
    "roster.0.name": "Mads Berg",
    "roster.0.email": "mads@team.example",
    notes: "",
  };
}

const registerForm = (teamName: string, extra: Record<string, string> = {}) => ({
  idempotencyKey: randomUUID(),
  acceptTerms: "on",
  ...teamFields(teamName),
  ...extra,
});

const updateForm = (teamName: string) => ({ intent: "update", ...teamFields(teamName) });
const confirmCancelForm = { intent: "confirm-cancel" };
const cancelForm = { intent: "cancel" };

// ── Rows ───────────────────────────────────────────────────────────────────────────

type BookingTarget = Target & { bookingId: string; eventId: string; slug: string };

/** A confirmed booking of the cast's owner, on a new event of the host partner. */
async function arrangeBooking(theCast: Cast): Promise<BookingTarget> {
  const owner = theCast.accounts.owner;
  const event = await createTestEvent(site().database.db, theCast.hostPartnerId);
  const [row] = await site()
    .database.db.insert(teamRegistrations)
    .values({
      eventId: event.id,
      userId: owner.id,
      teamName: "Owner's Oarsmen",
      company: "Owner A/S",
      status: "confirmed",
      billingEmail: "owner@team.example",
      captainName: "Olivia Owner",
      roster: [{ name: "Olivia Owner" }],
    })
    .returning({ id: teamRegistrations.id });
  return { owner, bookingId: row!.id, eventId: event.id, slug: event.slug };
}

async function bookingRow(id: string) {
  const [row] = await site().database.db.select().from(teamRegistrations).where(eq(teamRegistrations.id, id));
  return row;
}

type Registration = typeof teamRegistrations.$inferSelect;

async function registrationsOf(eventId: string): Promise<Registration[]> {
  return site()
    .database.db.select()
    .from(teamRegistrations)
    .where(eq(teamRegistrations.eventId, eventId))
    .orderBy(teamRegistrations.id);
}

/** Everyone but the owner is told the booking does not exist; signed-out visitors sign in first. */
const ownerOnly = (owner: ReturnType<typeof allowed>) => signedInOnly(refused(404), { owner });

// ── Cases ──────────────────────────────────────────────────────────────────────────

const openBooking: AuthorizationCase<BookingTarget> = {
  name: "opening a booking",
  arrange: arrangeBooking,
  request: ({ bookingId }) => ({ path: bookingPath(bookingId) }),
  snapshot: (_cast, { bookingId }) => bookingRow(bookingId),
  expected: ownerOnly(allowed(200)),
};

const openConfirmation: AuthorizationCase<BookingTarget> = {
  name: "opening a booking's confirmation page",
  arrange: arrangeBooking,
  request: ({ bookingId, slug }) => ({ path: `/events/${slug}/registered/${bookingId}` }),
  snapshot: (_cast, { bookingId }) => bookingRow(bookingId),
  expected: ownerOnly(allowed(200)),
};

const downloadCalendar: AuthorizationCase<BookingTarget> = {
  name: "downloading a booking's calendar file",
  arrange: arrangeBooking,
  request: ({ bookingId }) => ({ path: `${bookingPath(bookingId)}/calendar.ics` }),
  snapshot: (_cast, { bookingId }) => bookingRow(bookingId),
  expected: ownerOnly(allowed(200)),
};

const openTeamCard: AuthorizationCase<BookingTarget> = {
  name: "opening a booking's team card",
  arrange: arrangeBooking,
  request: ({ bookingId }) => ({ path: `${bookingPath(bookingId)}/team-card` }),
  snapshot: (_cast, { bookingId }) => bookingRow(bookingId),
  expected: ownerOnly(allowed(200)),
};

const updateBooking: AuthorizationCase<BookingTarget> = {
  name: "editing a booking",
  arrange: arrangeBooking,
  request: ({ bookingId }) => ({ path: bookingPath(bookingId), form: updateForm("Renamed Rowers") }),
  snapshot: (_cast, { bookingId }) => bookingRow(bookingId),
  expected: ownerOnly(allowed(303)),
  async verify({ target, response }) {
    expect(response.headers.get("location")).toBe(bookingPath(target.bookingId));
    const row = await bookingRow(target.bookingId);
    expect(row?.teamName).toBe("Renamed Rowers");
    expect(row?.userId).toBe(target.owner.id);
  },
};

const askToCancel: AuthorizationCase<BookingTarget> = {
  name: "asking to cancel a booking",
  arrange: arrangeBooking,
  request: ({ bookingId }) => ({ path: bookingPath(bookingId), form: confirmCancelForm }),
  snapshot: (_cast, { bookingId }) => bookingRow(bookingId),
  expected: ownerOnly(allowed(200)),
  async verify({ target, before }) {
    // The question changes nothing yet.
    expect(await bookingRow(target.bookingId)).toEqual(before);
  },
};

const cancelBooking: AuthorizationCase<BookingTarget> = {
  name: "cancelling a booking",
  arrange: arrangeBooking,
  request: ({ bookingId }) => ({ path: bookingPath(bookingId), form: cancelForm }),
  snapshot: (_cast, { bookingId }) => bookingRow(bookingId),
  expected: ownerOnly(allowed(303)),
  async verify({ target, response }) {
    expect(response.headers.get("location")).toBe("/dashboard/bookings");
    const row = await bookingRow(target.bookingId);
    expect(row?.status).toBe("cancelled");
  },
};

type EventTarget = Target & { eventId: string; slug: string };

async function arrangeEvent(theCast: Cast, status: "published" | "draft"): Promise<EventTarget> {
  const event = await createTestEvent(site().database.db, theCast.hostPartnerId, { status });
  return { owner: theCast.accounts.owner, eventId: event.id, slug: event.slug };
}

const registerTeam: AuthorizationCase<EventTarget, Registration[]> = {
  name: "registering a team",
  arrange: (theCast) => arrangeEvent(theCast, "published"),
  // The form names the owner as the booker; the command must book for whoever is signed in.
  request: ({ slug, owner }) => ({
    path: `/events/${slug}/register`,
    form: registerForm("New Team", { userId: owner.id }),
  }),
  snapshot: (_cast, { eventId }) => registrationsOf(eventId),
  expected: signedInOnly(allowed(303)),
  async verify({ target, account, response, before }) {
    const rows = await registrationsOf(target.eventId);
    expect(rows).toHaveLength(before.length + 1);
    const [created] = rows;
    expect(response.headers.get("location")).toBe(`/events/${target.slug}/registered/${created!.id}`);
    expect(created?.userId).toBe((account as TestAccount).id);
    expect(created?.status).toBe("confirmed");
  },
};

const registerForDraft: AuthorizationCase<EventTarget> = {
  name: "registering a team for an event that is not published",
  arrange: (theCast) => arrangeEvent(theCast, "draft"),
  request: ({ slug }) => ({ path: `/events/${slug}/register`, form: registerForm("Early Birds") }),
  snapshot: (_cast, { eventId }) => registrationsOf(eventId),
  // Even its own partner and admins book only published events.
  expected: signedInOnly(refused(404)),
};

// ── Tests ──────────────────────────────────────────────────────────────────────────

describe("a booking belongs to the person who made it", () => {
  forEachActor(openBooking, cast);
  forEachActor(downloadCalendar, cast);
  forEachActor(openTeamCard, cast);
  forEachActor(openConfirmation, cast);
  forEachActor(updateBooking, cast);
  forEachActor(askToCancel, cast);
  forEachActor(cancelBooking, cast);

  it("answers a malformed or unknown booking id with 404", async () => {
    const { cookie } = cast().accounts.user;
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      expect((await visit(site(), bookingPath(id), cookie)).status).toBe(404);
      expect((await visit(site(), `${bookingPath(id)}/calendar.ics`, cookie)).status).toBe(404);
      expect((await visit(site(), `${bookingPath(id)}/team-card`, cookie)).status).toBe(404);
      expect((await postForm(site(), bookingPath(id), cancelForm, cookie)).status).toBe(404);
    }
  });

  it("gives nobody but the owner the calendar file, not even as an attachment", async () => {
    const { bookingId } = await arrangeBooking(cast());
    const denied = await visit(site(), `${bookingPath(bookingId)}/calendar.ics`, cast().accounts.user.cookie);
    expect(denied.status).toBe(404);
    expect(denied.headers.get("content-disposition")).toBeNull();
  });

  it("shows the confirmation page to its owner only, and no page for a malformed or unknown id", async () => {
    const { owner, bookingId, slug } = await arrangeBooking(cast());
    const confirmation = `/events/${slug}/registered/${bookingId}`;
    expect((await visit(site(), confirmation, cast().accounts.user.cookie)).status).toBe(404);
    expect((await visit(site(), `/events/${slug}/registered/not-a-uuid`, owner.cookie)).status).toBe(404);
    expect((await visit(site(), `/events/${slug}/registered/${randomUUID()}`, owner.cookie)).status).toBe(
      404,
    );
    expect((await visit(site(), confirmation)).status).toBe(302);
  });
});

describe("the booking commands find no one else's booking", () => {
  it("cancelling answers 404 for someone else's booking and leaves it unchanged", async () => {
    const { owner, bookingId } = await arrangeBooking(cast());
    for (const id of [bookingId, randomUUID(), "not-a-uuid"]) {
      const error = await refusalOf(
        cancelRegistration(servicesOf(cast()), { actor: actorOf(cast(), "user"), registrationId: id }),
      );
      expect(error.code).toBe("not_found");
      expect(error.status).toBe(404);
    }
    expect(await bookingRow(bookingId)).toMatchObject({
      userId: owner.id,
      status: "confirmed",
      cancelledAt: null,
    });
  });

  it("editing answers 404 for someone else's booking and leaves it unchanged", async () => {
    const { bookingId } = await arrangeBooking(cast());
    const before = await bookingRow(bookingId);
    for (const id of [bookingId, randomUUID(), "42"]) {
      const error = await refusalOf(
        updateRegistration(servicesOf(cast()), {
          actor: actorOf(cast(), "user"),
          registrationId: id,
          input: teamFields("Hijacked"),
        }),
      );
      expect(error.code).toBe("not_found");
      expect(error.status).toBe(404);
    }
    expect(await bookingRow(bookingId)).toEqual(before);
  });
});

describe("any signed-in person may book a team, for themselves only", () => {
  forEachActor(registerTeam, cast);
  forEachActor(registerForDraft, cast);
});

describe("Register Your Team", () => {
  it("leads signed-out visitors to log in first and signed-in people straight to registration", async () => {
    const signedOut = await (await site().request("/events/riverside-team-racing")).text();
    expect(signedOut).toContain(
      `href="/login?redirectTo=${encodeURIComponent("/events/riverside-team-racing/register")}"`,
    );
    const signedIn = await (
      await site().request("/events/riverside-team-racing", {
        headers: { Cookie: cast().accounts.user.cookie },
      })
    ).text();
    expect(signedIn).toContain('href="/events/riverside-team-racing/register"');
  });
});
