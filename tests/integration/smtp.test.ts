import { userActor } from "../support/accounts";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import type { DatabaseHandle } from "#server/db/client";
import { events, outboxEmails, users } from "#server/db/schema";
import { createMailer } from "#server/email/mailer";
import { createServices } from "#server/services";
import { seedSampleContent } from "#server/db/seed/seed";
import { registerTeam } from "#server/registrations/register-team";
import { createTestDatabase } from "../support/database";
import { TEST_AUTH_SECRET, TEST_BASE_URL } from "../support/http-app";
import { invoiceAddress, VALID_CVR } from "../support/booking-form";

type Received = { from: string; to: string[]; raw: string };

let smtp: SMTPServer;
let port: number;
const received: Received[] = [];
let database: DatabaseHandle;

beforeAll(async () => {
  // A real SMTP server on loopback, as a mail relay would be.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  port = (smtp.server.address() as AddressInfo).port;
  database = await createTestDatabase();
  await seedSampleContent(database.db);
});

afterAll(async () => {
  if (smtp) await new Promise<void>((resolve) => smtp.close(resolve));
  await database?.close();
});

describe("mail over SMTP", () => {
  it("delivers the verification mail to the SMTP server instead of the outbox", async () => {
    const services = createServices({
      database,
      baseUrl: TEST_BASE_URL,
      authSecret: TEST_AUTH_SECRET,
      smtpUrl: `smtp://127.0.0.1:${port}`,
    });
    await services.auth.api.signUpEmail({
      body: { name: "Smtp Person", email: "smtp.person@fjord.example", password: "rowing-is-fun" },
    });
    await services.runDueJobs();

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.to).toEqual(["smtp.person@fjord.example"]);
    expect(mail?.from).toBe("no-reply@rethinkcorporatelife.dk");
    expect(mail?.raw).toContain("Subject: Verify your email address");
    // Both a text and an HTML part, and the link (quoted-printable may wrap it).
    expect(mail?.raw).toContain("text/plain");
    expect(mail?.raw).toContain("text/html");
    expect(mail?.raw.replace(/=\r\n/g, "")).toContain(`${TEST_BASE_URL}/api/auth/verify-email?token=3D`);
    // The layout's logo travels as an inline PNG part that the HTML names by its Content-ID.
    expect(mail?.raw).toContain("Content-Type: image/png");
    expect(mail?.raw).toMatch(/Content-ID: <rcl-logo>/i);
    const [outbox] = await database.db.select({ n: count() }).from(outboxEmails);
    expect(outbox?.n).toBe(0);
  });

  it("sends the booking confirmation with the event as an .ics attachment", async () => {
    const services = createServices({
      database,
      baseUrl: TEST_BASE_URL,
      authSecret: TEST_AUTH_SECRET,
      smtpUrl: `smtp://127.0.0.1:${port}`,
    });
    const [booker] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "smtp.person@fjord.example"));
    const [event] = await database.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.slug, "riverside-team-racing"));
    received.length = 0;
    await registerTeam(
      { ...services, db: database.db },
      {
        actor: userActor(booker!.id),
        eventId: event!.id,
        idempotencyKey: "smtp-booking-0001",
        input: {
          teamName: "Mail Crew",
          company: "Fjord Logistics",
          billingCompany: "Fjord Logistics ApS",
          cvr: VALID_CVR,
          billingEmail: "invoices@fjord.example",
          ...invoiceAddress,
          captainName: "Smtp Person",
          captainEmail: "captain@fjord.example",
          captainPhone: "+45 11 22 33 44",
          acceptTerms: "on",
        },
      },
    );
    await services.runDueJobs();

    // The booking's confirmation, the one with the calendar file (the captain's crew page
    // mail names the team too).
    const mail = received.find(
      (message) => message.raw.includes("Mail Crew") && message.raw.includes("riverside-team-racing.ics"),
    );
    expect(mail?.to).toEqual(["smtp.person@fjord.example"]);
    expect(mail?.raw).toMatch(/Content-Type: text\/calendar/i);
    expect(mail?.raw).toContain("riverside-team-racing.ics");
  });

  it("sends a mail's own header lines, such as a rower reminder's one-click unsubscribe", async () => {
    const stop = `${TEST_BASE_URL}/stop-reminders/${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}.${"A".repeat(43)}`;
    received.length = 0;
    await createMailer({ db: database.db, smtpUrl: `smtp://127.0.0.1:${port}` }).send({
      to: "rower@fjord.example",
      subject: "Your seat: a few answers missing",
      text: "Hello",
      html: "<p>Hello</p>",
      headers: { "List-Unsubscribe": `<${stop}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    const raw = received[0]!.raw.replace(/\r\n[ \t]+/g, " ");
    expect(raw).toContain(`List-Unsubscribe: <${stop}>`);
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });
});
