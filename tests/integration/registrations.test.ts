import { userActor } from "../support/accounts";
import { randomUUID } from "node:crypto";
import { parse } from "@conform-to/react";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  registrationSchema,
  registrationUpdateSchema,
  rosterFieldName,
} from "~/lib/forms/registration-schema";
import { validateWith } from "~/lib/forms/validate";
import type { DatabaseHandle } from "#server/db/client";
import { events, teamRegistrations, users } from "#server/db/schema";
import { cancelRegistration } from "#server/registrations/cancel-registration";
import { AppError } from "#server/errors";
import { eventAvailability, getMyRegistration, listMyRegistrations } from "#server/registrations/queries";
import { registerTeam, type RegisterTeamRequest } from "#server/registrations/register-team";
import { updateRegistration } from "#server/registrations/update-registration";
import { INVALID_CVR, invoiceAddress, OTHER_VALID_CVR, VALID_CVR } from "../support/booking-form";
import { createTestEvent } from "../support/events";
import { createTestPartner } from "../support/partners";
import { createTestDatabase, testDatabaseKind } from "../support/database";
import { recordingJobs } from "../support/jobs";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const now = new Date("2026-11-21T12:00:00Z");
const BASE_URL = "https://rcl.test";

let database: DatabaseHandle;
let partnerId: string;
let outbox: ReturnType<typeof recordingJobs>;
const services = () => ({ db: database.db, jobs: outbox.jobs, baseUrl: BASE_URL });

beforeAll(async () => {
  database = await createTestDatabase();
  outbox = recordingJobs(database);
  partnerId = (await createTestPartner(database.db, "Registration Test Club")).id;
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await outbox.deliver();
  outbox.sent.length = 0;
});

let sequence = 0;

async function createUser(name = "Booker") {
  sequence += 1;
  const [user] = await database.db
    .insert(users)
    .values({
      id: `registration-user-${sequence}`,
      name,
      email: `booker${sequence}@example.dk`,
      emailVerified: true,
    })
    .returning();
  return user!;
}

/** A published event a month ahead, registration open for three more weeks. */
function createEvent(overrides: Partial<typeof events.$inferInsert> = {}) {
  return createTestEvent(database.db, partnerId, { now, ...overrides });
}

/** A complete, valid form as the page posts it (flat fields). */
function validForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
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
    [rosterFieldName(0, "name")]: "Astrid Holm",
    [rosterFieldName(0, "email")]: "astrid@nyhavn-legal.dk",
    [rosterFieldName(1, "name")]: "Mads Berg",
    [rosterFieldName(1, "email")]: "",
    notes: "Two vegetarians",
    acceptTerms: "on",
    ...overrides,
  };
}

const key = () => randomUUID();

function register(
  userId: string,
  eventId: string,
  options: Partial<Omit<RegisterTeamRequest, "actor" | "eventId">> = {},
) {
  return registerTeam(services(), {
    actor: userActor(userId),
    eventId,
    input: validForm(),
    idempotencyKey: key(),
    now,
    ...options,
  });
}

/** The error a command fails with; the test fails when it succeeds. */
async function refusal(work: () => Promise<unknown>): Promise<AppError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("Expected the command to be refused");
}

async function rowsFor(eventId: string) {
  return database.db
    .select()
    .from(teamRegistrations)
    .where(eq(teamRegistrations.eventId, eventId))
    .orderBy(teamRegistrations.createdAt);
}

