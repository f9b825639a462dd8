import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "#server/auth/actor";
import { approveEvent } from "#server/events/approve-event";
import { createEvent } from "#server/events/create-event";
import { submitEvent } from "#server/events/submit-event";
import { updateEvent } from "#server/events/update-event";
import {
  events,
  questionAnswers,
  rowerSeats,
  teamRegistrations,
  type EventQuestion,
  type RosterMember,
} from "#server/db/schema";
import { AppError } from "#server/errors";
import { saveSeatAnswers, saveTeamAnswers } from "#server/questions/save-answers";
import { pruneEventDayData } from "#server/seats/prune-event-day-data";
import { rowerPage } from "#server/seats/rower-page";
import { crewToken, seatToken } from "#server/seats/seat-token";
import { createAccount, postForm, type TestAccount } from "../support/accounts";
import { invoiceAddress, VALID_CVR } from "../support/booking-form";
import {
  adminActor,
  createPerson,
  DAY,
  eventForm,
  eventRow,
  flatEventForm,
  revisionRow,
  partnerActor,
  refusalOf,
  type EventFormInput,
} from "../support/event-publishing";
import { testDatabaseKind } from "../support/database";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";

// An event's questions (ADR 038): the partner writes them as a reviewed field, rowers
// answer theirs by their link, bookers the team's on their booking, and the answers show
// in the crew list and the export until 30 days after the event.
let site: TestSite;
let outbox: ReturnType<typeof recordingJobs>;
const db = () => site.database.db;
const authSecret = "the questions test's auth secret, long enough";

beforeAll(async () => {
  site = await createTestSite();
  outbox = recordingJobs(site.database);
});
afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

const QUESTIONS: EventQuestion[] = [
  {
    id: "q-size",
    scope: "rower",
    kind: "one_of",
    label: "T-shirt size",
    labelTranslation: "T-shirt-størrelse",
    required: true,
    options: [
      { id: "o-s", label: "Small", labelTranslation: "Lille" },
      { id: "o-l", label: "Large", labelTranslation: "Stor" },
    ],
  },
  {
    id: "q-food",
    scope: "rower",
    kind: "some_of",
    label: "Lunch",
    labelTranslation: "",
    required: false,
    options: [
      { id: "o-veg", label: "Vegetarian", labelTranslation: "" },
      { id: "o-nuts", label: "No nuts", labelTranslation: "" },
    ],
  },
  {
    id: "q-note",
    scope: "rower",
    kind: "long",
    label: "Anything else",
    labelTranslation: "",
    required: false,
    options: [],
  },
  {
    id: "q-boat",
    scope: "team",
    kind: "yes_no",
    label: "Own boat",
    labelTranslation: "",
    required: true,
    options: [],
  },
  {
    id: "q-name",
    scope: "team",
    kind: "short",
    label: "Boat name",
    labelTranslation: "",
    required: false,
    options: [],
  },
];

let counter = 0;
async function bookedEvent({ bookerId }: { bookerId?: string } = {}) {
  counter += 1;
  const partner = await createTestPartner(db(), `Questions Roklub ${counter}`);
  const event = await createTestEvent(db(), partner.id, { rowerQuestions: QUESTIONS });
  const booker = await createPerson(db(), { label: `q-booker-${counter}` });
  const [registration] = await db()
    .insert(teamRegistrations)
    .values({
      eventId: event.id,
      userId: bookerId ?? booker.id,
      teamName: `Question Crew ${counter}`,
      company: "Questions A/S",
      status: "confirmed",
      captainName: "Cap",
      captainEmail: `cap-${randomUUID().slice(0, 8)}@teams.example`,
      captainPhone: "+45 11 22 33 44",
      billingCompany: "Billing A/S",
      ...invoiceAddress,
      cvr: VALID_CVR,
      billingEmail: "billing@teams.example",
      roster: [
        { name: "Astrid Holm", email: "astrid@teams.example" },
        { name: "Mads Berg", email: "mads@teams.example" },
      ] satisfies RosterMember[],
    })
    .returning();
  const seats = await db()
    .select()
    .from(rowerSeats)
    .where(eq(rowerSeats.registrationId, registration!.id))
    .orderBy(rowerSeats.name);
  return {
    partner,
    event,
    booker: { userId: booker.id, role: "user", partnerIds: [] } satisfies Actor,
    registration: registration!,
    seats,
    tokens: seats.map((seat) => seatToken(authSecret, seat)),
  };
}

