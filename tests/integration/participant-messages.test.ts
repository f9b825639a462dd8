import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RecipientChoice } from "~/lib/forms/participant-message-schema";
import type { Actor } from "#server/auth/actor";
import {
  auditLog,
  participantMessageRecipients,
  participantMessages,
  teamRegistrations,
  type RosterMember,
} from "#server/db/schema";
import type { Mail, Mailer } from "#server/email/mailer";
import { createLoggingAccessPoint } from "#server/invoices/access-point";
import { createJobHandlers } from "#server/jobs/handlers";
import { pruneExpiredRows } from "#server/jobs/prune-expired-rows";
import { QUEUES } from "#server/jobs/queues";
import { deliverParticipantMessage } from "#server/messages/deliver-participant-message";
import { getParticipantMessagesPage, messageRecipients } from "#server/messages/queries";
import { sendParticipantMessage } from "#server/messages/send-participant-message";
import { createAccount, lastMailTo, postForm, type TestAccount } from "../support/accounts";
import { testDatabaseKind } from "../support/database";
import { adminActor, createPerson, partnerActor, refusalOf, type Person } from "../support/event-publishing";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { createTestPartner } from "../support/partners";

// Messages to an event's participants (issue 12): who they reach, how the page previews
// and sends them, and how each address's delivery is tracked. One site for the file;
// every test that sends makes its own event, so counts do not leak between tests.

let site: TestSite;
const db = () => site.database.db;
const services = () => ({ db: db(), jobs: site.jobs });

type Partner = Awaited<ReturnType<typeof createTestPartner>>;

let club: Partner;
let member: TestAccount;
let clubActor: Actor;
let otherClub: Partner;
let admin: TestAccount;

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
  club = await createTestPartner(db(), "Message Roklub", { email: "bestyrelse@message-roklub.example" });
  member = await createAccount(site, { role: "partner", partnerId: club.id });
  clubActor = { userId: member.id, role: "partner", partnerIds: [club.id] };
  otherClub = await createTestPartner(db(), "Other Roklub", { email: "info@other-roklub.example" });
  admin = await createAccount(site, { role: "admin" });
});
afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

// ── Registrations ─────────────────────────────────────────────────────────────────

let teams = 0;
async function registerTeam(
  eventId: string,
  booker: Person,
  {
    status = "confirmed",
    captainEmail = null,
    captainName = "Captain",
    roster = [],
  }: {
    status?: "confirmed" | "waitlisted" | "cancelled";
    captainEmail?: string | null;
    captainName?: string | null;
    roster?: RosterMember[];
  } = {},
) {
  teams += 1;
  await db()
    .insert(teamRegistrations)
    .values({
      eventId,
      userId: booker.id,
      teamName: `Team ${teams}`,
      company: "Fjord Logistics",
      status,
      captainName,
      captainEmail,
      roster,
      cancelledAt: status === "cancelled" ? new Date() : null,
      // Registration order is the recipients' order; PGlite's clock can give two quick
      // inserts the same millisecond, so each team registers a second after the last.
      createdAt: new Date(Date.UTC(2026, 0, 1) + teams * 1000),
    });
}

/**
 * An event of `partner` with four teams: two confirmed (one with no captain address, so
 * its booker's account stands in), one waitlisted and one cancelled; rosters with a
 * member without an address, a blank address and addresses that repeat in other case.
 * Another event of the same partner has a team of its own.
 */
async function eventWithTeams(partner: Partner = club) {
  const event = await createTestEvent(db(), partner.id);
  const tag = event.id.slice(0, 8);
  const address = (name: string) => `${name}.${tag}@teams.example`;
  const booker = await createPerson(db(), { label: `booker-${tag}` });
  const noCaptainBooker = await createPerson(db(), { label: `fallback-${tag}` });
  await registerTeam(event.id, booker, {
    captainEmail: address("cap1"),
    captainName: "Ida Captain",
    roster: [
      { name: "Rower A", email: address("rower-a") },
      { name: "No Mail" },
      { name: "Ida again", email: address("CAP1").toUpperCase() },
    ],
  });
  await registerTeam(event.id, noCaptainBooker, {
    captainEmail: null,
    captainName: null,
    roster: [
      { name: "Rower A twice", email: address("Rower-A") },
      { name: "Blank", email: "  " },
    ],
  });
  await registerTeam(event.id, booker, {
    status: "waitlisted",
    captainEmail: address("cap3"),
    roster: [{ name: "Rower C", email: address("rower-c") }],
  });
  await registerTeam(event.id, booker, {
    status: "cancelled",
    captainEmail: address("cancelled"),
    roster: [{ name: "Gone", email: address("cancelled-rower") }],
  });
  const otherEvent = await createTestEvent(db(), partner.id);
  await registerTeam(otherEvent.id, booker, {
    captainEmail: address("other-event"),
    roster: [{ name: "Elsewhere", email: address("other-rower") }],
  });
  return { event, address, fallback: noCaptainBooker.email };
}