describe(`registering a team on ${testDatabaseKind}`, () => {
  it("books a confirmed team and stores every field, roster as given", async () => {
    const user = await createUser();
    const event = await createEvent();
    const { registration, created } = await register(user.id, event.id);

    expect(created).toBe(true);
    expect(registration).toMatchObject({
      eventId: event.id,
      userId: user.id,
      status: "confirmed",
      teamName: "Nyhavn Navigators",
      company: "Nyhavn Legal",
      billingCompany: "Nyhavn Legal ApS",
      cvr: VALID_CVR,
      ean: null,
      poReference: "PO-2026-17",
      billingEmail: "invoices@nyhavn-legal.dk",
      ...invoiceAddress,
      captainName: "Astrid Holm",
      captainEmail: "astrid@nyhavn-legal.dk",
      captainPhone: "+45 20 30 40 50",
      roster: [{ name: "Astrid Holm", email: "astrid@nyhavn-legal.dk" }, { name: "Mads Berg" }],
      notes: "Two vegetarians",
      cancelledAt: null,
    });
    expect(await rowsFor(event.id)).toHaveLength(1);
  });

  it("emails the booker a confirmation with the booking details and the event's .ics", async () => {
    const user = await createUser();
    const event = await createEvent();
    const { registration } = await register(user.id, event.id, {
      input: validForm({ ean: "5790000123452" }),
    });
    await outbox.deliver();

    expect(outbox.sent).toHaveLength(1);
    const mail = outbox.sent[0]!;
    expect(mail.to).toBe(user.email);
    expect(registration.reference).toMatch(/^RCL-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(mail.subject).toBe(`Registration confirmed: ${event.title} (${registration.reference})`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Nyhavn Navigators");
      expect(part).toContain(VALID_CVR);
      expect(part).toContain("5790000123452");
      expect(part).toContain("PO-2026-17");
      expect(part).toContain("invoices@nyhavn-legal.dk");
      expect(part).toContain("Astrid Holm");
      expect(part).toContain("2 of 9 members named");
      // The short reference people quote; the row's id stays internal.
      expect(part).toContain(`Booking reference`);
      expect(part).toContain(registration.reference);
      expect(part).not.toContain(registration.id);
      expect(part).toContain(`${BASE_URL}/dashboard/bookings`);
    }
    expect(mail.text).toContain("Status: Confirmed");
    // The calendar file, and the team's QR code shown in the mail as an inline part.
    expect(mail.attachments?.map((file) => [file.filename, file.cid])).toEqual([
      [`${event.slug}.ics`, undefined],
      [`${registration.reference}.png`, "team-code"],
    ]);
    expect(mail.html).toContain('src="cid:team-code"');
    const ics = mail.attachments![0]!;
    expect(ics.filename).toBe(`${event.slug}.ics`);
    expect(ics.contentType).toMatch(/^text\/calendar/);
    expect(ics.content).toContain("BEGIN:VCALENDAR");
    expect(ics.content).toContain(`UID:event-${event.id}@rethinkcorporatelife.dk`);
    expect(ics.content).toContain(`SUMMARY:${event.title}`);
    expect(ics.content).toContain(`Booking reference: ${registration.reference}`);
  });

  it("accepts an incomplete roster, spaced CVR and EAN numbers and a structured roster", async () => {
    const user = await createUser();
    const event = await createEvent();
    const { registration } = await register(user.id, event.id, {
      input: {
        ...validForm({ cvr: "12 34 56 74", ean: "5790 0001 2345 2", poReference: "", notes: "" }),
        roster: [{ name: "Only Rower" }],
      },
    });
    expect(registration).toMatchObject({
      cvr: VALID_CVR,
      ean: "5790000123452",
      poReference: null,
      notes: null,
      roster: [{ name: "Only Rower" }],
    });
  });

  it.each(["DK 12 34 56 74", "dk12345674", "DK-12345674", " 12-34-56-74 "])(
    "stores the 8 digits of a CVR number typed as %j",
    async (typed) => {
      const user = await createUser();
      const event = await createEvent();
      const { registration } = await register(user.id, event.id, { input: validForm({ cvr: typed }) });
      expect(registration.cvr).toBe(VALID_CVR);
    },
  );

  it.each(["DK 1234567", "12345674DK", "DKDK12345674", "SE12345674"])(
    "refuses %j as a CVR number, storing nothing",
    async (typed) => {
      const user = await createUser();
      const event = await createEvent();
      const error = await refusal(() => register(user.id, event.id, { input: validForm({ cvr: typed }) }));
      expect(error.fields.cvr).toBe("CVR number must be 8 digits");
      expect(await rowsFor(event.id)).toHaveLength(0);
    },
  );

  it("puts the team on the waitlist when the event is full and the person accepted it", async () => {
    const event = await createEvent({ maxTeams: 1 });
    await register((await createUser()).id, event.id);
    const user = await createUser();
    await outbox.deliver();
    outbox.sent.length = 0;

    const { registration } = await register(user.id, event.id, { joinWaitlist: true });
    expect(registration.status).toBe("waitlisted");
    await outbox.deliver();
    expect(outbox.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [user.email, `You are on the waitlist: ${event.title} (${registration.reference})`],
    ]);
    expect(outbox.sent[0]!.text).toContain("Status: On the waitlist");
    expect(outbox.sent[0]!.attachments?.[0]?.content).toContain("BEGIN:VEVENT");
  });

  it("refuses a full event with a message that offers the waitlist, storing nothing", async () => {
    const event = await createEvent({ maxTeams: 1 });
    await register((await createUser()).id, event.id);
    const user = await createUser();

    const error = await refusal(() => register(user.id, event.id, { joinWaitlist: false }));
    expect(error.code).toBe("conflict");
    expect(error.reason).toBe("full");
    expect(error.status).toBe(409);
    expect(error.message).toMatch(/fully booked.*join the waitlist/);
    expect((await rowsFor(event.id)).filter((row) => row.userId === user.id)).toHaveLength(0);
  });

  it("lets one person book several teams, each its own row, up to what is left", async () => {
    const user = await createUser();
    const event = await createEvent({ maxTeams: 3 });
    await register((await createUser()).id, event.id);

    const first = await register(user.id, event.id, { input: validForm({ teamName: "Team A" }) });
    const second = await register(user.id, event.id, { input: validForm({ teamName: "Team B" }) });
    const third = await register(user.id, event.id, {
      input: validForm({ teamName: "Team C" }),
      joinWaitlist: true,
    });

    expect(new Set([first, second, third].map((r) => r.registration.id)).size).toBe(3);
    expect([first, second, third].map((r) => r.registration.status)).toEqual([
      "confirmed",
      "confirmed",
      "waitlisted",
    ]);
    const error = await refusal(() =>
      register(user.id, event.id, { input: validForm({ teamName: "Team D" }) }),
    );
    expect(error.code).toBe("conflict");
    expect(error.reason).toBe("full");
    expect(await eventAvailability(database.db, event.id)).toEqual({
      teamsRegistered: 3,
      maxTeams: 3,
      spotsRemaining: 0,
      waitlisted: 1,
    });
  });

  describe("idempotency", () => {
    it("creates one registration for the same form submitted twice and returns the same row", async () => {
      const user = await createUser();
      const event = await createEvent();
      const idempotencyKey = key();

      const first = await register(user.id, event.id, { idempotencyKey });
      const second = await register(user.id, event.id, { idempotencyKey });

      expect(first.created).toBe(true);
      expect(second.created).toBe(false);
      expect(second.registration).toEqual(first.registration);
      expect(await rowsFor(event.id)).toHaveLength(1);
      await outbox.deliver();
      expect(outbox.sent).toHaveLength(1);
    });

    it("answers a repeat with the first booking even when that booking filled the event", async () => {
      const user = await createUser();
      const event = await createEvent({ maxTeams: 1 });
      const idempotencyKey = key();

      const first = await register(user.id, event.id, { idempotencyKey });
      const repeat = await register(user.id, event.id, { idempotencyKey, joinWaitlist: false });
      expect(repeat.registration.id).toBe(first.registration.id);
      expect(repeat.registration.status).toBe("confirmed");
    });

    it("creates one registration when the same key arrives at the same moment", async () => {
      const user = await createUser();
      const event = await createEvent();
      const idempotencyKey = key();

      const results = await Promise.all(
        Array.from({ length: 5 }, () => register(user.id, event.id, { idempotencyKey })),
      );
      expect(new Set(results.map((r) => r.registration.id)).size).toBe(1);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(await rowsFor(event.id)).toHaveLength(1);
    });

    it("scopes keys to the person: two people with one key book two teams", async () => {
      const event = await createEvent();
      const idempotencyKey = key();
      await register((await createUser()).id, event.id, { idempotencyKey });
      await register((await createUser()).id, event.id, { idempotencyKey });
      expect(await rowsFor(event.id)).toHaveLength(2);
    });

    it("refuses a key already used for another event, storing nothing", async () => {
      const user = await createUser();
      const [first, second] = [await createEvent(), await createEvent()];
      const idempotencyKey = key();
      await register(user.id, first.id, { idempotencyKey });

      const error = await refusal(() => register(user.id, second.id, { idempotencyKey }));
      expect(error.code).toBe("conflict");
      expect(error.status).toBe(409);
      expect(await rowsFor(second.id)).toHaveLength(0);
    });

    it.each([
      ["", "empty"],
      ["short", "too short"],
      ["a".repeat(101), "too long"],
      ["has spaces in it", "spaced"],
      [undefined as unknown as string, "missing"],
    ])("refuses a malformed key (%#: %s) as invalid", async (idempotencyKey) => {
      const user = await createUser();
      const event = await createEvent();
      const error = await refusal(() => register(user.id, event.id, { idempotencyKey }));
      expect(error.code).toBe("invalid");
      expect(error.status).toBe(400);
      expect(error.message).toBe("This form has expired. Please reload the page and submit it again.");
      expect(await rowsFor(event.id)).toHaveLength(0);
    });
  });

  describe("bad input gets 400 with a message under its field, and nothing is stored", () => {
    const tenMembers = Object.fromEntries(
      Array.from({ length: 10 }, (_, index) => [rosterFieldName(index, "name"), `Rower ${index + 1}`]),
    );

    it.each<[string, Record<string, string>, string, string]>([
      ["a CVR of 4 digits", { cvr: "1234" }, "cvr", "CVR number must be 8 digits"],
      ["a CVR with letters", { cvr: "1234567a" }, "cvr", "CVR number must be 8 digits"],
      ["a missing CVR", { cvr: "" }, "cvr", "CVR number must be 8 digits"],
      [
        "a CVR that fails the modulus-11 check",
        { cvr: INVALID_CVR },
        "cvr",
        "This is not a valid CVR number; please check the digits",
      ],
      ["an EAN of 12 digits", { ean: "579000012345" }, "ean", "EAN number must be 13 digits"],
      ["an EAN of 14 digits", { ean: "57900001234520" }, "ean", "EAN number must be 13 digits"],
      [
        "an EAN with a wrong check digit",
        { ean: "5790000123451" },
        "ean",
        "This EAN number's last digit does not match; please check it",
      ],
      ["a roster larger than the team size", tenMembers, "roster", "A team has at most 9 members"],
      ["no team name", { teamName: "  " }, "teamName", "Please enter your team's name"],
      ["no company", { company: "" }, "company", "Please enter your company"],
      [
        "no billing company",
        { billingCompany: "" },
        "billingCompany",
        "Please enter the company name for the invoice",
      ],
      [
        "a bad billing email",
        { billingEmail: "invoices" },
        "billingEmail",
        "Please enter a valid billing email address",
      ],
      [
        "no invoice address",
        { billingAddressLine: " " },
        "billingAddressLine",
        "Please enter the invoice address",
      ],
      ["no postal code", { billingPostalCode: "" }, "billingPostalCode", "Please enter the postal code"],
      [
        "a postal code of 5 digits",
        { billingPostalCode: "16200" },
        "billingPostalCode",
        "Please enter a Danish postal code of 4 digits, such as 2900",
      ],
      ["no city", { billingCity: "" }, "billingCity", "Please enter the city"],
      ["no captain", { captainName: "" }, "captainName", "Please enter the team captain's name"],
      [
        "a bad captain email",
        { captainEmail: "astrid@" },
        "captainEmail",
        "Please enter a valid email address for the captain",
      ],
      ["no captain phone", { captainPhone: "" }, "captainPhone", "Please enter the captain's phone number"],
      [
        "a captain phone of letters",
        { captainPhone: "call me" },
        "captainPhone",
        "Please enter a valid phone number",
      ],
      [
        "a roster member's bad email",
        { [rosterFieldName(1, "email")]: "mads@" },
        rosterFieldName(1, "email"),
        "Please enter a valid email address",
      ],
      [
        "a roster member with an email but no name",
        { [rosterFieldName(1, "name")]: "", [rosterFieldName(1, "email")]: "mads@nyhavn-legal.dk" },
        rosterFieldName(1, "name"),
        "Please enter this member's name",
      ],
      [
        "notes that are too long",
        { notes: "x".repeat(2001) },
        "notes",
        "Please keep this under 2000 characters",
      ],
      ["terms not accepted", { acceptTerms: "" }, "acceptTerms", "You must accept the event's terms"],
    ])("%s", async (_name, overrides, field, message) => {
      const user = await createUser();
      const event = await createEvent();
      const error = await refusal(() => register(user.id, event.id, { input: validForm(overrides) }));
      expect(error.code).toBe("invalid");
      expect(error.status).toBe(400);
      expect(error.fields[field]).toBe(message);
      expect(await rowsFor(event.id)).toHaveLength(0);
    });

    it("limits the roster to the event's own team size", async () => {
      const user = await createUser();
      const event = await createEvent({ teamSize: 4 });
      const five = Object.fromEntries(
        Array.from({ length: 5 }, (_, index) => [rosterFieldName(index, "name"), `Rower ${index + 1}`]),
      );
      const error = await refusal(() => register(user.id, event.id, { input: validForm(five) }));
      expect(error.fields.roster).toBe("A team has at most 4 members");
      expect(await rowsFor(event.id)).toHaveLength(0);

      const four = Object.fromEntries(Object.entries(five).slice(0, 4));
      const { registration } = await register(user.id, event.id, { input: validForm(four) });
      expect(registration.roster).toHaveLength(4);
    });

    it("reports every wrong field at once, and input that is not a form at all", async () => {
      const user = await createUser();
      const event = await createEvent();
      const error = await refusal(() =>
        register(user.id, event.id, { input: validForm({ cvr: "1", ean: "2", acceptTerms: "" }) }),
      );
      expect(Object.keys(error.fields).sort()).toEqual(["acceptTerms", "cvr", "ean"]);

      for (const input of [null, "teamName=x", 42, { roster: "not a list" }]) {
        const refused = await refusal(() => register(user.id, event.id, { input }));
        expect(refused.code).toBe("invalid");
      }
      expect(await rowsFor(event.id)).toHaveLength(0);
    });

    it("gives the browser the same messages, under the form's field names", () => {
      const formData = new FormData();
      for (const [name, value] of Object.entries(
        validForm({ cvr: "123", [rosterFieldName(0, "email")]: "x" }),
      )) {
        formData.append(name, value);
      }
      // As Conform reads the form in the browser: the roster becomes a list.
      const { payload } = parse(formData, { resolve: (value) => ({ value }) });
      expect(validateWith(registrationSchema(9))(payload)).toEqual({
        cvr: ["CVR number must be 8 digits"],
        [rosterFieldName(0, "email")]: ["Please enter a valid email address"],
      });
    });

    it("lets the browser accept a CVR number with the DK prefix, as the server does", () => {
      const formData = new FormData();
      for (const [name, value] of Object.entries(validForm({ cvr: "dk 12 34 56 74" }))) {
        formData.append(name, value);
      }
      const { payload } = parse(formData, { resolve: (value) => ({ value }) });
      expect(validateWith(registrationUpdateSchema(9))(payload)).toEqual({});
    });
  });

  describe("events that take no registrations", () => {
    it.each([
      ["an unknown event id", () => randomUUID()],
      ["a malformed event id", () => "not-a-uuid"],
    ])("answers 404 for %s", async (_name, eventId) => {
      const user = await createUser();
      const error = await refusal(() => register(user.id, eventId()));
      expect(error.code).toBe("not_found");
      expect(error.status).toBe(404);
    });

    it.each(["draft", "pending_review", "changes_requested"] as const)(
      "answers 404 for an unpublished (%s) event, storing nothing",
      async (status) => {
        const user = await createUser();
        const event = await createEvent({ status });
        const error = await refusal(() => register(user.id, event.id));
        expect(error.code).toBe("not_found");
        expect(error.status).toBe(404);
        expect(error.message).toBe("This event does not exist or is not open for registration.");
        expect(await rowsFor(event.id)).toHaveLength(0);
      },
    );

    it.each<[string, () => Partial<typeof events.$inferInsert>, string, RegExp]>([
      ["a cancelled event", () => ({ status: "cancelled" }), "cancelled", /^This event has been cancelled/],
      [
        "a past event",
        () => ({
          startsAt: new Date(now.getTime() - 3 * DAY),
          endsAt: new Date(now.getTime() - 2 * DAY),
          registrationDeadline: new Date(now.getTime() - 10 * DAY),
        }),
        "ended",
        /^This event has already taken place\.$/,
      ],
      [
        "an event under way",
        () => ({
          startsAt: new Date(now.getTime() - HOUR),
          endsAt: new Date(now.getTime() + HOUR),
          registrationDeadline: new Date(now.getTime() - DAY),
        }),
        "started",
        /^This event has already started, so registration is closed\.$/,
      ],
      [
        "an event whose registration deadline has passed",
        () => ({ registrationDeadline: new Date(now.getTime() - HOUR) }),
        "deadline",
        /^Registration for this event closed on November 21, 2026 at 12:00 PM\.$/,
      ],
      [
        "an event whose deadline is this very moment",
        () => ({ registrationDeadline: now }),
        "deadline",
        /^Registration for this event closed on/,
      ],
    ])("refuses %s with a clear message, storing nothing", async (_name, overrides, reason, message) => {
      const user = await createUser();
      const event = await createEvent(overrides());
      const error = await refusal(() => register(user.id, event.id, { joinWaitlist: true }));
      expect(error.code).toBe("invalid_transition");
      expect(error.status).toBe(409);
      expect(error.reason).toBe(reason);
      expect(error.message).toMatch(message);
      expect(await rowsFor(event.id)).toHaveLength(0);
    });

    it("takes a registration one minute before the deadline", async () => {
      const user = await createUser();
      const event = await createEvent({ registrationDeadline: new Date(now.getTime() + 60_000) });
      const { registration } = await register(user.id, event.id);
      expect(registration.status).toBe("confirmed");
    });
  });
});