const answersOf = (registrationId: string) =>
  db()
    .select({
      seatId: questionAnswers.seatId,
      questionId: questionAnswers.questionId,
      value: questionAnswers.value,
    })
    .from(questionAnswers)
    .where(eq(questionAnswers.registrationId, registrationId))
    .orderBy(questionAnswers.questionId);

const seatAnswers = (token: string, answers: Record<string, unknown>) =>
  saveSeatAnswers({ db: db(), authSecret }, { token, input: { answers } });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`Expected a refusal, got ${String(error)}`);
  return error;
}

describe("rowers answering by their link", () => {
  it("saves each kind, replaces the answers, and shows them on the rower's page", async () => {
    const { registration, seats, tokens } = await bookedEvent();
    await seatAnswers(tokens[0]!, {
      "q-size": "o-l",
      "q-food": ["o-nuts", "o-veg"],
      "q-note": "  Late train  ",
    });
    expect(await answersOf(registration.id)).toEqual([
      { seatId: seats[0]!.id, questionId: "q-food", value: ["o-veg", "o-nuts"] },
      { seatId: seats[0]!.id, questionId: "q-note", value: "Late train" },
      { seatId: seats[0]!.id, questionId: "q-size", value: "o-l" },
    ]);
    // Answered again: the size changes, the others are left empty and go.
    await seatAnswers(tokens[0]!, { "q-size": "o-s" });
    expect(await answersOf(registration.id)).toEqual([
      { seatId: seats[0]!.id, questionId: "q-size", value: "o-s" },
    ]);
    const page = await rowerPage({ db: db(), authSecret }, tokens[0], "da");
    expect(page?.answers).toEqual({ "q-size": "o-s" });
    // Rower questions only, in the reader's language where translated.
    expect(page?.questions.map((question) => question.label.text)).toEqual([
      "T-shirt-størrelse",
      "Lunch",
      "Anything else",
    ]);
  });

  it("refuses a missing required answer, an option the question lacks and too long a text, storing nothing", async () => {
    const { registration, tokens } = await bookedEvent();
    const missing = await refusal(seatAnswers(tokens[0]!, { "q-food": "o-veg" }));
    expect(missing.fields).toEqual({ "answers.q-size": "Please answer this question" });
    const badOption = await refusal(
      seatAnswers(tokens[0]!, { "q-size": "o-xl", "q-food": ["o-veg", "o-boat"] }),
    );
    expect(badOption.fields).toEqual({
      "answers.q-size": "Please choose one of the answers shown",
      "answers.q-food": "Please choose one of the answers shown",
    });
    const long = await refusal(seatAnswers(tokens[0]!, { "q-size": "o-s", "q-note": "x".repeat(2001) }));
    expect(long.fields).toEqual({ "answers.q-note": "Please keep this under 2000 characters" });
    // A team question is not the rower's to answer: it is ignored.
    await seatAnswers(tokens[0]!, { "q-size": "o-s", "q-boat": "yes" });
    expect((await answersOf(registration.id)).map((answer) => answer.questionId)).toEqual(["q-size"]);
  });

  it("answers only the link's own seat: another seat's token, a forged one and an old one are not found", async () => {
    const { registration, seats, tokens } = await bookedEvent();
    await seatAnswers(tokens[1]!, { "q-size": "o-s" });
    expect(await answersOf(registration.id)).toEqual([
      { seatId: seats[1]!.id, questionId: "q-size", value: "o-s" },
    ]);
    const forged = `${seats[0]!.id}${tokens[1]!.slice(36)}`;
    expect((await refusal(seatAnswers(forged, { "q-size": "o-l" }))).code).toBe("not_found");
    // A changed address is a new person: the old link ends and the seat's answers go.
    const [row] = await db()
      .select({ roster: teamRegistrations.roster })
      .from(teamRegistrations)
      .where(eq(teamRegistrations.id, registration.id));
    await db()
      .update(teamRegistrations)
      .set({
        roster: row!.roster.map((member) =>
          member.id === seats[1]!.id ? { ...member, email: "someone.else@teams.example" } : member,
        ),
      })
      .where(eq(teamRegistrations.id, registration.id));
    expect((await refusal(seatAnswers(tokens[1]!, { "q-size": "o-l" }))).code).toBe("not_found");
    expect(await answersOf(registration.id)).toEqual([]);
  });
});

