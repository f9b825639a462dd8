/**
 * Statements reconcile to the øre (issue 26): random bookings, cancellations, moves and
 * partial credits across partners (premium and basic, registered for moms and exempt) and
 * months, driven through the real commands that issue the documents; then every month's
 * statements are made and checked against the documents' own lines, recomputed here.
 * Every commission invoice and a sample of the booking documents then go through the
 * official EN 16931 and Peppol BIS 3.0 rules.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rosterFieldName } from "~/lib/forms/registration-schema";
import type { Actor } from "#server/auth/actor";
import type { DatabaseHandle } from "#server/db/client";
import {
  documentSeries,
  invoices,
  partnerMembers,
  partnerStatements,
  siteSettings,
  statementDocuments,
  users,
} from "#server/db/schema";
import { sampleSiteSettings } from "#server/db/seed/sample-content";
import { isAppError } from "#server/errors";
import { issueCreditNote } from "#server/invoices/issue-credit-note";
import { toUbl } from "#server/invoices/ubl";
import { cancelRegistration } from "#server/registrations/cancel-registration";
import { moveRegistration } from "#server/registrations/move-registration";
import { registerTeam } from "#server/registrations/register-team";
import { makeMonthlyStatements } from "#server/settlements/make-monthly-statements";
import { userActor } from "../support/accounts";
import { invoiceAddress } from "../support/booking-form";
import { createBillingProfile } from "../support/billing";
import { createTestDatabase } from "../support/database";
import { createTestEvent } from "../support/events";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";
import { loadPeppolRules, validateUbl } from "../support/peppol";

/**
 * The 1,000 operations the issue asks for, or STATEMENT_OPERATIONS=…: more for a figure,
 * fewer in CI's repeat runs on the other Node.js majors (.ci/run), which `npm test` covers.
 */
const OPERATIONS = Math.max(1, Number(process.env.STATEMENT_OPERATIONS ?? 1000));
const MONTHS = ["2027-05-01", "2027-06-01", "2027-07-01", "2027-08-01"];
/**
 * Every twentieth booking document's e-invoice is checked too, with every commission
 * invoice; STATEMENT_UBL_EVERY=1 checks them all (about 100 s more), for the figure.
 */
const BOOKING_UBL_SAMPLE_EVERY = Math.max(1, Number(process.env.STATEMENT_UBL_EVERY ?? 20));

let database: DatabaseHandle;
let outbox: ReturnType<typeof recordingJobs>;
const db = () => database.db;
const services = () => ({ db: db(), jobs: outbox.jobs, baseUrl: "https://rcl.test" });

beforeAll(async () => {
  database = await createTestDatabase();
  outbox = recordingJobs(database);
  await db().insert(siteSettings).values(sampleSiteSettings).onConflictDoNothing();
  await loadPeppolRules();
});
afterAll(async () => {
  await database?.close();
});

type PartnerSetup = {
  name: string;
  tier: "basic" | "premium";
  share: number | null;
  vatStatus: "registered" | "exempt";
  fiCreditorNumber: string | null;
  prices: number[];
};

/** Premium and basic, registered and exempt; prices with odd øre so every rounding is exercised. */
const SETUPS: PartnerSetup[] = [
  {
    name: "Premium Registered",
    tier: "premium",
    share: 12,
    vatStatus: "registered",
    fiCreditorNumber: "85412345",
    prices: [123_457, 400_000, 99_999],
  },
  {
    name: "Premium Exempt",
    tier: "premium",
    share: 7,
    vatStatus: "exempt",
    fiCreditorNumber: null,
    prices: [250_050, 87_503, 310_001],
  },
  {
    name: "Basic Registered",
    tier: "basic",
    share: null,
    vatStatus: "registered",
    fiCreditorNumber: null,
    prices: [450_000, 12_345, 200_002],
  },
  {
    name: "Basic Exempt",
    tier: "basic",
    share: null,
    vatStatus: "exempt",
    fiCreditorNumber: "85412345",
    prices: [150_075, 333_333, 75_000],
  },
  {
    name: "Premium Round",
    tier: "premium",
    share: 33,
    vatStatus: "registered",
    fiCreditorNumber: null,
    prices: [100_001, 55_555, 999_999],
  },
];

type Partner = { id: string; setup: PartnerSetup; events: string[]; organiser: Actor };
type Booking = { registrationId: string; userId: string; partner: number; event: number; active: boolean };

type Operation = {
  kind: "book" | "cancel" | "move" | "credit";
  month: number;
  day: number;
  partner: number;
  event: number;
  pick: number;
  permille: number;
  ean: boolean;
};