describe(`cancelling a registration on ${testDatabaseKind}`, () => {
  /** An event of `maxTeams` confirmed teams and `waiting` teams on its waitlist, oldest first. */
  async function fullEvent(maxTeams: number, waiting: number) {
    const event = await createEvent({ maxTeams });
    const owner = await createUser();
    const confirmed = [];
    for (let index = 0; index < maxTeams; index += 1) {
      confirmed.push(
        (await register(owner.id, event.id, { input: validForm({ teamName: `Crew ${index}` }) }))
          .registration,
      );
    }
    const waitlisted = [];
    for (let index = 0; index < waiting; index += 1) {
      const booker = await createUser();
      const input = validForm({
        teamName: `Waiting ${index}`,
        captainEmail: `captain${index}-${booker.id}@example.dk`,
      });
      waitlisted.push({ booker, ...(await register(booker.id, event.id, { input, joinWaitlist: true })) });
    }
    await outbox.deliver();
    outbox.sent.length = 0;
    return { event, owner, confirmed, waitlisted };
  }

  const cancel = (userId: string, registrationId: string, at = now) =>
    cancelRegistration(services(), { actor: userActor(userId), registrationId, now: at });

  it("frees the spot and promotes the oldest waitlisted team, emailing its captain", async () => {
    const { event, owner, confirmed, waitlisted } = await fullEvent(2, 2);
    const [oldest, newer] = waitlisted;

    const { registration, promoted } = await cancel(owner.id, confirmed[0]!.id);
    expect(registration.status).toBe("cancelled");
    expect(registration.cancelledAt?.toISOString()).toBe(now.toISOString());
    expect(promoted.map((row) => row.id)).toEqual([oldest!.registration.id]);

    const rows = new Map((await rowsFor(event.id)).map((row) => [row.id, row.status]));
    expect(rows.get(confirmed[0]!.id)).toBe("cancelled");
    expect(rows.get(oldest!.registration.id)).toBe("confirmed");
    expect(rows.get(newer!.registration.id)).toBe("waitlisted");

    await outbox.deliver();
    const promotion = outbox.sent.filter((mail) => mail.subject.startsWith("A spot opened up"));
    expect(promotion).toHaveLength(1);
    expect(promotion[0]!.to).toBe(oldest!.registration.captainEmail);
    expect(promotion[0]!.subject).toBe(
      `A spot opened up: Waiting 0 is confirmed for ${event.title} (${oldest!.registration.reference})`,
    );
    expect(promotion[0]!.text).toContain("Status: Confirmed");
    expect(promotion[0]!.attachments?.[0]?.filename).toBe(`${event.slug}.ics`);
    // The cancelled team's captain hears too; the team still waiting hears nothing.
    expect(outbox.sent.map((mail) => mail.subject).sort()).toEqual(
      [
        promotion[0]!.subject,
        // To the captain and to the booker, who are different people here.
        `Booking cancelled: ${confirmed[0]!.teamName} at ${event.title} (${confirmed[0]!.reference})`,
        `Booking cancelled: ${confirmed[0]!.teamName} at ${event.title} (${confirmed[0]!.reference})`,
      ].sort(),
    );
  });

  it("emails the booker when the promoted team has no captain email", async () => {
    const { owner, confirmed, waitlisted } = await fullEvent(1, 1);
    const waiting = waitlisted[0]!;
    await database.db
      .update(teamRegistrations)
      .set({ captainEmail: null })
      .where(eq(teamRegistrations.id, waiting.registration.id));

    await cancel(owner.id, confirmed[0]!.id);
    await outbox.deliver();
    const promotion = outbox.sent.filter((mail) => mail.subject.startsWith("A spot opened up"));
    expect(promotion.map((mail) => mail.to)).toEqual([waiting.booker.email]);
  });

  it("promotes by age, not by id: the longest wait wins", async () => {
    const { event, owner, confirmed, waitlisted } = await fullEvent(1, 3);
    // Make the newest team the oldest by createdAt.
    const newest = waitlisted[2]!.registration;
    await database.db
      .update(teamRegistrations)
      .set({ createdAt: new Date(now.getTime() - 30 * DAY) })
      .where(eq(teamRegistrations.id, newest.id));

    const { promoted } = await cancel(owner.id, confirmed[0]!.id);
    expect(promoted.map((row) => row.id)).toEqual([newest.id]);
    expect(await eventAvailability(database.db, event.id)).toMatchObject({
      teamsRegistered: 1,
      waitlisted: 2,
    });
  });

  it("promotes no one when a waitlisted team cancels", async () => {
    const { event, waitlisted } = await fullEvent(1, 2);
    const waiting = waitlisted[1]!;
    const { registration, promoted } = await cancel(waiting.booker.id, waiting.registration.id);
    expect(registration.status).toBe("cancelled");
    expect(promoted).toEqual([]);
    expect(await eventAvailability(database.db, event.id)).toMatchObject({
      teamsRegistered: 1,
      waitlisted: 1,
    });
  });

  it("leaves a spot free when nobody is waiting", async () => {
    const { event, owner, confirmed } = await fullEvent(2, 0);
    const { promoted } = await cancel(owner.id, confirmed[1]!.id);
    expect(promoted).toEqual([]);
    expect(await eventAvailability(database.db, event.id)).toEqual({
      teamsRegistered: 1,
      maxTeams: 2,
      spotsRemaining: 1,
      waitlisted: 0,
    });
  });

  it("changes nothing when cancelled twice: no second promotion", async () => {
    const { event, owner, confirmed, waitlisted } = await fullEvent(1, 2);
    await cancel(owner.id, confirmed[0]!.id);
    const again = await cancel(owner.id, confirmed[0]!.id, new Date(now.getTime() + HOUR));
    expect(again.promoted).toEqual([]);
    expect(again.registration.cancelledAt?.toISOString()).toBe(now.toISOString());
    const statuses = (await rowsFor(event.id)).map((row) => [row.id, row.status]);
    expect(statuses).toContainEqual([waitlisted[0]!.registration.id, "confirmed"]);
    expect(statuses).toContainEqual([waitlisted[1]!.registration.id, "waitlisted"]);
  });

  it("refuses once the event has started, leaving the row unchanged", async () => {
    const { event, owner, confirmed } = await fullEvent(1, 1);
    const error = await refusal(() =>
      cancel(owner.id, confirmed[0]!.id, new Date(event.startsAt.getTime() + HOUR)),
    );
    expect(error.code).toBe("invalid_transition");
    expect(error.status).toBe(409);
    expect(error.reason).toBe("started");
    expect(error.message).toBe("This event has already started, so the booking can no longer be cancelled.");
    const statuses = (await rowsFor(event.id)).map((row) => row.status);
    expect(statuses).toEqual(["confirmed", "waitlisted"]);
  });

  it("still cancels after the registration deadline, until the start", async () => {
    const { event, owner, confirmed, waitlisted } = await fullEvent(1, 1);
    const afterDeadline = new Date(event.registrationDeadline.getTime() + HOUR);
    const { promoted } = await cancel(owner.id, confirmed[0]!.id, afterDeadline);
    expect(promoted.map((row) => row.id)).toEqual([waitlisted[0]!.registration.id]);
  });

  it("promotes no one on a cancelled event", async () => {
    const { event, owner, confirmed } = await fullEvent(1, 1);
    await database.db.update(events).set({ status: "cancelled" }).where(eq(events.id, event.id));
    const { promoted } = await cancel(owner.id, confirmed[0]!.id);
    expect(promoted).toEqual([]);
    expect((await rowsFor(event.id)).map((row) => row.status)).toEqual(["cancelled", "waitlisted"]);
  });
});