const messagesPath = (eventId: string, choice?: RecipientChoice) =>
  `/dashboard/partner/events/${eventId}/messages${
    choice ? `?audience=${choice.audience}&teams=${choice.teams}` : ""
  }`;

const message = (choice: RecipientChoice, overrides: Record<string, string> = {}) => ({
  subject: "Arrival on Saturday",
  body: "Please be at the boathouse at 8:30.\n\nBring dry clothes.",
  audience: choice.audience,
  teams: choice.teams,
  ...overrides,
});

async function page(path: string, cookie?: string) {
  const response = await site.request(path, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("Location"), html: await response.text() };
}

async function messagesOf(eventId: string) {
  return db()
    .select()
    .from(participantMessages)
    .where(eq(participantMessages.eventId, eventId))
    .orderBy(asc(participantMessages.createdAt));
}

async function recipientsOf(messageId: string) {
  return db()
    .select()
    .from(participantMessageRecipients)
    .where(eq(participantMessageRecipients.messageId, messageId))
    .orderBy(asc(participantMessageRecipients.email));
}

/** A mailer that records each mail, and refuses addresses `refuses` matches. */
function fakeMailer(refuses: (to: string) => boolean = () => false) {
  const sent: Mail[] = [];
  let tries = 0;
  const mailer: Mailer = {
    async send(mail) {
      tries += 1;
      if (refuses(mail.to)) throw new Error(`550 mailbox unavailable: ${mail.to}`);
      sent.push(mail);
    },
  };
  return { mailer, sent, tries: () => tries };
}

/** Runs every due job as a worker would, with `mailer` as the mail server. */
function drainWith(mailer: Mailer) {
  const handlers = createJobHandlers({
    db: db(),
    mailer,
    jobs: site.jobs,
    files: site.files,
    baseUrl: site.baseUrl,
    seatLinks: site.seatLinks,
    accessPoint: createLoggingAccessPoint(),
    payments: site.payments,
    testWebhooks: site.testWebhooks,
  });
  return site.jobs.drain(handlers);
}

/** Lets the clock jump past the back-off: every waiting retry becomes due now. */
async function makeRetriesDue() {
  await site.database.runSql("update pgboss.job set start_after = now() where state = 'retry'");
}

// ── Who a message reaches ─────────────────────────────────────────────────────────

