import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fik71Line, fik71PaymentId, hasValidModulus10 } from "~/lib/billing/numbers";
import { openDatabase, type DatabaseHandle } from "#server/db/client";
import {
  auditLog,
  documentSeries,
  einvoiceTransmissions,
  invoicePayments,
  invoices,
  partnerMembers,
  teamRegistrations,
} from "#server/db/schema";
import { issueCreditNote } from "#server/invoices/issue-credit-note";
import { documentNumber, partnerSeries } from "#server/invoices/series";
import { recordPayment } from "#server/invoices/record-payment";
import type { Actor } from "#server/auth/actor";
import type { AccessPoint } from "#server/invoices/access-point";
import { attachDocuments } from "#server/invoices/attach-documents";
import { transmitEinvoice } from "#server/invoices/transmit-einvoice";
import { cancelRegistration } from "#server/registrations/cancel-registration";
import { moveRegistration } from "#server/registrations/move-registration";
import { registerTeam } from "#server/registrations/register-team";
import { cancelEvent } from "#server/events/cancel-event";
import { createBooker, userActor } from "../support/accounts";
import { companyBookingForm } from "../support/booking-form";
import { createBillingProfile } from "../support/billing";
import { createTestDatabase } from "../support/database";
import { createTestEvent } from "../support/events";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";