describe(`editing a registration on ${testDatabaseKind}`, () => {
  const edit = (userId: string, registrationId: string, input: unknown, at = now) =>
    updateRegistration(services(), { actor: userActor(userId), registrationId, input, now: at });

  async function booked(eventOverrides: Partial<typeof events.$inferInsert> = {}) {
    const user = await createUser();
    const event = await createEvent(eventOverrides);
    const { registration } = await register(user.id, event.id);
    return { user, event, registration };
  }

  it("changes the team, billing, captain, roster and notes, never the status", async () => {
    const { user, registration } = await booked();
    const updated = await edit(user.id, registration.id, {
      ...validForm({
        teamName: "Harbour Hawks",
        cvr: OTHER_VALID_CVR,
        ean: "5790000123452",
        billingAddressLine: "Havnegade 3",
        billingPostalCode: "1058",
        billingCity: "København K",
        personReference: "Astrid Holm",
        captainName: "Mads Berg",
        notes: "",
        [rosterFieldName(2, "name")]: "Ida Lund",
      }),
      status: "waitlisted",
    });
    expect(updated).toMatchObject({
      id: registration.id,
      status: "confirmed",
      teamName: "Harbour Hawks",
      cvr: OTHER_VALID_CVR,
      ean: "5790000123452",
      billingAddressLine: "Havnegade 3",
      billingPostalCode: "1058",
      billingCity: "København K",
      personReference: "Astrid Holm",
      captainName: "Mads Berg",
      notes: null,
      roster: [
        { name: "Astrid Holm", email: "astrid@nyhavn-legal.dk" },
        { name: "Mads Berg" },
        { name: "Ida Lund" },
      ],
    });
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(registration.updatedAt.getTime());
  });

  it("refuses a roster larger than the team size with 400, leaving the row unchanged", async () => {
    const { user, registration } = await booked({ teamSize: 2 });
    const three = validForm({ [rosterFieldName(2, "name")]: "Third Rower" });
    const error = await refusal(() => edit(user.id, registration.id, three));
    expect(error.code).toBe("invalid");
    expect(error.status).toBe(400);
    expect(error.fields.roster).toBe("A team has at most 2 members");
    const [row] = await database.db
      .select()
      .from(teamRegistrations)
      .where(eq(teamRegistrations.id, registration.id));
    expect(row).toEqual(registration);
  });

  it("stores the 8 digits of a CVR number typed with the DK prefix and spaces", async () => {
    const { user, registration } = await booked();
    const updated = await edit(user.id, registration.id, validForm({ cvr: "DK 29 40 34 73" }));
    expect(updated.cvr).toBe(OTHER_VALID_CVR);
  });

  it("refuses a bad CVR with 400, leaving the row unchanged", async () => {
    const { user, registration } = await booked();
    const error = await refusal(() => edit(user.id, registration.id, validForm({ cvr: "123" })));
    expect(error.fields.cvr).toBe("CVR number must be 8 digits");
    const [row] = await database.db
      .select()
      .from(teamRegistrations)
      .where(eq(teamRegistrations.id, registration.id));
    expect(row).toEqual(registration);
  });

  it("refuses after the registration deadline", async () => {
    const { user, event, registration } = await booked();
    const error = await refusal(() =>
      edit(user.id, registration.id, validForm({ teamName: "Late" }), event.registrationDeadline),
    );
    expect(error.code).toBe("invalid_transition");
    expect(error.reason).toBe("deadline");
    expect(error.message).toMatch(/^Changes closed with the registration deadline on /);
    const [row] = await database.db
      .select()
      .from(teamRegistrations)
      .where(eq(teamRegistrations.id, registration.id));
    expect(row?.teamName).toBe("Nyhavn Navigators");
  });

  it("refuses a cancelled registration", async () => {
    const { user, registration } = await booked();
    await cancelRegistration(services(), {
      actor: userActor(user.id),
      registrationId: registration.id,
      now,
    });
    const error = await refusal(() => edit(user.id, registration.id, validForm({ teamName: "Back again" })));
    expect(error.code).toBe("invalid_transition");
    expect(error.reason).toBe("registration_cancelled");
    expect(error.message).toBe("This registration has been cancelled, so it can no longer be changed.");
  });
});