describe(`who a message to participants reaches, on ${testDatabaseKind}`, () => {
  it("takes captains or everyone of the chosen teams, never cancelled teams or other events, one entry per address", async () => {
    const { event, address, fallback } = await eventWithTeams();
    const reached = async (choice: RecipientChoice) =>
      (await messageRecipients(db(), event.id, choice)).map((recipient) => recipient.email.toLowerCase());

    expect(await reached({ audience: "captains", teams: "confirmed" })).toEqual([address("cap1"), fallback]);
    expect(await reached({ audience: "captains", teams: "waitlisted" })).toEqual([address("cap3")]);
    expect(await reached({ audience: "captains", teams: "both" })).toEqual([
      address("cap1"),
      fallback,
      address("cap3"),
    ]);
    // The captain listed again in the roster (in capitals) and a rower listed by two teams
    // count once; a member without an address, or with a blank one, is skipped.
    expect(await reached({ audience: "everyone", teams: "confirmed" })).toEqual([
      address("cap1"),
      address("rower-a"),
      fallback,
    ]);
    expect(await reached({ audience: "everyone", teams: "waitlisted" })).toEqual([
      address("cap3"),
      address("rower-c"),
    ]);
    const everyone = await reached({ audience: "everyone", teams: "both" });
    expect(everyone).toEqual([
      address("cap1"),
      address("rower-a"),
      fallback,
      address("cap3"),
      address("rower-c"),
    ]);
    expect(everyone.some((email) => email.includes("cancelled") || email.includes("other-"))).toBe(false);
  });

  it("names each recipient: the captain, the booker standing in for a missing captain, the rower", async () => {
    const { event, address, fallback } = await eventWithTeams();
    const recipients = await messageRecipients(db(), event.id, { audience: "everyone", teams: "confirmed" });
    expect(recipients).toEqual([
      { email: address("cap1"), name: "Ida Captain" },
      { email: address("rower-a"), name: "Rower A" },
      { email: fallback, name: expect.stringContaining("Test") },
    ]);
  });

  it("shows the count for the choice in the address, and the same number is sent to", async () => {
    const { event } = await eventWithTeams();
    const choices: [RecipientChoice, number][] = [
      [{ audience: "captains", teams: "confirmed" }, 2],
      [{ audience: "captains", teams: "waitlisted" }, 1],
      [{ audience: "everyone", teams: "both" }, 5],
    ];
    for (const [choice, expected] of choices) {
      const { status, html } = await page(messagesPath(event.id, choice), member.cookie);
      expect(status).toBe(200);
      expect(html).toContain(
        `This message will reach <strong>${expected} ${expected === 1 ? "person" : "people"}</strong>`,
      );
    }
    // Without a choice: captains of confirmed teams.
    expect((await page(messagesPath(event.id), member.cookie)).html).toContain(
      "This message will reach <strong>2 people</strong>",
    );

    const choice: RecipientChoice = { audience: "everyone", teams: "both" };
    const response = await postForm(
      site,
      messagesPath(event.id, choice),
      { intent: "send", ...message(choice) },
      member.cookie,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(messagesPath(event.id, choice));
    const [sent] = await messagesOf(event.id);
    expect(sent).toMatchObject({
      recipientCount: 5,
      audience: "everyone",
      teams: "both",
      senderEmail: member.email,
    });
    expect(await recipientsOf(sent!.id)).toHaveLength(5);
  });

  it("asks 'Send to 5 people?' before sending, keeping what was typed, and sends nothing yet", async () => {
    const { event } = await eventWithTeams();
    const choice: RecipientChoice = { audience: "everyone", teams: "both" };
    const response = await postForm(
      site,
      messagesPath(event.id, choice),
      { intent: "review", ...message(choice, { subject: "Checking the count" }) },
      member.cookie,
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Send to 5 people?");
    expect(html).toContain("Yes, send to 5 people");
    expect(html).toContain('value="Checking the count"');
    expect(html).toContain("Please be at the boathouse at 8:30.");
    expect(await messagesOf(event.id)).toEqual([]);
  });

  it("refuses to send when the teams changed after the count was confirmed", async () => {
    const { event } = await eventWithTeams();
    const choice: RecipientChoice = { audience: "captains", teams: "confirmed" };
    const response = await postForm(
      site,
      messagesPath(event.id, choice),
      { intent: "send", ...message(choice), confirmedCount: "1" },
      member.cookie,
    );
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("this message would now reach 2 people");
    expect(await messagesOf(event.id)).toEqual([]);
  });
});

// ── Sending and delivery ─────────────────────────────────────────────────────────

describe(`sending a message to participants, on ${testDatabaseKind}`, () => {
  it("records the message, an audit row and one job per address, and mails each as written with replies to the partner", async () => {
    const { event, address, fallback } = await eventWithTeams();
    const choice: RecipientChoice = { audience: "captains", teams: "both" };
    const response = await postForm(
      site,
      messagesPath(event.id, choice),
      { intent: "send", ...message(choice, { subject: "  Arrival\non Saturday " }) },
      member.cookie,
    );
    expect(response.status).toBe(303);
    const [sent] = await messagesOf(event.id);
    // A subject is one line: it goes into a mail header.
    expect(sent).toMatchObject({ subject: "Arrival on Saturday", recipientCount: 3, sentBy: member.id });
    const rows = await recipientsOf(sent!.id);
    expect(rows.map((row) => [row.email.toLowerCase(), row.status, row.attempts])).toEqual(
      [address("cap1"), address("cap3"), fallback].sort().map((email) => [email, "queued", 0]),
    );
    const { rows: jobs } = await site.database.runSql(
      `select count(*)::int as n from pgboss.job where name = 'send-participant-message' and data->>'recipientId' = any($1)`,
      [rows.map((row) => row.id)],
    );
    expect((jobs[0] as { n: number }).n).toBe(3);

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, event.id), eq(auditLog.action, "event.message_participants")));
    expect(audit).toMatchObject({
      actorUserId: member.id,
      actorEmail: member.email,
      entityType: "event",
      partnerId: club.id,
    });
    expect(audit!.summary).toContain("Arrival on Saturday");
    expect(audit!.summary).toContain("3 people");

    const outbox = fakeMailer();
    await drainWith(outbox.mailer);
    const expected = [address("cap1"), address("cap3"), fallback].sort();
    const mails = outbox.sent.filter((mail) => expected.includes(mail.to.toLowerCase()));
    expect(mails.map((mail) => mail.to.toLowerCase()).sort()).toEqual(expected);
    for (const mail of mails) {
      expect(mail.subject).toBe("Arrival on Saturday");
      expect(mail.replyTo).toBe("bestyrelse@message-roklub.example");
      expect(mail.text).toContain("Please be at the boathouse at 8:30.");
      expect(mail.text).toContain("Bring dry clothes.");
      expect(mail.text).toContain(
        `Message Roklub sent this message to the teams registered for ${event.title}`,
      );
      expect(mail.html).toMatch(/<p [^>]*>Bring dry clothes\.<\/p>/);
    }
    const delivered = await recipientsOf(sent!.id);
    expect(delivered.every((row) => row.status === "delivered" && row.deliveredAt !== null)).toBe(true);

    // The history counts them; the page shows the message with its sender.
    const { messages } = await getParticipantMessagesPage(db(), clubActor, {
      eventId: event.id,
      choice,
      page: 1,
    });
    expect(messages).toEqual([
      expect.objectContaining({
        subject: "Arrival on Saturday",
        recipientCount: 3,
        delivered: 3,
        failed: 0,
        queued: 0,
      }),
    ]);
    const { html } = await page(messagesPath(event.id), member.cookie);
    expect(html).toContain("Arrival on Saturday");
    expect(html).toContain(member.email);
  });

  it("sends through the site's own worker too (the dev outbox)", async () => {
    const { event, address } = await eventWithTeams();
    await sendParticipantMessage(services(), {
      actor: clubActor,
      eventId: event.id,
      input: message({ audience: "captains", teams: "waitlisted" }, { subject: "Waitlist news" }),
    });
    const mail = await lastMailTo(site, address("cap3"), "Waitlist news");
    expect(mail?.text).toContain("Bring dry clothes.");
  });

  it("falls back to the sender's address for replies when the partner has none", async () => {
    const quiet = await createTestPartner(db(), "Quiet Roklub", { email: "" });
    const sender = await createPerson(db(), { role: "partner", partnerId: quiet.id, label: "quiet" });
    const { event, address } = await eventWithTeams(quiet);
    await sendParticipantMessage(services(), {
      actor: partnerActor(sender, quiet.id),
      eventId: event.id,
      input: message({ audience: "captains", teams: "waitlisted" }),
    });
    const outbox = fakeMailer();
    await drainWith(outbox.mailer);
    const mail = outbox.sent.find((sent) => sent.to === address("cap3"));
    expect(mail?.replyTo).toBe(sender.email);
  });

  it("counts delivered and failed addresses: a refused address is retried, then marked failed after the last retry", async () => {
    const event = await createTestEvent(db(), club.id);
    const booker = await createPerson(db(), { label: "bounce-booker" });
    const good = `good-${event.id}@teams.example`;
    const bouncing = `bounce-${event.id}@teams.example`;
    await registerTeam(event.id, booker, { captainEmail: good });
    await registerTeam(event.id, booker, { captainEmail: bouncing });
    const sent = await sendParticipantMessage(services(), {
      actor: clubActor,
      eventId: event.id,
      input: message({ audience: "captains", teams: "confirmed" }),
    });
    const server = fakeMailer((to) => to === bouncing);
    const statusOf = async (email: string) => {
      const [row] = await db()
        .select()
        .from(participantMessageRecipients)
        .where(
          and(
            eq(participantMessageRecipients.messageId, sent.id),
            eq(participantMessageRecipients.email, email),
          ),
        );
      return row!;
    };
    const counts = async () =>
      (
        await getParticipantMessagesPage(db(), clubActor, {
          eventId: event.id,
          choice: { audience: "captains", teams: "confirmed" },
          page: 1,
        })
      ).messages[0];

    await drainWith(server.mailer);
    expect(await statusOf(good)).toMatchObject({ status: "delivered", attempts: 0 });
    expect(await statusOf(bouncing)).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: `550 mailbox unavailable: ${bouncing}`,
    });
    expect(await counts()).toMatchObject({ recipientCount: 2, delivered: 1, failed: 0, queued: 1 });

    // The queue's retries: the address stays queued until the last one fails.
    const { retryLimit } = QUEUES["send-participant-message"];
    // The last failure is logged as an error.
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (let retry = 1; retry <= retryLimit; retry++) {
      await makeRetriesDue();
      await drainWith(server.mailer);
      const row = await statusOf(bouncing);
      expect(row.attempts).toBe(retry + 1);
      expect(row.status).toBe(retry < retryLimit ? "queued" : "failed");
    }
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining("Job send-participant-message failed on its last try"),
    );
    logged.mockClear();
    expect(await counts()).toMatchObject({ delivered: 1, failed: 1, queued: 0 });
    const { rows } = await site.database.runSql(
      `select state from pgboss.job where name = 'send-participant-message' and data->>'recipientId' = $1`,
      [(await statusOf(bouncing)).id],
    );
    expect(rows).toEqual([{ state: "failed" }]);

    // The delivered address is not mailed again when its job runs again.
    const before = server.tries();
    await deliverParticipantMessage(
      { db: db(), mailer: server.mailer },
      { recipientId: (await statusOf(good)).id },
    );
    expect(server.tries()).toBe(before);
  });
});