describe("bookers answering their team's questions", () => {
  it("saves yes or no and a short text, refuses a missing required answer and too long a text", async () => {
    const { registration, booker } = await bookedEvent();
    const save = (answers: Record<string, unknown>) =>
      saveTeamAnswers(
        { db: db(), authSecret },
        { by: { actor: booker, registrationId: registration.id }, input: { answers } },
      );
    expect((await refusal(save({ "q-name": "Ravnen" }))).fields).toEqual({
      "answers.q-boat": "Please answer this question",
    });
    expect((await refusal(save({ "q-boat": "maybe" }))).fields).toEqual({
      "answers.q-boat": "Please choose one of the answers shown",
    });
    expect((await refusal(save({ "q-boat": "no", "q-name": "x".repeat(201) }))).fields).toEqual({
      "answers.q-name": "Please keep this under 200 characters",
    });
    expect(await answersOf(registration.id)).toEqual([]);
    await save({ "q-boat": "yes", "q-name": "Ravnen", "q-size": "o-s" });
    expect(await answersOf(registration.id)).toEqual([
      { seatId: null, questionId: "q-boat", value: true },
      { seatId: null, questionId: "q-name", value: "Ravnen" },
    ]);
    await save({ "q-boat": "no", "q-name": "Ravnen" });
    expect((await answersOf(registration.id))[0]).toEqual({
      seatId: null,
      questionId: "q-boat",
      value: false,
    });
  });

  it("finds nothing of another person's booking and leaves its answers as they were", async () => {
    const { registration, booker } = await bookedEvent();
    await saveTeamAnswers(
      { db: db(), authSecret },
      {
        by: { actor: booker, registrationId: registration.id },
        input: { answers: { "q-boat": "yes" } },
      },
    );
    const before = await answersOf(registration.id);
    const stranger = await createPerson(db(), { label: "q-stranger" });
    const error = await refusal(
      saveTeamAnswers(
        { db: db(), authSecret },
        {
          by: {
            actor: { userId: stranger.id, role: "user", partnerIds: [] },
            registrationId: registration.id,
          },
          input: { answers: { "q-boat": "no" } },
        },
      ),
    );
    expect(error.code).toBe("not_found");
    expect(await answersOf(registration.id)).toEqual(before);
    expect(
      (
        await refusal(
          saveTeamAnswers(
            { db: db(), authSecret },
            { by: { actor: booker, registrationId: "not-an-id" }, input: {} },
          ),
        )
      ).code,
    ).toBe("not_found");
  });
});