describe(`booking queries on ${testDatabaseKind}`, () => {
  it("lists a person's upcoming, past and cancelled bookings with their event and status, and no one else's", async () => {
    const user = await createUser();
    const other = await createUser();
    const soon = await createEvent({
      title: "Soon",
      startsAt: new Date(now.getTime() + 10 * DAY),
      endsAt: new Date(now.getTime() + 10 * DAY + HOUR),
      registrationDeadline: new Date(now.getTime() + 5 * DAY),
    });
    const later = await createEvent({ title: "Later" });
    const earlier = new Date(now.getTime() - 60 * DAY);
    const past = await createEvent({
      title: "Past",
      startsAt: earlier,
      endsAt: new Date(earlier.getTime() + HOUR),
      registrationDeadline: earlier,
    });

    const laterBooking = (await register(user.id, later.id)).registration;
    const soonBooking = (await register(user.id, soon.id)).registration;
    await cancelRegistration(services(), { actor: userActor(user.id), registrationId: soonBooking.id, now });
    await register(other.id, later.id);
    // Bookings on past events come from before they started.
    await register(user.id, past.id, { now: new Date(earlier.getTime() - DAY) });

    const {
      upcoming,
      past: pastBookings,
      cancelled,
    } = await listMyRegistrations(database.db, userActor(user.id), "https://rcl.test", now);
    expect(upcoming.map((b) => [b.event.title, b.status, b.canEdit, b.canCancel])).toEqual([
      ["Later", "confirmed", true, true],
    ]);
    expect(upcoming[0]).toMatchObject({
      id: laterBooking.id,
      reference: laterBooking.reference,
      teamName: "Nyhavn Navigators",
      rosterCount: 2,
      eventHref: `/events/${later.slug}`,
      event: { slug: later.slug, startsAt: later.startsAt, endsAt: later.endsAt, status: "published" },
    });
    expect(pastBookings.map((b) => [b.event.title, b.status, b.canEdit, b.canCancel])).toEqual([
      ["Past", "confirmed", false, false],
    ]);
    // Cancelled is a group of its own, not an upcoming booking.
    expect(cancelled.map((b) => [b.event.title, b.status, b.canEdit, b.canCancel])).toEqual([
      ["Soon", "cancelled", false, false],
    ]);
  });

  it("gives one booking to its owner only", async () => {
    const user = await createUser();
    const event = await createEvent();
    const { registration } = await register(user.id, event.id);

    const mine = await getMyRegistration(database.db, userActor(user.id), registration.id, now);
    expect(mine).toMatchObject({
      registration: { id: registration.id, teamName: "Nyhavn Navigators" },
      event: { id: event.id, teamSize: 9, maxTeams: 3 },
      organizerName: "Registration Test Club",
      canEdit: true,
      canCancel: true,
    });
    expect(
      await getMyRegistration(database.db, userActor((await createUser()).id), registration.id),
    ).toBeNull();
    expect(await getMyRegistration(database.db, userActor(user.id), randomUUID())).toBeNull();
    expect(await getMyRegistration(database.db, userActor(user.id), "nope")).toBeNull();
  });

  it("counts live availability from the rows, for published events only", async () => {
    const event = await createEvent({ maxTeams: 2 });
    expect(await eventAvailability(database.db, event.id)).toEqual({
      teamsRegistered: 0,
      maxTeams: 2,
      spotsRemaining: 2,
      waitlisted: 0,
    });
    for (let index = 0; index < 3; index += 1) {
      await register((await createUser()).id, event.id, { joinWaitlist: true });
    }
    expect(await eventAvailability(database.db, event.id)).toEqual({
      teamsRegistered: 2,
      maxTeams: 2,
      spotsRemaining: 0,
      waitlisted: 1,
    });
    const draft = await createEvent({ status: "draft" });
    expect(await eventAvailability(database.db, draft.id)).toBeNull();
    expect(await eventAvailability(database.db, randomUUID())).toBeNull();
    expect(await eventAvailability(database.db, "x")).toBeNull();
  });
});
