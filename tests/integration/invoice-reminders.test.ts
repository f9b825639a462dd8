import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCalendarDay } from "~/lib/dates";
import { rosterFieldName } from "~/lib/forms/registration-schema";
import type { Locale } from "~/lib/i18n/locale";
import type { Actor } from "#server/auth/actor";
import type { DatabaseHandle } from "#server/db/client";
import { invoiceReminders, invoices, partnerMembers, users } from "#server/db/schema";
import type { Mail } from "#server/email/mailer";
import { withLocale } from "#server/http/language";
import { attachDocuments } from "#server/invoices/attach-documents";
import { issueCreditNote } from "#server/invoices/issue-credit-note";
import { recordPayment } from "#server/invoices/record-payment";
import { sendInvoiceReminders } from "#server/invoices/send-invoice-reminders";
import { registerTeam } from "#server/registrations/register-team";
import { userActor } from "../support/accounts";
import { createBillingProfile } from "../support/billing";
import { createTestDatabase } from "../support/database";
import { createTestEvent } from "../support/events";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";

// "A reminder mail goes to the buyer 3 days after the due date (once, through the job
// queue; no fee)": server/invoices/send-invoice-reminders.ts, ADR 035.

const booked = new Date("2027-05-03T10:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const FINANCE = "bogholderi@nordlys.example";

let database: DatabaseHandle;
let outbox: ReturnType<typeof recordingJobs>;
const db = () => database.db;
const services = () => ({ db: db(), jobs: outbox.jobs, baseUrl: "https://rcl.test" });

let partnerId: string;
let organiser: Actor;
let eventId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  outbox = recordingJobs(database);
  const partner = await createTestPartner(db(), "Reminder Club");
  partnerId = partner.id;
  // Registered for moms, with +71 payments: 4.000,00 kr. net is 5.000,00 kr. to pay.
  await createBillingProfile(db(), partnerId, { legalName: "Nordhavn Roklub", paymentTermsDays: 14 });
  organiser = { userId: await createUser("organiser"), role: "partner", partnerIds: [partnerId] };
  await db().insert(partnerMembers).values({ partnerId, userId: organiser.userId });
  eventId = (await createTestEvent(db(), partnerId, { now: booked, priceMinor: 400_000, maxTeams: 50 })).id;
});
afterAll(async () => {
  await database?.close();
});

async function createUser(name: string): Promise<string> {
  const id = `reminder-${name}-${randomUUID().slice(0, 8)}`;
  await db()
    .insert(users)
    .values({ id, name, email: `${id}@example.dk`, emailVerified: true });
  return id;
}

/** A confirmed booking made in `locale`, and its invoice (due 14 days after it was booked). */
async function bookedInvoice(locale: Locale = "en") {
  const userId = await createUser("booker");
  const { registration } = await withLocale(locale, () =>
    registerTeam(services(), {
      actor: userActor(userId),
      eventId,
      input: {
        teamName: `Team ${randomUUID().slice(0, 6)}`,
        company: "Nordlys ApS",
        billingCompany: "Nordlys ApS",
        billingAddressLine: "Vesterbrogade 12",
        billingPostalCode: "1620",
        billingCity: "København V",
        cvr: "35954716",
        billingEmail: FINANCE,
        captainName: "Captain",
        captainEmail: `${userId}@example.dk`,
        captainPhone: "+45 11 22 33 44",
        [rosterFieldName(0, "name")]: "Captain",
        acceptTerms: "on",
      },
      idempotencyKey: randomUUID(),
      now: booked,
    }),
  );
  await outbox.finishBookings();
  const [invoice] = await db().select().from(invoices).where(eq(invoices.registrationId, registration.id));
  if (!invoice?.dueDate) throw new Error("The booking was not invoiced.");
  const [booker] = await db().select().from(users).where(eq(users.id, userId));
  return { invoice, bookerEmail: booker!.email };
}

/** Noon in Copenhagen `days` after the invoice's due date. */
const daysAfterDue = (dueDate: string, days: number) =>
  new Date(new Date(`${dueDate}T10:00:00Z`).getTime() + days * DAY);

/** Runs the job at `now` and delivers what it queued: the reminder mails about `number`. */
async function runAt(now: Date, number: string): Promise<Mail[]> {
  await sendInvoiceReminders(services(), { now });
  return remindersAbout(number);
}

async function remindersAbout(number: string): Promise<Mail[]> {
  await outbox.deliver();
  return outbox.sent.filter(
    (mail) => mail.subject.includes(` ${number} `) && /^(Reminder|Påmindelse):/.test(mail.subject),
  );
}

const remindersOf = (invoiceId: string) =>
  db().select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoiceId));