describe("the booking page's team questions", () => {
  it("shows them, keeps what was typed with the message beside the question, then saves", async () => {
    const account = await createAccount(site);
    const { registration } = await bookedEvent({ bookerId: account.id });
    const path = `/dashboard/bookings/${registration.id}`;
    const shown = await site.request(path, { headers: { Cookie: account.cookie } });
    const html = (await shown.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Own boat (required)");
    expect(html).not.toContain("T-shirt size");

    const typed = `Ravnen ${"x".repeat(200)}`;
    const refused = await postForm(
      site,
      path,
      { intent: "answers", "answers.q-boat": "yes", "answers.q-name": typed },
      account.cookie,
    );
    expect(refused.status).toBe(400);
    const again = (await refused.text()).replaceAll("<!-- -->", "");
    expect(again).toContain("Please keep this under 200 characters");
    expect(again).toContain(typed);
    expect(await answersOf(registration.id)).toEqual([]);

    const saved = await postForm(
      site,
      path,
      { intent: "answers", "answers.q-boat": "no", "answers.q-name": "Ravnen" },
      account.cookie,
    );
    expect(saved.status).toBe(303);
    expect(await answersOf(registration.id)).toEqual([
      { seatId: null, questionId: "q-boat", value: false },
      { seatId: null, questionId: "q-name", value: "Ravnen" },
    ]);
  });
});

/** The captain's crew link of a booking at its current version, signed as the site signs it. */
const crewLinkOf = (registration: { id: string; captainTokenVersion: number }) =>
  crewToken(site.seatLinks.authSecret, {
    id: registration.id,
    tokenVersion: registration.captainTokenVersion,
  });

const teamAnswersRows = (registrationId: string) =>
  db()
    .select({
      questionId: questionAnswers.questionId,
      value: questionAnswers.value,
      answeredBy: questionAnswers.answeredBy,
    })
    .from(questionAnswers)
    .where(eq(questionAnswers.registrationId, registrationId))
    .orderBy(questionAnswers.questionId);

const captainSaves = (crewLink: string, answers: Record<string, unknown>, now?: Date) =>
  saveTeamAnswers(
    { db: db(), authSecret: site.seatLinks.authSecret },
    { by: { crewToken: crewLink }, input: { answers }, now },
  );

describe(`captains answering their team's questions on ${testDatabaseKind}`, () => {
  it("saves the captain's answers by the crew link, names who saved them, and shows them to the booker and the captain", async () => {
    const account = await createAccount(site);
    const { registration } = await bookedEvent({ bookerId: account.id });
    const booker: Actor = { userId: account.id, role: "user", partnerIds: [] };
    const link = crewLinkOf(registration);
    await captainSaves(link, { "q-boat": "yes", "q-name": "  Ravnen  " });
    expect(await teamAnswersRows(registration.id)).toEqual([
      { questionId: "q-boat", value: true, answeredBy: "captain" },
      { questionId: "q-name", value: "Ravnen", answeredBy: "captain" },
    ]);
    // The captain's rules are the booker's: a required answer, a known option, the length.
    expect((await refusal(captainSaves(link, { "q-name": "Ravnen" }))).fields).toEqual({
      "answers.q-boat": "Please answer this question",
    });
    expect((await refusal(captainSaves(link, { "q-boat": "maybe" }))).fields).toEqual({
      "answers.q-boat": "Please choose one of the answers shown",
    });
    expect((await refusal(captainSaves(link, { "q-boat": "no", "q-name": "x".repeat(201) }))).fields).toEqual(
      {
        "answers.q-name": "Please keep this under 200 characters",
      },
    );

    const bookingPage = (
      await (
        await site.request(`/dashboard/bookings/${registration.id}`, { headers: { Cookie: account.cookie } })
      ).text()
    ).replaceAll("<!-- -->", "");
    expect(bookingPage).toContain("Last saved by the team&#x27;s captain");
    expect(bookingPage).toContain('value="Ravnen"');
    const crewPage = (await (await site.request(`/crew/${link}`)).text()).replaceAll("<!-- -->", "");
    expect(crewPage).toContain("Own boat (required)");
    expect(crewPage).toContain('value="Ravnen"');
    expect(crewPage).toContain("Last saved by the team&#x27;s captain");
    // Rower questions stay with the rowers.
    expect(crewPage).not.toContain("T-shirt size");

    // The booker changes them after: the answers and the name of who saved them follow.
    await saveTeamAnswers(
      { db: db(), authSecret },
      { by: { actor: booker, registrationId: registration.id }, input: { answers: { "q-boat": "no" } } },
    );
    expect(await teamAnswersRows(registration.id)).toEqual([
      { questionId: "q-boat", value: false, answeredBy: "booker" },
    ]);
    const danish = (await (await site.request(`/da/crew/${link}`)).text()).replaceAll("<!-- -->", "");
    expect(danish).toContain("Senest gemt af den, der tilmeldte holdet");
  });

  it("finds nothing by another booking's link, a replaced link, a rower's link or a forged one, and changes nothing", async () => {
    const { registration, seats } = await bookedEvent();
    const other = await bookedEvent();
    const link = crewLinkOf(registration);
    await captainSaves(link, { "q-boat": "yes" });
    const before = await teamAnswersRows(registration.id);
    const otherBefore = await teamAnswersRows(other.registration.id);
    const forged = `${other.registration.id}${link.slice(36)}`;
    const seatLink = seatToken(site.seatLinks.authSecret, {
      id: seats[0]!.id,
      tokenVersion: seats[0]!.tokenVersion,
    });
    for (const token of [forged, seatLink, "not-a-token", undefined]) {
      expect((await refusal(captainSaves(token as string, { "q-boat": "no" }))).code).toBe("not_found");
    }
    // A new captain address replaces the link: the old one is spent.
    await db()
      .update(teamRegistrations)
      .set({ captainTokenVersion: registration.captainTokenVersion + 1 })
      .where(eq(teamRegistrations.id, registration.id));
    expect((await refusal(captainSaves(link, { "q-boat": "no" }))).code).toBe("not_found");
    const spent = await postForm(site, `/crew/${link}`, { intent: "answers", "answers.q-boat": "no" });
    expect(spent.status).toBe(404);
    const foreign = await postForm(site, `/crew/${forged}`, { intent: "answers", "answers.q-boat": "no" });
    expect(foreign.status).toBe(404);
    expect(await teamAnswersRows(registration.id)).toEqual(before);
    expect(await teamAnswersRows(other.registration.id)).toEqual(otherBefore);
  });

  it("refuses a cancelled booking and an ended event with the reason, for the captain and the booker alike, changing nothing", async () => {
    const account = await createAccount(site);
    const cancelled = await bookedEvent({ bookerId: account.id });
    const cancelledLink = crewLinkOf(cancelled.registration);
    await captainSaves(cancelledLink, { "q-boat": "yes" });
    await db()
      .update(teamRegistrations)
      .set({ status: "cancelled", cancelledAt: new Date() })
      .where(eq(teamRegistrations.id, cancelled.registration.id));
    const byCaptain = await refusal(captainSaves(cancelledLink, { "q-boat": "no" }));
    expect(byCaptain).toMatchObject({
      code: "invalid_transition",
      reason: "registration_cancelled",
      message: "This booking is cancelled, so its answers can no longer be changed",
    });
    const byBooker = await refusal(
      saveTeamAnswers(
        { db: db(), authSecret },
        {
          by: {
            actor: { userId: account.id, role: "user", partnerIds: [] },
            registrationId: cancelled.registration.id,
          },
          input: { answers: { "q-boat": "no" } },
        },
      ),
    );
    expect(byBooker).toMatchObject({ code: "invalid_transition", reason: "registration_cancelled" });
    // Over HTTP: the crew page that was open says why; the page itself is gone.
    const posted = await postForm(site, `/crew/${cancelledLink}`, {
      intent: "answers",
      "answers.q-boat": "no",
    });
    expect(posted.status).toBe(409);
    expect(await posted.text()).toContain(
      "This booking is cancelled, so its answers can no longer be changed",
    );
    expect((await site.request(`/crew/${cancelledLink}`)).status).toBe(404);
    const bookerPost = await postForm(
      site,
      `/dashboard/bookings/${cancelled.registration.id}`,
      { intent: "answers", "answers.q-boat": "no" },
      account.cookie,
    );
    expect(bookerPost.status).toBe(409);
    expect(await bookerPost.text()).toContain(
      "This booking is cancelled, so its answers can no longer be changed",
    );
    expect(await teamAnswersRows(cancelled.registration.id)).toEqual([
      { questionId: "q-boat", value: true, answeredBy: "captain" },
    ]);

    const ended = await bookedEvent();
    const endedLink = crewLinkOf(ended.registration);
    const after = new Date(ended.event.endsAt.getTime() + 1000);
    const late = await refusal(captainSaves(endedLink, { "q-boat": "no" }, after));
    expect(late).toMatchObject({
      code: "invalid_transition",
      reason: "ended",
      message: "The event has ended, so the answers can no longer be changed",
    });
    expect(await teamAnswersRows(ended.registration.id)).toEqual([]);
  });

  it("keeps every typed character after a refusal on the crew page, with the summary and the message beside the question, then saves", async () => {
    const { registration } = await bookedEvent();
    const path = `/crew/${crewLinkOf(registration)}`;
    const typed = `  Ravnen <b>&</b> "æøå" ${"x".repeat(200)}  `;
    const refused = await postForm(site, path, { intent: "answers", "answers.q-name": typed });
    expect(refused.status).toBe(400);
    const again = (await refused.text()).replaceAll("<!-- -->", "");
    expect(again).toContain("There is a problem");
    expect(again).toContain("Please answer this question");
    expect(again).toContain("Please keep this under 200 characters");
    expect(again).toContain(
      `value="${typed.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;")}"`,
    );
    expect(await teamAnswersRows(registration.id)).toEqual([]);

    const saved = await postForm(site, path, {
      intent: "answers",
      "answers.q-boat": "yes",
      "answers.q-name": "Ravnen",
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`${path}#questions`);
    expect(await teamAnswersRows(registration.id)).toEqual([
      { questionId: "q-boat", value: true, answeredBy: "captain" },
      { questionId: "q-name", value: "Ravnen", answeredBy: "captain" },
    ]);
  });
});

describe("the crew list and the export", () => {
  let account: TestAccount;

  it("show the team's answers under the team and each rower's by seat", async () => {
    const { partner, event, registration, booker, tokens } = await bookedEvent();
    account = await createAccount(site, { role: "partner", partnerId: partner.id });
    await seatAnswers(tokens[0]!, { "q-size": "o-l", "q-food": ["o-veg"] });
    await saveTeamAnswers(
      { db: db(), authSecret },
      {
        by: { actor: booker, registrationId: registration.id },
        input: { answers: { "q-boat": "yes", "q-name": "Ravnen" } },
      },
    );
    const crew = await site.request(`/dashboard/partner/events/${event.id}/crew-list`, {
      headers: { Cookie: account.cookie },
    });
    expect(crew.status).toBe(200);
    const html = (await crew.text()).replaceAll("<!-- -->", "");
    for (const text of ["Own boat", "Yes", "Boat name", "Ravnen", "T-shirt size", "Large", "Vegetarian"]) {
      expect(html).toContain(text);
    }

    const file = async (query: string) => {
      const response = await site.request(`/dashboard/partner/registrations/export.csv${query}`, {
        headers: { Cookie: account.cookie },
      });
      expect(response.status).toBe(200);
      return (await response.text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/);
    };
    const teams = await file(`?event=${event.id}`);
    expect(teams[0]).toContain(";Own boat;Boat name;T-shirt size;Lunch;Anything else");
    const team = teams.find((line) => line.includes(registration.reference))!;
    expect(team).toContain(";Yes;Ravnen;");
    expect(team).toMatch(/Astrid Holm: Large;Astrid Holm: Vegetarian;$/);

    const rowers = await file(`?event=${event.id}&roster=1`);
    expect(rowers[0]).toContain(
      ";Can swim 300 m;Declaration;Own boat;Boat name;T-shirt size;Lunch;Anything else",
    );
    const astrid = rowers.find((line) => line.includes("Astrid Holm"))!;
    expect(astrid).toMatch(/;Invited;Yes;Ravnen;Large;Vegetarian;$/);
    const mads = rowers.find((line) => line.includes("Mads Berg"))!;
    expect(mads).toMatch(/;Invited;Yes;Ravnen;;;$/);
  });
});

describe("questions as a reviewed field of the event form", () => {
  type Club = { actor: Actor; partnerId: string };
  const services = () => ({ db: db(), jobs: outbox.jobs, baseUrl: site.baseUrl });
  const questionForm = (questions: Record<string, unknown>[]) =>
    ({ ...eventForm(), rowerQuestions: questions }) as EventFormInput;
  const question = (overrides: Record<string, unknown> = {}) => ({
    id: "",
    scope: "rower",
    kind: "short",
    label: "Allergies?",
    labelTranslation: "",
    required: "on",
    options: [],
    ...overrides,
  });

  async function club(): Promise<Club> {
    const partner = await createTestPartner(db(), `Questions Review Roklub ${randomUUID().slice(0, 6)}`);
    const member = await createPerson(db(), { role: "partner", partnerId: partner.id, label: "q-member" });
    return { actor: partnerActor(member, partner.id), partnerId: partner.id };
  }

  it("refuses a question without a label with its message next to the field, saving nothing", async () => {
    const { actor, partnerId } = await club();
    const draft = await createEvent(services(), {
      actor,
      partnerId,
      createKey: randomUUID(),
      input: questionForm([question()]),
    });
    const error = await refusalOf(
      updateEvent(services(), {
        actor,
        eventId: draft.id,
        input: {
          ...questionForm([question({ label: "", kind: "one_of", options: [{ label: "A" }] })]),
          slug: draft.slug,
        },
      }),
    );
    expect(error.fields).toMatchObject({
      "rowerQuestions[0].label": "Please write the question",
      "rowerQuestions[0].options": "Please give at least 2 different options",
    });
    expect((await eventRow(db(), draft.id))?.rowerQuestions).toEqual(draft.rowerQuestions);
  });

  it("holds a change to a public event's questions for review, and gives a changed kind a new id", async () => {
    const { actor, partnerId } = await club();
    const form = questionForm([question()]);
    const draft = await createEvent(services(), { actor, partnerId, createKey: randomUUID(), input: form });
    const [first] = draft.rowerQuestions;
    expect(first).toMatchObject({ label: "Allergies?", required: true });
    expect(first?.id).toMatch(/^[0-9a-f-]{36}$/);
    const admin = adminActor(await createPerson(db(), { role: "admin", label: "q-reviewer" }));
    const inReview = await submitEvent(services(), { actor, eventId: draft.id });
    const published = await approveEvent(services(), {
      actor: admin,
      eventId: draft.id,
      input: { version: String(inReview.version) },
    });
    expect(published.status).toBe("published");

    // The label edited and a choice added: the public event keeps its question meanwhile.
    const { revision } = await updateEvent(services(), {
      actor,
      eventId: draft.id,
      input: {
        ...form,
        rowerQuestions: [
          question({ id: first!.id, label: "Any allergies?" }),
          question({ kind: "one_of", label: "Size", options: [{ label: "S" }, { label: "M" }] }),
        ],
      },
    });
    expect((await eventRow(db(), draft.id))?.rowerQuestions).toEqual(published.rowerQuestions);
    const proposed = revision?.values.rowerQuestions ?? [];
    expect(proposed.map((item) => item.label)).toEqual(["Any allergies?", "Size"]);
    expect(proposed[0]?.id).toBe(first!.id);
    expect((await revisionRow(db(), draft.id))?.values.rowerQuestions).toEqual(proposed);

    // The kind changed: a new question, whose answers start afresh.
    const { revision: kindChanged } = await updateEvent(services(), {
      actor,
      eventId: draft.id,
      input: { ...form, rowerQuestions: [question({ id: first!.id, kind: "long" })] },
    });
    expect(kindChanged?.values.rowerQuestions[0]?.id).not.toBe(first!.id);
  });
});

describe("the event editor's questions over HTTP", () => {
  it("keeps every typed character after a refusal, with the messages beside the question, then saves", async () => {
    const partner = await createTestPartner(db(), `Questions Editor Roklub ${randomUUID().slice(0, 6)}`);
    const member = await createAccount(site, { role: "partner", partnerId: partner.id });
    const form = eventForm();
    const typed = {
      "rowerQuestions[0].id": "",
      "rowerQuestions[0].scope": "team",
      "rowerQuestions[0].kind": "one_of",
      "rowerQuestions[0].label": "",
      "rowerQuestions[0].labelTranslation": "Bådens størrelse «ny»",
      "rowerQuestions[0].options[0].label": "Medium & more",
      "rowerQuestions[0].options[0].labelTranslation": "Mellem",
    };
    const post = (fields: Record<string, string>) =>
      postForm(
        site,
        `/dashboard/partner/events/new?partner=${partner.id}`,
        { intent: "save", createKey: randomUUID(), ...flatEventForm(form), ...fields },
        member.cookie,
      );
    const refused = await post(typed);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Please write the question");
    expect(html).toContain("Please give at least 2 different options");
    expect(html).toContain("Bådens størrelse «ny»");
    expect(html).toContain("Medium &amp; more");
    expect(html).toContain("Mellem");

    const saved = await post({
      ...typed,
      "rowerQuestions[0].label": "Boat size",
      "rowerQuestions[0].required": "on",
      "rowerQuestions[0].options[1].label": "Large",
    });
    expect(saved.status).toBe(303);
    const [row] = await db().select().from(events).where(eq(events.slug, form.slug));
    expect(row?.rowerQuestions).toMatchObject([
      {
        scope: "team",
        kind: "one_of",
        label: "Boat size",
        labelTranslation: "Bådens størrelse «ny»",
        required: true,
        options: [
          { label: "Medium & more", labelTranslation: "Mellem" },
          { label: "Large", labelTranslation: "" },
        ],
      },
    ]);
  });
});

describe("answers kept 30 days after the event", () => {
  it("are deleted by the retention job at 30 days, not at 29", async () => {
    const { event, registration, booker, tokens } = await bookedEvent();
    await seatAnswers(tokens[0]!, { "q-size": "o-s" });
    await saveTeamAnswers(
      { db: db(), authSecret },
      {
        by: { actor: booker, registrationId: registration.id },
        input: { answers: { "q-boat": "no" } },
      },
    );
    await pruneEventDayData({ db: db() }, new Date(event.endsAt.getTime() + 29 * DAY));
    expect(await answersOf(registration.id)).toHaveLength(2);
    await pruneEventDayData({ db: db() }, new Date(event.endsAt.getTime() + 30 * DAY));
    expect(await answersOf(registration.id)).toEqual([]);
  });
});
