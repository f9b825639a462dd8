import { and, eq, sql } from "drizzle-orm";
import { copenhagenDate, dateKey } from "~/lib/calendar-date";
import { textsIn } from "~/lib/content-language";
import { formatDate } from "~/lib/dates";
import type { Locale } from "~/lib/i18n/locale";
import { formatMoneyExact } from "~/lib/money";
import { m } from "~/paraglide/messages";
import type { EventRow, TeamRegistration, Transaction } from "#server/db/rows";
import { discountCodes, invoices } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { type BuyerSnapshot, type DocumentLine, discountLine, documentLine } from "./document";
import { type InvoiceRow, issueDocument } from "./issue-document";
import { partnerSeller, type SellerTerms } from "./sellers";

/** The buyer as the booking's invoice details name it. */
function bookingBuyer(registration: TeamRegistration): BuyerSnapshot {
  return {
    name: registration.billingCompany ?? registration.company,
    addressLine: registration.billingAddressLine,
    postalCode: registration.billingPostalCode,
    city: registration.billingCity,
    countryCode: "DK",
    cvr: registration.cvr,
    ean: registration.ean,
    personReference: registration.personReference,
    orderNumber: registration.poReference,
    email: registration.billingEmail,
  };
}

/**
 * The seller that will invoice a place just confirmed, read before anything is issued: none
 * for a free event, none yet while the partner's billing is not confirmed (its bookings are
 * invoiced then; see `issueMissingInvoices`), and none when the place already has an
 * invoice not credited in full.
 */
async function bookingInvoiceSeller(
  tx: Transaction,
  { registration, event }: { registration: TeamRegistration; event: EventRow },
): Promise<SellerTerms | null> {
  if (event.priceMinor === 0 || registration.status !== "confirmed") return null;
  const terms = await partnerSeller(tx, event.partnerId);
  if (!terms) return null;
  if (await hasOpenInvoice(tx, registration.id)) return null;
  return terms;
}

/**
 * The booking's discount code as a line under the place's: "Rabat SOMMER (10 %)", less
 * the discount the booking stored (never more than the place's price now). None without one.
 */
async function discountLines(
  tx: Transaction,
  registration: TeamRegistration,
  place: DocumentLine,
  locale: Locale,
): Promise<DocumentLine[]> {
  const discountMinor = Math.min(registration.discountMinor, place.netMinor);
  if (discountMinor <= 0 || !registration.discountCodeId) return [];
  const [code] = await tx
    .select({ code: discountCodes.code, kind: discountCodes.kind, percent: discountCodes.percent })
    .from(discountCodes)
    .where(eq(discountCodes.id, registration.discountCodeId));
  if (!code) throw new Error(`The discount code of ${registration.reference} cannot be read.`);
  const description =
    code.kind === "percent" && code.percent !== null
      ? m.invoice_line_discount_percent({ code: code.code, percent: code.percent }, { locale })
      : m.invoice_line_discount_amount(
          { code: code.code, amount: formatMoneyExact(discountMinor, "DKK", locale) },
          { locale },
        );
  return [discountLine(description, place, discountMinor)];
}

/**
 * The invoice for a team's place, issued in the transaction that confirms it (a booking,
 * a promotion from the waitlist, a move): in the partner's name and series, to the
 * booking's invoice details, in the booking's language, one line for the place and one
 * for its discount code, if any. Null when
 * `bookingInvoiceSeller` finds no seller; a caller that read it already passes it.
 */
export async function issueBookingInvoice(
  tx: Transaction,
  jobs: MailQueue,
  {
    id,
    registration,
    event,
    now,
    seller,
  }: { id?: string; registration: TeamRegistration; event: EventRow; now: Date; seller?: SellerTerms | null },
): Promise<InvoiceRow | null> {
  const terms = seller === undefined ? await bookingInvoiceSeller(tx, { registration, event }) : seller;
  if (!terms) return null;
  const locale = registration.language;
  const { title } = textsIn(event, locale);
  const description = m.invoice_line_team_place(
    {
      event: title,
      date: formatDate(event.startsAt, locale),
      team: registration.teamName,
      reference: registration.reference,
    },
    { locale },
  );
  const place = documentLine(description, 1, event.priceMinor, terms.seller.vatStatus);
  return issueDocument(tx, jobs, {
    id,
    kind: "invoice",
    purpose: "booking",
    terms,
    buyer: bookingBuyer(registration),
    lines: [place, ...(await discountLines(tx, registration, place, locale))],
    language: locale,
    deliveryDate: dateKey(copenhagenDate(event.startsAt)),
    reference: registration.reference,
    registrationId: registration.id,
    bookerUserId: registration.userId,
    eventId: event.id,
    now,
  });
}

/** Whether the booking holds an invoice for this event that credit notes have not reduced to nothing. */
async function hasOpenInvoice(tx: Transaction, registrationId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.registrationId, registrationId),
        eq(invoices.kind, "invoice"),
        sql`${invoices.netMinor} > coalesce((select sum(c.net_minor) from invoices c
          where c.credits_invoice_id = ${invoices.id}), 0)`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