const operation: fc.Arbitrary<Operation> = fc.record({
  kind: fc.constantFrom<Operation["kind"]>(
    "book",
    "book",
    "book",
    "book",
    "cancel",
    "cancel",
    "move",
    "credit",
    "credit",
  ),
  month: fc.integer({ min: 0, max: MONTHS.length - 1 }),
  day: fc.integer({ min: 1, max: 28 }),
  partner: fc.integer({ min: 0, max: SETUPS.length - 1 }),
  event: fc.integer({ min: 0, max: 2 }),
  pick: fc.nat(),
  permille: fc.integer({ min: 1, max: 700 }),
  ean: fc.boolean(),
});

const form = (teamName: string, ean: boolean) => ({
  teamName,
  company: "Nordlys ApS",
  billingCompany: ean ? "Aarhus Kommune" : "Nordlys ApS",
  ...invoiceAddress,
  cvr: "35954716",
  ...(ean ? { ean: "5798005770008", personReference: "Mette Holm", poReference: "PO-118" } : {}),
  billingEmail: "bogholderi@nordlys.example",
  captainName: "Captain",
  captainEmail: "captain@nordlys.example",
  captainPhone: "+45 11 22 33 44",
  [rosterFieldName(0, "name")]: "Captain",
  acceptTerms: "on",
});

let userCount = 0;
async function createUser(): Promise<string> {
  userCount += 1;
  const id = `property-${userCount}-${randomUUID().slice(0, 6)}`;
  await db()
    .insert(users)
    .values({ id, name: `Booker ${userCount}`, email: `${id}@example.dk`, emailVerified: true });
  return id;
}

async function createPartners(): Promise<Partner[]> {
  const created: Partner[] = [];
  for (const setup of SETUPS) {
    const partner = await createTestPartner(db(), setup.name, {
      tier: setup.tier,
      revenueSharePercent: setup.share,
    });
    await createBillingProfile(db(), partner.id, {
      vatStatus: setup.vatStatus,
      fiCreditorNumber: setup.fiCreditorNumber,
      invoicePrefix: `P${created.length}-`,
    });
    const events: string[] = [];
    for (const priceMinor of setup.prices) {
      // Events in December: every operation (May to August) is before their deadlines.
      const event = await createTestEvent(db(), partner.id, {
        now: new Date("2027-11-01T10:00:00Z"),
        priceMinor,
        maxTeams: 10_000,
      });
      events.push(event.id);
    }
    const userId = await createUser();
    await db().insert(partnerMembers).values({ partnerId: partner.id, userId });
    created.push({
      id: partner.id,
      setup,
      events,
      organiser: { userId, role: "partner", partnerIds: [partner.id] },
    });
  }
  return created;
}

/** Noon in Copenhagen on the operation's day: its documents are dated that day. */
const momentOf = (op: Operation) => {
  const [year, month] = MONTHS[op.month]!.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1, op.day, 10, 0, 0));
};

/** "1234,56": an amount as the credit form takes it. */
const kroner = (minor: number) => `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, "0")}`;

/** share × net / 100, half up, computed apart from the code under test (integers as BigInt). */
function halfUpPercent(netMinor: number, percent: number): number {
  const product = BigInt(netMinor) * BigInt(percent);
  return Number((product * 2n + 100n) / 200n);
}

