import { randomUUID } from "node:crypto";
import { and, count, eq, notInArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventFormValues } from "~/components/events/event-editor/form-values";
import { rosterFieldName } from "~/lib/forms/registration-schema";
import { openDatabase, type DatabaseHandle } from "#server/db/client";
import { events, profiles, rateLimits, teamRegistrations, users } from "#server/db/schema";
import { isAppError } from "#server/errors";
import { cancelRegistration } from "#server/registrations/cancel-registration";
import { registerTeam } from "#server/registrations/register-team";
import { consumeNamedLimit, RATE_LIMITS } from "#server/security/rate-limits";
import { createAccount, postForm, userActor, type TestAccount } from "../support/accounts";
import { createTestDatabase } from "../support/database";
import {
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

const ORGANISER = { name: "Cap Harbour Rowing", email: "bookings@cap-harbour.example" };

/** The refusal of an account at its cap, as the page shows it (organiser with an address). */
const limitMessage = (held: string, limitClause: string) =>
  `You have already registered ${held} for this event, ${limitClause} To bring more teams, contact the organiser, ${ORGANISER.name}, at ${ORGANISER.email}.`;
const AT_FIVE = limitMessage("5 teams", "the most one account can.");

/** Decodes what React escapes in text and drops its text separators, to compare messages. */
const text = (html: string) =>
  html
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");

describe("the teams-per-account cap on the site", () => {
  let site: TestSite;
  let partnerId: string;
  let silentPartnerId: string;
  let member: TestAccount;
  let admin: TestAccount;
  /** An admin whose dashboard speaks Danish (their saved language, ADR 033). */
  let danishAdmin: TestAccount;

  beforeAll(async () => {
    site = await createTestSite({ trustProxy: true });
    partnerId = (await createTestPartner(site.database.db, ORGANISER.name, { email: ORGANISER.email })).id;
    silentPartnerId = (await createTestPartner(site.database.db, "Quiet Fjord Club", { email: "" })).id;
    member = await createAccount(site, { role: "partner", partnerId });
    admin = await createAccount(site, { role: "admin" });
    const dane = await createAccount(site, { role: "admin" });
    await site.database.db.update(profiles).set({ language: "da" }).where(eq(profiles.userId, dane.id));
    danishAdmin = { ...dane, cookie: `${dane.cookie}; lang=da` };
  });

  afterAll(async () => {
    await site?.background.settled();
    await site?.close();
  });

  const db = () => site.database.db;

  function createEvent(overrides: Partial<typeof events.$inferInsert> & { now?: Date } = {}) {
    return createTestEvent(db(), partnerId, { maxTeams: 20, ...overrides });
  }

  function teamForm(teamName: string, overrides: Record<string, string> = {}): Record<string, string> {
    return {
      idempotencyKey: randomUUID(),
      teamName,
      company: "Nyhavn Legal",
      billingCompany: "Nyhavn Legal ApS",
      cvr: VALID_CVR,
      billingEmail: "invoices@nyhavn-legal.dk",
      ...invoiceAddress,
      captainName: "Astrid Holm",
      captainEmail: "astrid@nyhavn-legal.dk",
      captainPhone: "+45 20 30 40 50",
      "roster[0].name": "Astrid Holm",
      notes: "Two vegetarians",
      acceptTerms: "on",
      ...overrides,
    };
  }

  const registerPath = (event: { slug: string }) => `/events/${event.slug}/register`;

  async function book(account: TestAccount, event: { slug: string }, teamName: string, waitlist = false) {
    const fields = teamForm(teamName, waitlist ? { joinWaitlist: "true" } : {});
    return postForm(site, registerPath(event), fields, account.cookie);
  }

  async function bookTimes(account: TestAccount, event: { slug: string }, times: number) {
    for (let index = 1; index <= times; index += 1) {
      const response = await book(account, event, `Crew ${index}`);
      expect(response.status).toBe(303);
    }
  }

  async function rowsOf(eventId: string, userId?: string) {
    return db()
      .select({
        id: teamRegistrations.id,
        status: teamRegistrations.status,
        teamName: teamRegistrations.teamName,
      })
      .from(teamRegistrations)
      .where(
        and(
          eq(teamRegistrations.eventId, eventId),
          userId ? eq(teamRegistrations.userId, userId) : undefined,
        ),
      );
  }

  /** Mail jobs queued so far: a refused booking must queue none. */
  async function queuedMails() {
    const { rows } = await site.database.runSql(
      "select count(*)::int as n from pgboss.job where name = 'send-email'",
    );
    return Number(rows[0]?.n ?? 0);
  }

  const page = (path: string, cookie: string) => site.request(path, { headers: { Cookie: cookie } });

  it("refuses the 6th team with a message naming the limit and the organiser, keeping the form and writing nothing", async () => {
    const booker = await createAccount(site);
    const event = await createEvent();
    await bookTimes(booker, event, 5);
    const mailsBefore = await queuedMails();

    const refused = await postForm(
      site,
      registerPath(event),
      teamForm("Sixth Sense Rowers", { notes: "Typed with care" }),
      booker.cookie,
    );
    expect(refused.status).toBe(409);
    const html = text(await refused.text());
    // A form-level message, in the summary above the form, with every typed value kept.
    expect(html).toMatch(/There is a problem<\/h2><p[^>]*>You have already registered 5 teams/);
    expect(html).toContain(AT_FIVE);
    expect(html).toContain('value="Sixth Sense Rowers"');
    expect(html).toContain("Typed with care");
    expect(html).toContain('value="invoices@nyhavn-legal.dk"');

    expect(await rowsOf(event.id)).toHaveLength(5);
    expect(await queuedMails()).toBe(mailsBefore);

    // Coming back to the page, the booker is told before typing anything, and shown whom to ask.
    const shown = text(await (await page(registerPath(event), booker.cookie)).text());
    expect(shown).toContain(AT_FIVE);
    expect(shown).not.toContain('name="teamName"');
    expect(shown).toMatch(/href="\/partners\/cap-harbour-rowing-[^"]+"[^>]*>Contact Cap Harbour Rowing/);
  });

  it("counts waitlisted teams, frees the place of a cancelled one and leaves other accounts alone", async () => {
    const booker = await createAccount(site);
    const colleague = await createAccount(site);
    const event = await createEvent({ maxTeams: 2, maxTeamsPerAccount: 3 });
    expect((await book(booker, event, "First")).status).toBe(303);
    expect((await book(booker, event, "Second")).status).toBe(303);
    expect((await book(booker, event, "Waiting", true)).status).toBe(303);
    expect((await rowsOf(event.id, booker.id)).map((row) => row.status).sort()).toEqual([
      "confirmed",
      "confirmed",
      "waitlisted",
    ]);

    const refused = await book(booker, event, "Fourth", true);
    expect(refused.status).toBe(409);
    expect(text(await refused.text())).toContain(limitMessage("3 teams", "the most one account can."));
    expect(await rowsOf(event.id, booker.id)).toHaveLength(3);

    // Another account books as usual: the cap is per account.
    expect((await book(colleague, event, "Colleague Crew", true)).status).toBe(303);

    const [first] = (await rowsOf(event.id, booker.id)).filter((row) => row.teamName === "First");
    await cancelRegistration(
      { db: db(), jobs: site.jobs, baseUrl: "https://rcl.test" },
      { actor: userActor(booker.id), registrationId: first!.id },
    );
    const again = await book(booker, event, "Fourth", true);
    expect(again.status).toBe(303);
    const active = (await rowsOf(event.id, booker.id)).filter((row) => row.status !== "cancelled");
    expect(active.map((row) => row.teamName).sort()).toEqual(["Fourth", "Second", "Waiting"]);
  });

  it("follows the event's live setting, whose change on a published event waits for an admin's review", async () => {
    const booker = await createAccount(site);
    // Whole minutes, as the editor's fields hold them, so saving the form changes no date.
    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const event = await createEvent({ now, maxTeamsPerAccount: 1, publishedAt: now });
    const page1 = text(await (await page(registerPath(event), booker.cookie)).text());
    expect(page1).toMatch(/Teams per account<\/dt><dd>Up to 1<\/dd>/);
    expect(text(await (await page(`/events/${event.slug}`, booker.cookie)).text())).toContain(
      "One team per account",
    );

    expect((await book(booker, event, "Only Crew")).status).toBe(303);
    const refused = await book(booker, event, "Second Crew");
    expect(refused.status).toBe(409);
    expect(text(await refused.text())).toContain(limitMessage("1 team", "the most one account can."));

    // The organiser raises the cap in the editor: like the capacity, the change waits in the
    // event's revision, and the live event keeps its cap until an admin approves it.
    const editPath = `/dashboard/partner/events/${event.id}`;
    const edited: EventFormInput = {
      ...eventFormValues((await eventRow(db(), event.id))!),
      maxTeamsPerAccount: "3",
    };
    const saved = await postForm(site, editPath, { intent: "save", ...flatEventForm(edited) }, member.cookie);
    expect(saved.status).toBe(303);
    expect((await eventRow(db(), event.id))!.maxTeamsPerAccount).toBe(1);
    expect(await revisionRow(db(), event.id)).toMatchObject({ values: { maxTeamsPerAccount: 3 } });
    expect(text(await (await page(`/events/${event.slug}`, booker.cookie)).text())).toContain(
      "One team per account",
    );
    // Bookings follow the live cap meanwhile.
    expect((await book(booker, event, "Second Crew")).status).toBe(409);

    // Sent to review, the admin sees the change, old beside new, in either language.
    expect((await postForm(site, editPath, { intent: "submit" }, member.cookie)).status).toBe(303);
    expect((await book(booker, event, "Second Crew")).status).toBe(409);
    const reviewPath = `/dashboard/admin/events/${event.id}`;
    const changeRow = (label: string) =>
      new RegExp(`scope="row"[^>]*>${label}</th><td[^>]*>1</td><td[^>]*>3</td>`);
    expect(text(await (await page(reviewPath, admin.cookie)).text())).toMatch(changeRow("Teams per account"));
    expect(text(await (await page(reviewPath, danishAdmin.cookie)).text())).toMatch(
      changeRow("Hold pr. konto"),
    );

    // Approved, the new cap is the event's.
    const version = String((await eventRow(db(), event.id))!.version);
    expect((await postForm(site, reviewPath, { intent: "approve", version }, admin.cookie)).status).toBe(303);
    expect((await eventRow(db(), event.id))!.maxTeamsPerAccount).toBe(3);
    expect(await revisionRow(db(), event.id)).toBeNull();
    expect(text(await (await page(`/events/${event.slug}`, booker.cookie)).text())).toContain(
      "Up to 3 teams per account",
    );
    expect((await book(booker, event, "Second Crew")).status).toBe(303);
    expect((await book(booker, event, "Third Crew")).status).toBe(303);

    // Lowered below what the account holds, it refuses further teams and says both figures.
    await db().update(events).set({ maxTeamsPerAccount: 2 }).where(eq(events.id, event.id));
    const over = await book(booker, event, "Fourth Crew");
    expect(over.status).toBe(409);
    expect(text(await over.text())).toContain(
      limitMessage("3 teams", "and one account can register at most 2 teams."),
    );
    expect(await rowsOf(event.id, booker.id)).toHaveLength(3);
  });

  it("points to the organiser's page when the organiser gives no address", async () => {
    const booker = await createAccount(site);
    const event = await createTestEvent(db(), silentPartnerId, { maxTeamsPerAccount: 1 });
    expect((await book(booker, event, "Only Crew")).status).toBe(303);
    const refused = await book(booker, event, "Second Crew");
    expect(refused.status).toBe(409);
    const html = text(await refused.text());
    expect(html).toContain(
      "You have already registered 1 team for this event, the most one account can. To bring more teams, contact the organiser, Quiet Fjord Club, through their page on this site.",
    );
    expect(html).toMatch(/href="\/partners\/quiet-fjord-club-[^"]+"[^>]*>Quiet Fjord Club<\/a>/);
  });

  it("gives existing and sample events the default of 5, and the database refuses a cap outside 1 to 50", async () => {
    const sample = await db()
      .select({ cap: events.maxTeamsPerAccount })
      .from(events)
      .where(notInArray(events.partnerId, [partnerId, silentPartnerId]));
    expect(sample.length).toBeGreaterThan(0);
    expect(new Set(sample.map((row) => row.cap))).toEqual(new Set([5]));

    for (const cap of [0, 51]) {
      const stored = createTestEvent(db(), partnerId, { maxTeamsPerAccount: cap });
      await expect(stored).rejects.toThrow();
    }
  });

  const EDITOR_CASES: [label: string, value: string, message: string][] = [
    ["empty", "", "Please enter how many teams one account may register"],
    ["not a number", "many", "Please enter the number of teams per account as a whole number"],
    ["a fraction", "2.5", "Please enter the number of teams per account as a whole number"],
    ["negative", "-3", "Please enter the number of teams per account as a whole number"],
    ["zero", "0", "Please enter the number of teams per account from 1 to 50"],
    ["above the maximum", "51", "Please enter the number of teams per account from 1 to 50"],
  ];

  it.each(EDITOR_CASES)(
    "answers a new event with a cap that is %s with 400 and the message next to the field",
    async (_label, value, message) => {
      const form = eventForm({ maxTeamsPerAccount: value });
      const response = await postForm(
        site,
        `/dashboard/partner/events/new?partner=${partnerId}`,
        { intent: "save", createKey: randomUUID(), ...flatEventForm(form) },
        member.cookie,
      );
      expect(response.status).toBe(400);
      const html = text(await response.text());
      expect(html).toMatch(new RegExp(`<p id="[^"]*maxTeamsPerAccount-error"[^>]*>${escape(message)}</p>`));
      expect(inputTag(html, "maxTeamsPerAccount")).toContain('aria-invalid="true"');
      // What was typed stays in the form.
      expect(html).toContain(form.title);
      expect(await db().select().from(events).where(eq(events.slug, form.slug))).toEqual([]);
    },
  );

  it("refuses a bad cap on an existing event too, changing nothing", async () => {
    const event = await createEvent({ status: "draft", maxTeamsPerAccount: 4 });
    const [row] = await db().select().from(events).where(eq(events.id, event.id));
    const response = await postForm(
      site,
      `/dashboard/partner/events/${event.id}`,
      { intent: "save", ...flatEventForm({ ...eventFormValues(row!), maxTeamsPerAccount: "500" }) },
      member.cookie,
    );
    expect(response.status).toBe(400);
    expect(text(await response.text())).toContain(
      "Please enter the number of teams per account from 1 to 50",
    );
    const [after] = await db().select().from(events).where(eq(events.id, event.id));
    expect(after!.maxTeamsPerAccount).toBe(4);
    expect(after!.version).toBe(row!.version);
  });

  it("shows the editor's field with its label and help, filled with the default for a new event", async () => {
    const html = text(
      await (await page(`/dashboard/partner/events/new?partner=${partnerId}`, member.cookie)).text(),
    );
    expect(html).toMatch(/<label[^>]*>Teams per account/);
    expect(html).toContain("The most teams one account may register, confirmed or waitlisted, from 1 to 50.");
    expect(inputTag(html, "maxTeamsPerAccount")).toContain('value="5"');
  });

  it("limits registration attempts per account with 429, Retry-After and a message, writing nothing", async () => {
    const booker = await createAccount(site);
    const other = await createAccount(site);
    const event = await createEvent();
    const attemptsOf = async (userId: string) => {
      const key = RATE_LIMITS.registrationAttemptsPerAccount.key(userId);
      const [row] = await db()
        .select({ hits: rateLimits.hits })
        .from(rateLimits)
        .where(eq(rateLimits.key, key));
      return row?.hits ?? 0;
    };

    // A form with a mistake is not an attempt: fixing it costs nothing.
    const invalid = await book(booker, event, "");
    expect(invalid.status).toBe(400);
    expect(await attemptsOf(booker.id)).toBe(0);
    expect((await book(booker, event, "Counted Crew")).status).toBe(303);
    expect(await attemptsOf(booker.id)).toBe(1);

    // The rest of the hour's attempts, as if made on other events.
    const { limit } = RATE_LIMITS.registrationAttemptsPerAccount;
    for (let attempt = 1; attempt < limit; attempt += 1) {
      await consumeNamedLimit(db(), "registrationAttemptsPerAccount", booker.id);
    }
    const mailsBefore = await queuedMails();
    const refused = await book(booker, event, "One Too Many");
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const html = text(await refused.text());
    expect(html).toContain(
      "You have made many registration attempts in the last hour. Please wait a while and try again.",
    );
    expect(html).toContain('value="One Too Many"');
    expect((await rowsOf(event.id, booker.id)).map((row) => row.teamName)).toEqual(["Counted Crew"]);
    expect(await queuedMails()).toBe(mailsBefore);

    // Someone else books as usual.
    expect((await book(other, event, "Other Crew")).status).toBe(303);
  });
});

/** The tag of the input named `name`. */
function inputTag(html: string, name: string): string {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  if (!tag) throw new Error(`No input named ${name}`);
  return tag;
}

/** A message as a regular expression that matches it literally. */
function escape(message: string): string {
  return message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// Whether the cap holds under real concurrency is a PostgreSQL property: PGlite runs one query at a time.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("the teams-per-account cap under concurrency", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  let database: DatabaseHandle;
  /** A second pool on the same database, wide enough that the attempts really overlap. */
  let wide: DatabaseHandle;
  let partnerId: string;
  let outbox: ReturnType<typeof recordingJobs>;
  const services = () => ({ db: wide.db, jobs: outbox.jobs, baseUrl: "https://rcl.test" });

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = database.pool?.options.connectionString;
    if (!url) throw new Error("The PostgreSQL test database has no connection string.");
    wide = await openDatabase({ kind: "postgres", url, poolMax: 30, poolTimeoutMs: 60_000 });
    outbox = recordingJobs(wide);
    partnerId = (await createTestPartner(database.db, ORGANISER.name, { email: ORGANISER.email })).id;
  });

  afterAll(async () => {
    await wide?.close();
    await database?.close();
  });

  async function createUser(): Promise<string> {
    const id = `cap-racer-${randomUUID()}`;
    await database.db.insert(users).values({ id, name: "Cap Racer", email: `${id}@example.dk` });
    return id;
  }

  const form = (teamName: string) => ({
    teamName,
    company: "Racing A/S",
    billingCompany: "Racing A/S",
    cvr: VALID_CVR,
    billingEmail: "billing@racing.example",
    ...invoiceAddress,
    captainName: "Captain",
    captainEmail: "captain@racing.example",
    captainPhone: "+45 11 22 33 44",
    [rosterFieldName(0, "name")]: "Captain",
    acceptTerms: "on",
  });

  /** Books `attempts` teams for one account at once; returns how many were booked and refused. */
  async function race(userId: string, eventId: string, attempts: number) {
    const outcomes = await Promise.allSettled(
      Array.from({ length: attempts }, (_, index) =>
        registerTeam(services(), {
          actor: userActor(userId),
          eventId,
          input: form(`Racer ${index}`),
          idempotencyKey: randomUUID(),
          joinWaitlist: true,
          now,
        }),
      ),
    );
    const unexpected = outcomes.filter(
      (outcome) =>
        outcome.status === "rejected" &&
        !(isAppError(outcome.reason) && outcome.reason.reason === "account_limit"),
    );
    expect(unexpected.map((outcome) => String((outcome as PromiseRejectedResult).reason))).toEqual([]);
    return {
      booked: outcomes.filter((outcome) => outcome.status === "fulfilled").length,
      refused: outcomes.filter((outcome) => outcome.status === "rejected").length,
    };
  }

  async function held(eventId: string, userId: string) {
    const [row] = await database.db
      .select({ n: count() })
      .from(teamRegistrations)
      .where(
        and(
          eq(teamRegistrations.eventId, eventId),
          eq(teamRegistrations.userId, userId),
          sql`${teamRegistrations.status} in ('confirmed', 'waitlisted')`,
        ),
      );
    return row?.n ?? 0;
  }

  it("books exactly 5 of 20 simultaneous attempts by one account and refuses 15", async () => {
    const event = await createTestEvent(database.db, partnerId, { now, maxTeams: 50 });
    const userId = await createUser();
    const { booked, refused } = await race(userId, event.id, 20);
    expect([booked, refused]).toEqual([5, 15]);
    expect(await held(event.id, userId)).toBe(5);
    // The attempts did overlap: the pool opened several connections for them.
    expect(wide.pool!.totalCount).toBeGreaterThanOrEqual(5);
  });

  it("counts the waitlist and earlier teams in the race, with another account racing beside", async () => {
    const event = await createTestEvent(database.db, partnerId, { now, maxTeams: 2, maxTeamsPerAccount: 4 });
    const [first, second] = [await createUser(), await createUser()];
    expect(await race(first, event.id, 1)).toEqual({ booked: 1, refused: 0 });
    const [a, b] = await Promise.all([race(first, event.id, 12), race(second, event.id, 12)]);
    expect(a).toEqual({ booked: 3, refused: 9 });
    expect(b).toEqual({ booked: 4, refused: 8 });
    expect(await held(event.id, first)).toBe(4);
    expect(await held(event.id, second)).toBe(4);
    const confirmed = await database.db
      .select({ n: count() })
      .from(teamRegistrations)
      .where(and(eq(teamRegistrations.eventId, event.id), eq(teamRegistrations.status, "confirmed")));
    expect(confirmed[0]?.n).toBe(2);
  });
});