const now = new Date("2027-05-03T10:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

let database: DatabaseHandle;
let outbox: ReturnType<typeof recordingJobs>;
const db = () => database.db;
const services = () => ({ db: db(), jobs: outbox.jobs, baseUrl: "https://rcl.test" });

beforeAll(async () => {
  database = await createTestDatabase();
  outbox = recordingJobs(database);
});
afterAll(async () => {
  await database?.close();
});

/** A member of the partner, acting as its organiser. */
async function organiserOf(partnerId: string): Promise<Actor> {
  const userId = await createBooker(db(), "invoice-booker");
  await db().insert(partnerMembers).values({ partnerId, userId });
  return { userId, role: "partner", partnerIds: [partnerId] };
}

const form = (teamName: string, extra: Record<string, string> = {}) =>
  companyBookingForm(teamName, { poReference: "PO-118", personReference: "Mette Holm", ...extra });

async function book(
  eventId: string,
  teamName: string,
  extra: Record<string, string> = {},
  joinWaitlist = false,
) {
  const userId = await createBooker(db(), "invoice-booker");
  const { registration } = await registerTeam(services(), {
    actor: userActor(userId),
    eventId,
    input: form(teamName, extra),
    idempotencyKey: randomUUID(),
    joinWaitlist,
    now,
  });
  await outbox.finishBookings();
  return { registration, userId };
}

const documentsOf = (registrationId: string) =>
  db()
    .select()
    .from(invoices)
    .where(eq(invoices.registrationId, registrationId))
    .orderBy(asc(invoices.sequenceNumber));

async function invoicedPartner(overrides: Parameters<typeof createBillingProfile>[2] = {}) {
  const partner = await createTestPartner(db(), "Invoice Club");
  await createBillingProfile(db(), partner.id, overrides);
  return partner;
}

describe("a booking's invoice", () => {
  it("takes its number and +71 payment id from the series, past the four digits the number pads to", async () => {
    const partner = await invoicedPartner();
    const event = await createTestEvent(db(), partner.id, { now, priceMinor: 400_000, maxTeams: 5 });
    // Past the four digits the prefix pads to, and through check digits of every kind.
    await db()
      .insert(documentSeries)
      .values({ key: partnerSeries(partner.id), lastNumber: 9_997 });
    for (const [index, sequence] of [9_998, 9_999, 10_000, 10_001].entries()) {
      const { registration } = await book(event.id, `Series Crew ${index}`);
      const [invoice] = await documentsOf(registration.id);
      const number = documentNumber("KR-", sequence);
      const paymentId = fik71PaymentId(sequence);
      expect(invoice).toMatchObject({ sequenceNumber: sequence, number, paymentId });
      expect(invoice!.content.number).toBe(number);
      expect(invoice!.content.paymentReference).toEqual({
        kind: "fik71",
        paymentId,
        creditorNumber: "85412345",
        line: fik71Line(paymentId, "85412345"),
      });
    }
    // Without an FI creditor number, the reference is the number itself.
    const plain = await invoicedPartner({ fiCreditorNumber: null, invoicePrefix: "" });
    const plainEvent = await createTestEvent(db(), plain.id, { now, priceMinor: 400_000, maxTeams: 5 });
    const { registration } = await book(plainEvent.id, "Plain Crew");
    const [invoice] = await documentsOf(registration.id);
    expect(invoice).toMatchObject({ number: "0001", paymentId: null });
    expect(invoice!.content.paymentReference).toEqual({ kind: "invoice_number", text: "0001" });
    // The tests after this read the outbox from empty.
    await outbox.deliver();
  });

  it("is issued with the confirmed booking: the partner's series, the buyer's details, 25 % moms per line", async () => {
    const partner = await invoicedPartner();
    const event = await createTestEvent(db(), partner.id, { now, priceMinor: 400_000, maxTeams: 5 });
    outbox.sent.length = 0;
    const { registration, userId } = await book(event.id, "Harbour Hawks");

    const [invoice] = await documentsOf(registration.id);
    expect(invoice).toMatchObject({
      kind: "invoice",
      purpose: "booking",
      number: "KR-0001",
      sequenceNumber: 1,
      sellerPartnerId: partner.id,
      bookerUserId: userId,
      eventId: event.id,
      issueDate: "2027-05-03",
      dueDate: "2027-05-17",
      netMinor: 400_000,
      vatMinor: 100_000,
      grossMinor: 500_000,
    });
    const content = invoice!.content;
    expect(content.seller).toMatchObject({
      name: "Københavns Roklub",
      cvr: "29403473",
      vatStatus: "registered",
    });
    expect(content.buyer).toEqual({
      name: "Nordlys ApS",
      addressLine: "Vesterbrogade 12",
      postalCode: "1620",
      city: "København V",
      countryCode: "DK",
      cvr: "35954716",
      ean: null,
      personReference: "Mette Holm",
      orderNumber: "PO-118",
      email: "bogholderi@nordlys.example",
    });
    expect(content.lines).toHaveLength(1);
    expect(content.lines[0]).toMatchObject({
      quantity: 1,
      unitNetMinor: 400_000,
      vatCategory: "S",
      vatMinor: 100_000,
    });
    expect(content.lines[0]!.description).toContain("Harbour Hawks");
    expect(content.lines[0]!.description).toContain(registration.reference);
    expect(content.totals.breakdown).toEqual([
      { category: "S", percent: 25, baseMinor: 400_000, vatMinor: 100_000, exemptionReason: null },
    ]);
    // The +71 line: the series number with its modulus-10 check digit, then the creditor.
    expect(content.paymentReference).toEqual({
      kind: "fik71",
      paymentId: "000000000000018",
      creditorNumber: "85412345",
      line: "+71<000000000000018+85412345<",
    });
    expect(hasValidModulus10("000000000000018")).toBe(true);
    expect(invoice!.paymentId).toBe("000000000000018");

    const mails = await outbox.deliver();
    const confirmation = mails.find((mail) => mail.to === `${userId}@example.dk`);
    expect(confirmation?.documents).toEqual([{ invoiceId: invoice!.id, xml: false }]);
    expect(confirmation?.text).toContain("The invoice for the place is attached as a PDF.");
    const finance = mails.filter((mail) => mail.to === "bogholderi@nordlys.example");
    expect(finance).toHaveLength(1);
    expect(finance[0]!.subject).toBe("Invoice KR-0001 from Københavns Roklub");
    expect(finance[0]!.text).toContain("+71<000000000000018+85412345<");
    expect(finance[0]!.attachments?.map((file) => file.filename)).toEqual(["Invoice KR-0001.pdf"]);
  });

  it("numbers each seller's documents on, without a gap, and an exempt seller's carry no moms", async () => {
    const partner = await invoicedPartner({ vatStatus: "exempt", invoicePrefix: "", fiCreditorNumber: null });
    const event = await createTestEvent(db(), partner.id, { now, priceMinor: 250_050, maxTeams: 5 });
    const first = await book(event.id, "Exempt One");
    const second = await book(event.id, "Exempt Two");
    const [a] = await documentsOf(first.registration.id);
    const [b] = await documentsOf(second.registration.id);
    expect([a!.number, b!.number]).toEqual(["0001", "0002"]);
    expect(b).toMatchObject({ netMinor: 250_050, vatMinor: 0, grossMinor: 250_050 });
    expect(b!.content.totals.breakdown).toEqual([
      {
        category: "E",
        percent: 0,
        baseMinor: 250_050,
        vatMinor: 0,
        exemptionReason: "Momsfritaget, jf. momslovens § 13, stk. 1, nr. 5",
      },
    ]);
    expect(b!.content.paymentReference).toEqual({ kind: "invoice_number", text: "0002" });
  });

  it("waits for a confirmed moms status, and a free event or a waitlisted team gets none", async () => {
    const unconfirmed = await invoicedPartner({ vatConfirmedAt: null });
    const event = await createTestEvent(db(), unconfirmed.id, { now });
    const { registration } = await book(event.id, "Too Early");
    expect(await documentsOf(registration.id)).toEqual([]);

    const partner = await invoicedPartner();
    const free = await createTestEvent(db(), partner.id, { now, priceMinor: 0 });
    expect(await documentsOf((await book(free.id, "Free Rowers")).registration.id)).toEqual([]);

    const full = await createTestEvent(db(), partner.id, { now, maxTeams: 1 });
    await book(full.id, "Took The Place");
    const waiting = await book(full.id, "Waiting", {}, true);
    expect(waiting.registration.status).toBe("waitlisted");
    expect(await documentsOf(waiting.registration.id)).toEqual([]);
  });

  it("is issued when a waitlisted team moves up, and the cancelled place is credited", async () => {
    const partner = await invoicedPartner();
    // Free cancellation until the deadline, a week before: the booker cancels well before it.
    const event = await createTestEvent(db(), partner.id, {
      now,
      maxTeams: 1,
      priceMinor: 300_000,
      refundPolicy: [{ daysBefore: 7, percent: 100 }],
    });
    const first = await book(event.id, "First Boat");
    const waiting = await book(event.id, "Second Boat", {}, true);
    outbox.sent.length = 0;

    await cancelRegistration(services(), {
      actor: userActor(first.userId),
      registrationId: first.registration.id,
      now,
    });

    const [invoice, credit] = await documentsOf(first.registration.id);
    expect(credit).toMatchObject({
      kind: "credit_note",
      creditsInvoiceId: invoice!.id,
      netMinor: invoice!.netMinor,
      vatMinor: invoice!.vatMinor,
      dueDate: null,
      paymentId: null,
    });
    expect(credit!.content.creditedInvoice).toEqual({
      number: invoice!.number,
      issueDate: invoice!.issueDate,
    });
    expect(credit!.content.reason).toBe("The booking was cancelled");
    expect(credit!.content.lines).toEqual(invoice!.content.lines);
    const [promoted] = await documentsOf(waiting.registration.id);
    expect(promoted).toMatchObject({ kind: "invoice", netMinor: 300_000 });
    // One series for the seller: invoice, invoice, credit note, invoice.
    expect([invoice!.sequenceNumber, credit!.sequenceNumber, promoted!.sequenceNumber]).toEqual([1, 2, 3]);

    const mails = await outbox.deliver();
    const toFinance = mails
      .filter((mail) => mail.to === "bogholderi@nordlys.example")
      .map((mail) => mail.subject);
    expect(toFinance).toEqual(
      expect.arrayContaining([
        `Credit note ${credit!.number} from Københavns Roklub`,
        `Invoice ${promoted!.number} from Københavns Roklub`,
      ]),
    );

    // Cancelling again credits nothing more.
    await cancelRegistration(services(), {
      actor: userActor(first.userId),
      registrationId: first.registration.id,
      now,
    });
    expect(await documentsOf(first.registration.id)).toHaveLength(2);
  });

  it("stands after the deadline when the booker cancels, as the terms say", async () => {
    const partner = await invoicedPartner();
    const event = await createTestEvent(db(), partner.id, { now, maxTeams: 5 });
    const { registration, userId } = await book(event.id, "Late Cancellers");
    const afterDeadline = new Date(event.registrationDeadline.getTime() + DAY);
    await cancelRegistration(services(), {
      actor: userActor(userId),
      registrationId: registration.id,
      now: afterDeadline,
    });
    expect((await documentsOf(registration.id)).map((row) => row.kind)).toEqual(["invoice"]);
  });

  it("is credited and a new one issued when the organiser moves the team to another event", async () => {
    const partner = await invoicedPartner();
    const from = await createTestEvent(db(), partner.id, { now, priceMinor: 400_000 });
    const to = await createTestEvent(db(), partner.id, { now, priceMinor: 600_000, title: "Autumn Regatta" });
    const { registration } = await book(from.id, "Movers");
    await moveRegistration(services(), {
      actor: await organiserOf(partner.id),
      registrationId: registration.id,
      input: { targetEventId: to.id },
      now,
    });
    const [invoice, credit, reissued] = await documentsOf(registration.id);
    expect(credit).toMatchObject({ kind: "credit_note", creditsInvoiceId: invoice!.id, netMinor: 400_000 });
    expect(credit!.content.reason).toBe("The team moved to Autumn Regatta");
    expect(reissued).toMatchObject({ kind: "invoice", eventId: to.id, netMinor: 600_000, vatMinor: 150_000 });
  });

  it("is credited for every team when the event is called off", async () => {
    const partner = await invoicedPartner();
    const event = await createTestEvent(db(), partner.id, { now, maxTeams: 5, publishedAt: now });
    const one = await book(event.id, "Called Off One");
    const two = await book(event.id, "Called Off Two");
    await cancelEvent(services(), {
      actor: await organiserOf(partner.id),
      eventId: event.id,
      input: { reason: "Storm warning for the whole weekend", confirm: "on" },
      now,
    });
    for (const { registration } of [one, two]) {
      const kinds = (await documentsOf(registration.id)).map((row) => row.kind);
      expect(kinds).toEqual(["invoice", "credit_note"]);
    }
  });

  it("goes to a public buyer's EAN as an e-invoice, and the mails carry the PDF and the UBL", async () => {
    const partner = await invoicedPartner({ invoicePrefix: "EAN-" });
    const event = await createTestEvent(db(), partner.id, { now });
    outbox.sent.length = 0;
    const { registration } = await book(event.id, "Municipal Crew", { ean: "5798000000001" });
    const [invoice] = await documentsOf(registration.id);
    expect(invoice!.buyerEan).toBe("5798000000001");
    const [pending] = await db()
      .select()
      .from(einvoiceTransmissions)
      .where(eq(einvoiceTransmissions.invoiceId, invoice!.id));
    expect(pending).toMatchObject({ status: "pending", attempts: 0 });

    // An access point that fails once, then takes it.
    const taken: string[] = [];
    let failures = 1;
    const accessPoint: AccessPoint = {
      name: "test",
      async send(einvoice) {
        if (failures-- > 0) throw new Error("access point unavailable");
        taken.push(einvoice.xml);
        return { messageId: "ap-1" };
      },
    };
    await expect(transmitEinvoice({ db: db(), accessPoint }, { invoiceId: invoice!.id })).rejects.toThrow(
      "access point unavailable",
    );
    const [failed] = await db()
      .select()
      .from(einvoiceTransmissions)
      .where(eq(einvoiceTransmissions.invoiceId, invoice!.id));
    expect(failed).toMatchObject({ status: "failed", attempts: 1, lastError: "access point unavailable" });
    await transmitEinvoice({ db: db(), accessPoint }, { invoiceId: invoice!.id });
    await transmitEinvoice({ db: db(), accessPoint }, { invoiceId: invoice!.id });
    const [sent] = await db()
      .select()
      .from(einvoiceTransmissions)
      .where(eq(einvoiceTransmissions.invoiceId, invoice!.id));
    expect(sent).toMatchObject({ status: "sent", attempts: 2, accessPointId: "ap-1", lastError: null });
    expect(taken).toHaveLength(1);
    expect(taken[0]).toContain('<cbc:EndpointID schemeID="0088">5798000000001</cbc:EndpointID>');

    const mails = await outbox.deliver();
    const finance = mails.find(
      (mail) =>
        mail.to === "bogholderi@nordlys.example" && mail.subject.startsWith(`Invoice ${invoice!.number} `),
    );
    expect(finance?.text).toContain("5798000000001");
    expect(finance?.attachments?.map((file) => [file.filename, file.contentType])).toEqual([
      [`Invoice ${invoice!.number}.pdf`, "application/pdf"],
      [`Invoice ${invoice!.number}.xml`, "application/xml"],
    ]);
    expect(Buffer.from(finance!.attachments![0]!.content, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    // The booker's confirmation names its document; the worker attaches it the same way.
    const confirmation = mails.find((mail) => mail.documents?.[0]?.invoiceId === invoice!.id);
    const attached = await attachDocuments(db(), confirmation!);
    expect(attached.documents).toBeUndefined();
    expect(attached.attachments?.map((file) => file.filename)).toEqual([
      `${event.slug}.ics`,
      // The confirmed team's QR code, an inline part of the mail.
      `${registration.reference}.png`,
      `Invoice ${invoice!.number}.pdf`,
      `Invoice ${invoice!.number}.xml`,
    ]);
  });
});

describe("an issued document", () => {
  it("cannot be changed or deleted: the database refuses, and the row stays as it was", async () => {
    const partner = await invoicedPartner();
    const event = await createTestEvent(db(), partner.id, { now });
    const { registration } = await book(event.id, "Immutable");
    const [before] = await documentsOf(registration.id);
    await expect(
      db().update(invoices).set({ grossMinor: 1 }).where(eq(invoices.id, before!.id)),
    ).rejects.toThrow();
    await expect(
      db()
        .update(invoices)
        .set({ content: sql`jsonb_set(${invoices.content}, '{buyer,name}', '"Someone else"')` })
        .where(eq(invoices.id, before!.id)),
    ).rejects.toThrow();
    await expect(db().delete(invoices).where(eq(invoices.id, before!.id))).rejects.toThrow();
    const [after] = await documentsOf(registration.id);
    expect(after).toEqual(before);
  });

  it("outlives the booking it was issued for", async () => {
    const partner = await invoicedPartner();
    const event = await createTestEvent(db(), partner.id, { now });
    const { registration } = await book(event.id, "Gone Later");
    await db()
      .delete(teamRegistrations)
      .where(and(eq(teamRegistrations.id, registration.id)));
    expect(await documentsOf(registration.id)).toHaveLength(1);
  });
});

// Numbers under real concurrency are a PostgreSQL property: PGlite runs one query at a time.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("numbering under concurrency on postgres", () => {
  let wide: DatabaseHandle;
  beforeAll(async () => {
    const url = database.pool?.options.connectionString;
    if (!url) throw new Error("The PostgreSQL test database has no connection string.");
    // 200 bookings at once queue for 50 connections; the site's short wait is not under test.
    wide = await openDatabase({ kind: "postgres", url, poolMax: 50, poolTimeoutMs: 120_000 });
  });
  afterAll(async () => {
    await wide?.close();
  });

  it("gives 200 simultaneous confirmations, invoiced by 8 workers at once, across 3 sellers' series numbers without a gap or a duplicate", async () => {
    const sellers = await Promise.all([1, 2, 3].map(() => invoicedPartner()));
    const eventsOf = await Promise.all(
      sellers.map((partner) =>
        createTestEvent(db(), partner.id, { now, maxTeams: 200, maxTeamsPerAccount: 1 }),
      ),
    );
    const bookers = await Promise.all(
      Array.from({ length: 200 }, () => createBooker(db(), "invoice-booker")),
    );
    const wideServices = { db: wide.db, jobs: outbox.jobs, baseUrl: "https://rcl.test" };
    const results = await Promise.allSettled(
      bookers.map((userId, index) =>
        registerTeam(wideServices, {
          actor: userActor(userId),
          eventId: eventsOf[index % 3]!.id,
          input: form(`Race ${index}`),
          idempotencyKey: randomUUID(),
          now,
        }),
      ),
    );
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    // The invoices are issued by the bookings' jobs: by eight workers at once, as several
    // instances' workers would, each taking the seller's series in turn.
    const workers = recordingJobs(wide);
    await Promise.all(Array.from({ length: 8 }, () => workers.finishBookings()));

    for (const [index, partner] of sellers.entries()) {
      const issued = await db()
        .select({ sequence: invoices.sequenceNumber, number: invoices.number })
        .from(invoices)
        .where(eq(invoices.sellerPartnerId, partner.id))
        .orderBy(asc(invoices.sequenceNumber));
      const expected = bookers.filter((_, booking) => booking % 3 === index).length;
      expect(issued.map((row) => row.sequence)).toEqual(Array.from({ length: expected }, (_, n) => n + 1));
      expect(new Set(issued.map((row) => row.number)).size).toBe(expected);
    }
  });
});

describe("a partial credit and a payment marked by hand", () => {
  async function invoiced() {
    const partner = await invoicedPartner();
    const event = await createTestEvent(db(), partner.id, { now, priceMinor: 400_000 });
    const { registration } = await book(event.id, "Partial Crew");
    const [invoice] = await documentsOf(registration.id);
    return { partner, invoice: invoice!, registration };
  }

  it("credits part of an invoice with its moms and reason, never more than is left, audited", async () => {
    const { partner, invoice, registration } = await invoiced();
    const organiser = await organiserOf(partner.id);
    const credit = await issueCreditNote(services(), {
      actor: organiser,
      invoiceId: invoice.id,
      input: { amount: "1.000,50", reason: "One rower could not come" },
      now,
    });
    expect(credit).toMatchObject({
      kind: "credit_note",
      creditsInvoiceId: invoice.id,
      netMinor: 100_050,
      vatMinor: 25_013,
    });
    expect(credit.content.reason).toBe("One rower could not come");
    expect(credit.content.lines[0]!.description).toContain(`Credit on invoice ${invoice.number}`);

    // More than the 2,999.50 kr. left is refused on the field, and nothing is issued.
    await expect(
      issueCreditNote(services(), {
        actor: organiser,
        invoiceId: invoice.id,
        input: { amount: "3000", reason: "Too much" },
        now,
      }),
    ).rejects.toMatchObject({
      status: 400,
      fields: { amount: "The amount is more than is left to credit on this invoice" },
    });
    await expect(
      issueCreditNote(services(), {
        actor: organiser,
        invoiceId: invoice.id,
        input: { amount: "abc", reason: "" },
        now,
      }),
    ).rejects.toMatchObject({
      status: 400,
      fields: {
        amount: "Please enter the amount in kroner, such as 1250 or 1.250,50",
        reason: "Please say why you credit this amount; the buyer sees it on the credit note",
      },
    });
    // The rest, to the øre: its moms is what is left of the invoice's moms.
    const rest = await issueCreditNote(services(), {
      actor: organiser,
      invoiceId: invoice.id,
      input: { amount: "2999,50", reason: "The team did not come" },
      now,
    });
    expect(rest.netMinor + credit.netMinor).toBe(invoice.netMinor);
    expect(rest.vatMinor + credit.vatMinor).toBe(invoice.vatMinor);
    expect(await documentsOf(registration.id)).toHaveLength(3);
    await expect(
      issueCreditNote(services(), {
        actor: organiser,
        invoiceId: invoice.id,
        input: { amount: "1", reason: "Again" },
        now,
      }),
    ).rejects.toMatchObject({ status: 409 });
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, invoice.id));
    expect(audit.map((row) => row.action)).toEqual(["invoice.credit", "invoice.credit"]);
  });

  it("is not found for another partner's member, and changes nothing", async () => {
    const { invoice, registration } = await invoiced();
    const stranger = await organiserOf((await createTestPartner(db(), "Other Club")).id);
    for (const attempt of [
      () =>
        issueCreditNote(services(), {
          actor: stranger,
          invoiceId: invoice.id,
          input: { amount: "10", reason: "Not mine" },
          now,
        }),
      () =>
        recordPayment(services(), {
          actor: stranger,
          invoiceId: invoice.id,
          input: { amount: "10", paidOn: "2027-05-03" },
          now,
        }),
      () =>
        issueCreditNote(services(), {
          actor: userActor(registration.userId),
          invoiceId: invoice.id,
          input: {},
          now,
        }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ status: 404 });
    }
    expect(await documentsOf(registration.id)).toHaveLength(1);
    expect(
      await db().select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id)),
    ).toEqual([]);
  });

  it("marks money received, refusing more than is owed and a date to come", async () => {
    const { partner, invoice } = await invoiced();
    const organiser = await organiserOf(partner.id);
    await expect(
      recordPayment(services(), {
        actor: organiser,
        invoiceId: invoice.id,
        input: { amount: "5000,01", paidOn: "2027-05-03" },
        now,
      }),
    ).rejects.toMatchObject({
      status: 400,
      fields: { amount: "The amount is more than is still owed on this invoice (DKK\u00a05,000)" },
    });
    await expect(
      recordPayment(services(), {
        actor: organiser,
        invoiceId: invoice.id,
        input: { amount: "100", paidOn: "2027-05-04" },
        now,
      }),
    ).rejects.toMatchObject({ status: 400, fields: { paidOn: "The payment date cannot be in the future" } });
    await recordPayment(services(), {
      actor: organiser,
      invoiceId: invoice.id,
      input: { amount: "5000", paidOn: "2027-05-03" },
      now,
    });
    const payments = await db()
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, invoice.id));
    expect(payments).toMatchObject([
      { amountMinor: 500_000, paidOn: "2027-05-03", source: "manual", recordedBy: organiser.userId },
    ]);
    await expect(
      recordPayment(services(), {
        actor: organiser,
        invoiceId: invoice.id,
        input: { amount: "1", paidOn: "2027-05-03" },
        now,
      }),
    ).rejects.toMatchObject({ status: 409 });
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, invoice.id));
    expect(audit.map((row) => row.action)).toEqual(["invoice.record_payment"]);
  });
});