// ── Bad input, limits and access ──────────────────────────────────────────────────

describe(`deliveries whose job was lost, on ${testDatabaseKind}`, () => {
  it("are marked failed by the daily prune a day after the message, and delivered ones stay delivered", async () => {
    const { event } = await eventWithTeams();
    const choice: RecipientChoice = { audience: "captains", teams: "both" };
    const response = await postForm(
      site,
      messagesPath(event.id, choice),
      { intent: "send", ...message(choice) },
      member.cookie,
    );
    expect(response.status).toBe(303);
    const [sent] = await messagesOf(event.id);
    const [first, ...rest] = await recipientsOf(sent!.id);
    await db()
      .update(participantMessageRecipients)
      .set({ status: "delivered", deliveredAt: new Date() })
      .where(eq(participantMessageRecipients.id, first!.id));

    // Within the day nothing changes: the queue may still be retrying.
    await pruneExpiredRows(services(), new Date(Date.now() + 60 * 60 * 1000));
    expect((await recipientsOf(sent!.id)).filter((row) => row.status === "queued")).toHaveLength(rest.length);

    await pruneExpiredRows(services(), new Date(Date.now() + 25 * 60 * 60 * 1000));
    const after = await recipientsOf(sent!.id);
    expect(after.find((row) => row.id === first!.id)?.status).toBe("delivered");
    expect(after.filter((row) => row.id !== first!.id).map((row) => row.status)).toEqual(
      rest.map(() => "failed"),
    );
  });
});