describe("the invoice reminder", () => {
  it("waits until 3 days after the due date, then reminds the buyer and the booker once", async () => {
    const { invoice, bookerEmail } = await bookedInvoice();
    expect(await runAt(daysAfterDue(invoice.dueDate!, 2), invoice.number)).toHaveLength(0);
    expect(await remindersOf(invoice.id)).toHaveLength(0);

    const mails = await runAt(daysAfterDue(invoice.dueDate!, 3), invoice.number);
    expect(mails.map((mail) => mail.to).sort()).toEqual([FINANCE, bookerEmail].sort());
    const [mail] = mails;
    expect(mail!.subject).toBe(`Reminder: invoice ${invoice.number} from Nordhavn Roklub is overdue`);
    const text = mail!.text.replace(/\u00a0|\u202f/g, " ");
    expect(text).toContain("The amount due is DKK 5,000.00");
    expect(text).toContain("No fee is charged for this reminder");
    // The original due date, the +71 line and the seller's bank account.
    expect(text).toContain(`Due date: ${formatCalendarDay(invoice.dueDate!, "en")}`);
    const payment = invoice.content.paymentReference;
    expect(payment?.kind).toBe("fik71");
    expect(text).toContain(payment?.kind === "fik71" ? payment.line : "a +71 line");
    expect(text).toContain("Reg. no. 1551, account 3456789");
    expect(mail!.replyTo).toBe(invoice.content.seller.email);
    // The invoice's PDF goes with it, attached by the mail's worker.
    expect(mail!.documents).toEqual([{ invoiceId: invoice.id, xml: false }]);
    const attached = await attachDocuments(db(), mail!);
    expect(attached.attachments?.map((file) => file.filename)).toEqual([`Invoice ${invoice.number}.pdf`]);

    expect(await runAt(daysAfterDue(invoice.dueDate!, 3), invoice.number)).toHaveLength(2);
    expect(await runAt(daysAfterDue(invoice.dueDate!, 10), invoice.number)).toHaveLength(2);
    expect(await remindersOf(invoice.id)).toHaveLength(1);
  });

  // On PostgreSQL each run takes its own connection from the pool, so they truly overlap.
  it("is sent once when several runs go at the same time", async () => {
    const { invoice } = await bookedInvoice();
    const now = daysAfterDue(invoice.dueDate!, 4);
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => sendInvoiceReminders(services(), { now })),
    );
    expect(await remindersOf(invoice.id)).toHaveLength(1);
    expect(await remindersAbout(invoice.number)).toHaveLength(2);
    // Other tests' invoices may be reminded too; this one by exactly one of the runs.
    expect(runs.reduce((sum, reminded) => sum + reminded, 0)).toBeGreaterThanOrEqual(1);
  });

  it("is not sent for an invoice paid in full or credited in full", async () => {
    const paid = await bookedInvoice();
    await recordPayment(services(), {
      actor: organiser,
      invoiceId: paid.invoice.id,
      input: { amount: "5000", paidOn: paid.invoice.dueDate },
      now: daysAfterDue(paid.invoice.dueDate!, 1),
    });
    const credited = await bookedInvoice();
    await issueCreditNote(services(), {
      actor: organiser,
      invoiceId: credited.invoice.id,
      input: { amount: "4000", reason: "Booked by mistake" },
      now: daysAfterDue(credited.invoice.dueDate!, 1),
    });
    const later = daysAfterDue(paid.invoice.dueDate!, 5);
    expect(await runAt(later, paid.invoice.number)).toHaveLength(0);
    expect(await runAt(later, credited.invoice.number)).toHaveLength(0);
    expect(await remindersOf(paid.invoice.id)).toHaveLength(0);
    expect(await remindersOf(credited.invoice.id)).toHaveLength(0);
  });

  it("states what is left after part payments and credits", async () => {
    const { invoice } = await bookedInvoice();
    await recordPayment(services(), {
      actor: organiser,
      invoiceId: invoice.id,
      input: { amount: "1500", paidOn: invoice.dueDate },
      now: daysAfterDue(invoice.dueDate!, 0),
    });
    await issueCreditNote(services(), {
      actor: organiser,
      invoiceId: invoice.id,
      input: { amount: "400", reason: "One rower could not come" },
      now: daysAfterDue(invoice.dueDate!, 0),
    });
    const [mail] = await runAt(daysAfterDue(invoice.dueDate!, 3), invoice.number);
    const text = mail!.text.replace(/\u00a0|\u202f/g, " ");
    // 5.000,00 kr. less 1.500,00 kr. paid and a credit note of 400,00 kr. net (500,00 kr. with moms).
    expect(text).toContain("The amount due is DKK 3,000.00");
    expect(text).toContain("Of the invoiced DKK 5,000.00, DKK 2,000.00 has been paid or credited.");
  });

  it("is in the invoice's language", async () => {
    const { invoice } = await bookedInvoice("da");
    expect(invoice.language).toBe("da");
    const mails = await runAt(daysAfterDue(invoice.dueDate!, 3), invoice.number);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.subject).toBe(`Påmindelse: faktura ${invoice.number} fra Nordhavn Roklub er forfalden`);
      const text = mail.text.replace(/\u00a0|\u202f/g, " ");
      expect(text).toContain("5.000,00 kr. mangler at blive betalt.");
      expect(text).toContain(`Forfaldsdato: ${formatCalendarDay(invoice.dueDate!, "da")}`);
      expect(text).toContain("Der opkræves intet gebyr for denne påmindelse");
      expect(text).toContain("Reg.nr. 1551, kontonr. 3456789");
    }
    const attached = await attachDocuments(db(), mails[0]!);
    expect(attached.attachments?.map((file) => file.filename)).toEqual([`Faktura ${invoice.number}.pdf`]);
  });
});