describe("monthly statements over random operations", () => {
  it("reconcile to the øre: totals from the documents' lines, the commission, every document in one statement", async () => {
    const started = performance.now();
    const partners = await createPartners();
    const figures = { operations: 0, refused: 0, byKind: { book: 0, cancel: 0, move: 0, credit: 0 } };

    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: OPERATIONS, maxLength: OPERATIONS }),
        async (drawn) => {
          // Operations run in the order of their days, as time passes.
          const ops = drawn
            .map((op, index) => ({ op, index }))
            .sort((a, b) => a.op.month - b.op.month || a.op.day - b.op.day || a.index - b.index)
            .map(({ op }) => op);
          const bookings: Booking[] = [];
          for (const op of ops) {
            figures.operations += 1;
            figures.byKind[op.kind] += 1;
            const partner = partners[op.partner]!;
            const now = momentOf(op);
            const own = bookings.filter((booking) => booking.partner === op.partner && booking.active);
            try {
              if (op.kind === "book" || own.length === 0) {
                const userId = await createUser();
                const { registration } = await registerTeam(services(), {
                  actor: userActor(userId),
                  eventId: partner.events[op.event]!,
                  input: form(`Team ${userCount}`, op.ean),
                  idempotencyKey: randomUUID(),
                  joinWaitlist: false,
                  now,
                });
                await outbox.finishBookings();
                bookings.push({
                  registrationId: registration.id,
                  userId,
                  partner: op.partner,
                  event: op.event,
                  active: true,
                });
              } else if (op.kind === "cancel") {
                const booking = own[op.pick % own.length]!;
                await cancelRegistration(services(), {
                  actor: userActor(booking.userId),
                  registrationId: booking.registrationId,
                  now,
                });
                booking.active = false;
              } else if (op.kind === "move") {
                const booking = own[op.pick % own.length]!;
                const target = (booking.event + 1 + (op.event % 2)) % partner.events.length;
                await moveRegistration(services(), {
                  actor: partner.organiser,
                  registrationId: booking.registrationId,
                  input: { targetEventId: partner.events[target] },
                  now,
                });
                booking.event = target;
              } else {
                const sold = await db()
                  .select({ id: invoices.id, netMinor: invoices.netMinor })
                  .from(invoices)
                  .where(and(eq(invoices.sellerPartnerId, partner.id), eq(invoices.kind, "invoice")));
                const invoice = sold[op.pick % sold.length]!;
                const amount = Math.max(1, Math.floor((invoice.netMinor * op.permille) / 1000));
                await issueCreditNote(services(), {
                  actor: partner.organiser,
                  invoiceId: invoice.id,
                  input: { amount: kroner(amount), reason: "Partial credit in the property test" },
                  now,
                });
              }
            } catch (error) {
              // A refused step (more than is left to credit, an invoice credited in full) is an
              // answer of the command, not a fault; it must change nothing, which the checks below cover.
              if (!isAppError(error) || error.status >= 500) throw error;
              figures.refused += 1;
            }
          }
        },
      ),
      { numRuns: 1, endOnFailure: true },
    );
    const operationsDone = performance.now();

    for (const [index, month] of MONTHS.entries()) {
      const next = MONTHS[index + 1] ?? "2027-09-01";
      // 05:00 on the 1st of the next month in Copenhagen (summer time, UTC+2).
      await makeMonthlyStatements(services(), { now: new Date(`${next}T03:00:00Z`), month });
    }
    // A second run of every month changes nothing.
    const rclBefore = await db().select().from(documentSeries).where(eq(documentSeries.key, "rcl"));
    for (const [index, month] of MONTHS.entries()) {
      const next = MONTHS[index + 1] ?? "2027-09-01";
      expect(await makeMonthlyStatements(services(), { now: new Date(`${next}T03:00:00Z`), month })).toEqual(
        [],
      );
    }
    expect(await db().select().from(documentSeries).where(eq(documentSeries.key, "rcl"))).toEqual(rclBefore);

    const partnerIds = partners.map((partner) => partner.id);
    const documents = await db()
      .select()
      .from(invoices)
      .where(and(inArray(invoices.sellerPartnerId, partnerIds), eq(invoices.purpose, "booking")));
    const statements = await db()
      .select()
      .from(partnerStatements)
      .where(inArray(partnerStatements.partnerId, partnerIds));
    const links = await db().select().from(statementDocuments);
    const commissionInvoices = await db()
      .select()
      .from(invoices)
      .where(and(isNull(invoices.sellerPartnerId), eq(invoices.purpose, "commission")));

    // Every document in exactly one statement: its seller's, for the month of its issue date.
    const statementById = new Map(statements.map((statement) => [statement.id, statement]));
    const linksByDocument = new Map<string, string[]>();
    for (const link of links)
      linksByDocument.set(link.invoiceId, [...(linksByDocument.get(link.invoiceId) ?? []), link.statementId]);
    for (const document of documents) {
      const held = linksByDocument.get(document.id) ?? [];
      expect(held, `${document.number} is in one statement`).toHaveLength(1);
      const statement = statementById.get(held[0]!)!;
      expect(statement.partnerId).toBe(document.sellerPartnerId);
      expect(statement.month).toBe(`${document.issueDate.slice(0, 7)}-01`);
    }

    // Each statement's totals are its documents' lines, summed here; the commission as the ADR says.
    const documentById = new Map(documents.map((document) => [document.id, document]));
    const commissionById = new Map(commissionInvoices.map((invoice) => [invoice.id, invoice]));
    let notReconciled = 0;
    for (const statement of statements) {
      const mine = links
        .filter((link) => link.statementId === statement.id)
        .map((link) => documentById.get(link.invoiceId)!);
      let net = 0;
      let vat = 0;
      for (const document of mine) {
        const sign = document.kind === "credit_note" ? -1 : 1;
        for (const line of document.content.lines) {
          net += sign * line.netMinor;
          vat += sign * line.vatMinor;
        }
      }
      const setup = partners.find((partner) => partner.id === statement.partnerId)!.setup;
      const share = setup.tier === "premium" ? setup.share : null;
      const commissionNet = share !== null && net > 0 ? halfUpPercent(net, share) : 0;
      const commissionVat = halfUpPercent(commissionNet, 25);
      const expected = {
        netMinor: net,
        vatMinor: vat,
        grossMinor: net + vat,
        revenueSharePercent: share,
        commissionNetMinor: commissionNet,
        commissionVatMinor: commissionVat,
        partnerKeepsMinor: net + vat - commissionNet - commissionVat,
      };
      const actual = {
        netMinor: statement.netMinor,
        vatMinor: statement.vatMinor,
        grossMinor: statement.grossMinor,
        revenueSharePercent: statement.revenueSharePercent,
        commissionNetMinor: statement.commissionNetMinor,
        commissionVatMinor: statement.commissionVatMinor,
        partnerKeepsMinor: statement.partnerKeepsMinor,
      };
      if (JSON.stringify(actual) !== JSON.stringify(expected)) notReconciled += 1;
      expect(actual, `statement ${statement.month} of ${setup.name}`).toEqual(expected);

      // A commission invoice exactly when there is a commission, for that amount, from RCL to the partner.
      if (commissionNet > 0) {
        const invoice = commissionById.get(statement.commissionInvoiceId ?? "");
        expect(invoice).toMatchObject({
          kind: "invoice",
          seriesKey: "rcl",
          buyerPartnerId: statement.partnerId,
          netMinor: commissionNet,
          vatMinor: commissionVat,
          grossMinor: commissionNet + commissionVat,
        });
        const lines = invoice!.content.lines;
        expect(lines.reduce((sum, line) => sum + line.netMinor, 0)).toBe(commissionNet);
        expect(lines.reduce((sum, line) => sum + line.vatMinor, 0)).toBe(commissionVat);
      } else {
        expect(statement.commissionInvoiceId).toBeNull();
      }
    }
    // RCL's series holds the commission invoices without a gap.
    const rclNumbers = commissionInvoices.map((invoice) => invoice.sequenceNumber).sort((a, b) => a - b);
    expect(rclNumbers).toEqual(rclNumbers.map((_, index) => index + 1));
    const statementsDone = performance.now();

    // The official rules, in one batch: every commission invoice and a sample of the rest.
    const sample = [
      ...commissionInvoices,
      ...documents.filter((_, index) => index % BOOKING_UBL_SAMPLE_EVERY === 0),
    ];
    const failures: string[] = [];
    for (const document of sample) {
      for (const failure of await validateUbl(toUbl(document.content))) {
        failures.push(
          `${document.number}: ${failure.ruleSet} ${failure.rule} (${failure.flag}) ${failure.text}`,
        );
      }
    }
    const finished = performance.now();

    const credits = documents.filter((document) => document.kind === "credit_note").length;
    console.log(
      [
        `Settlement property test: ${figures.operations} random operations`,
        `(${figures.byKind.book} bookings, ${figures.byKind.cancel} cancellations, ${figures.byKind.move} moves, ${figures.byKind.credit} partial credits drawn; ${figures.refused} refused by the commands)`,
        `across ${partners.length} partners and ${MONTHS.length} months;`,
        `${documents.length} booking documents (${documents.length - credits} invoices, ${credits} credit notes),`,
        `${statements.length} statements, ${commissionInvoices.length} commission invoices;`,
        `${notReconciled} statements not reconciling;`,
        `UBL checked: ${sample.length} documents (${commissionInvoices.length} commission, ${sample.length - commissionInvoices.length} booking), ${failures.length} rule failures;`,
        `operations ${((operationsDone - started) / 1000).toFixed(1)} s, statements and checks ${((statementsDone - operationsDone) / 1000).toFixed(1)} s, UBL ${((finished - statementsDone) / 1000).toFixed(1)} s.`,
      ].join(" "),
    );
    expect(failures).toEqual([]);
    expect(figures.operations).toBeGreaterThanOrEqual(OPERATIONS);
    expect(statements.length).toBeGreaterThan(0);
    expect(commissionInvoices.length).toBeGreaterThan(0);
  }, 600_000);
});