describe(`refusals of a message to participants, on ${testDatabaseKind}`, () => {
  const choice: RecipientChoice = { audience: "captains", teams: "confirmed" };

  it("refuses an empty subject or message, and one over 20,000 characters, with the message by its field and the text kept", async () => {
    const { event } = await eventWithTeams();
    const send = (fields: Record<string, string>) =>
      postForm(
        site,
        messagesPath(event.id, choice),
        { intent: "send", ...message(choice, fields) },
        member.cookie,
      );

    const noSubject = await send({ subject: "   " });
    expect(noSubject.status).toBe(400);
    const noSubjectHtml = await noSubject.text();
    expect(noSubjectHtml).toContain("Please enter a subject.");
    expect(noSubjectHtml).toContain("Please be at the boathouse at 8:30.");

    const noBody = await send({ body: "" });
    expect(noBody.status).toBe(400);
    const noBodyHtml = await noBody.text();
    expect(noBodyHtml).toContain("Please write the message.");
    expect(noBodyHtml).toContain('value="Arrival on Saturday"');

    const longSubject = await send({ subject: "S".repeat(201) });
    expect(longSubject.status).toBe(400);
    expect(await longSubject.text()).toContain("The subject can be at most 200 characters.");

    const tooLong = await send({ subject: "A long one", body: "x".repeat(20_001) });
    expect(tooLong.status).toBe(400);
    const tooLongHtml = await tooLong.text();
    expect(tooLongHtml).toContain("The message can be at most 20,000 characters.");
    expect(tooLongHtml).toContain('value="A long one"');
    expect(tooLongHtml).toContain("x".repeat(20_001));

    // Exactly 20,000 characters is fine.
    const longest = await send({ body: "y".repeat(20_000) });
    expect(longest.status).toBe(303);
    expect(await messagesOf(event.id)).toHaveLength(1);
  });

  it("refuses recipients the page does not offer", async () => {
    const { event } = await eventWithTeams();
    const response = await postForm(
      site,
      messagesPath(event.id),
      { intent: "send", ...message(choice, { audience: "all-users" }) },
      member.cookie,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please choose who receives the message.");
    expect(await messagesOf(event.id)).toEqual([]);
  });

  it("refuses a message nobody would receive", async () => {
    const empty = await createTestEvent(db(), club.id);
    const response = await postForm(
      site,
      messagesPath(empty.id, choice),
      { intent: "send", ...message(choice) },
      member.cookie,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Nobody would receive this message");
    expect(await messagesOf(empty.id)).toEqual([]);
    expect((await page(messagesPath(empty.id), member.cookie)).html).toContain(
      "This message will reach <strong>0 people</strong>",
    );
  });

  it("lets a partner send 10 messages an hour, and refuses the 11th with 429", async () => {
    const busy = await createTestPartner(db(), "Busy Roklub", { email: "busy@roklub.example" });
    const sender = await createAccount(site, { role: "partner", partnerId: busy.id });
    const actor: Actor = { userId: sender.id, role: "partner", partnerIds: [busy.id] };
    const { event } = await eventWithTeams(busy);
    for (let index = 0; index < 10; index++) {
      await sendParticipantMessage(services(), {
        actor,
        eventId: event.id,
        input: message(choice, { subject: `Update ${index + 1}` }),
      });
    }
    const eleventh = await postForm(
      site,
      messagesPath(event.id, choice),
      { intent: "send", ...message(choice, { subject: "Update 11" }) },
      sender.cookie,
    );
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get("Retry-After"))).toBeGreaterThan(0);
    const html = await eleventh.text();
    expect(html).toContain("sent 10 messages to participants in the last hour");
    expect(html).toContain('value="Update 11"');
    expect(await messagesOf(event.id)).toHaveLength(10);
    // The limit is the partner's: another of its events is refused too, another partner is not.
    const another = await eventWithTeams(busy);
    const refusal = await refusalOf(
      sendParticipantMessage(services(), { actor, eventId: another.event.id, input: message(choice) }),
    );
    expect(refusal.code).toBe("rate_limited");
    const { event: clubEvent } = await eventWithTeams();
    await sendParticipantMessage(services(), {
      actor: clubActor,
      eventId: clubEvent.id,
      input: message(choice),
    });
  });

  it("lets an admin send for any partner, counted against that partner and audited under it", async () => {
    const { event } = await eventWithTeams(otherClub);
    const adminPerson = { id: admin.id, email: admin.email };
    const sent = await sendParticipantMessage(services(), {
      actor: adminActor(adminPerson),
      eventId: event.id,
      input: message(choice, { subject: "From RCL" }),
    });
    expect(sent).toMatchObject({ senderEmail: admin.email, recipientCount: 2 });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, event.id), eq(auditLog.action, "event.message_participants")));
    expect(audit).toMatchObject({ actorUserId: admin.id, partnerId: otherClub.id });
  });
});
