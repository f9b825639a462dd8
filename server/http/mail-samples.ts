import {
  applicationAcknowledgementMail,
  applicationDeclinedMail,
  applicationReceivedMail,
} from "#server/applications/emails";
import { NON_SWIMMER_RULE_DA, NON_SWIMMER_RULE_EN, type payments } from "#server/db/schema";
import {
  holdEndedMail,
  latePaymentMail,
  payForPlaceMail,
  refundMadeMail,
} from "#server/online-payments/emails";
import { DEFAULT_REFUND_POLICY } from "~/lib/billing/refund-policy";
import { existingAccountMail, passwordResetMail, verificationMail } from "#server/auth/emails";
import type { EventRow, TeamRegistration } from "#server/db/rows";
import {
  decisionMail,
  eventCancelledMails,
  eventChangedMails,
  submittedMail,
  type EventDecision,
} from "#server/events/event-emails";
import { contactMessageMail, inquiryReplyMail, partnerInquiryMail } from "#server/inquiries/emails";
import {
  partnerAccessGrantedMail,
  partnerInvitationMail,
  passwordAlreadySetMail,
} from "#server/invitations/emails";
import { invitationUrl } from "#server/invitations/tokens";
import { participantMessageMail } from "#server/messages/emails";
import { type DocumentContent, documentLine, totalsOf } from "#server/invoices/document";
import { documentMail } from "#server/invoices/emails";
import { invoiceReminderMail } from "#server/invoices/send-invoice-reminders";
import type { InvoiceRow } from "#server/invoices/issue-document";
import { statementFigures } from "#server/settlements/commission";
import { statementMail } from "#server/settlements/emails";
import type { StatementContents } from "#server/settlements/statement-contents";
import { partnerStatusMail } from "#server/partners/emails";
import { crewLinkMail, seatLinkMail } from "#server/seats/emails";
import { movedMail, rowerCancelledMail } from "#server/weather/weather-emails";
import {
  arrivalInfoMail,
  cancellationMails,
  confirmationMail,
  movedMails,
  organiserCancellationMails,
  organiserConfirmationMails,
  partnerNoticeMails,
  promotionMails,
  rosterReminderMail,
  type Booking,
  type PartnerNotice,
} from "#server/registrations/emails";
import type { MailDraft } from "#server/email/templates";
import { BASE_LOCALE, type Locale } from "~/lib/i18n/locale";

/**
 * One sample of every mail the site sends, built by the same functions the commands call
 * (every mail's words live in one builder in a domain's `emails.ts`), on a made-up
 * partner, event and booking: the development preview (/dev/mail) shows them, and the
 * tests render each one and check that no builder is left without a sample. Each is built
 * for a recipient who reads `locale` (English unless given; the preview's `?lang=da`).
 */
const BASE_URL = "http://localhost:3000";
/** Signs the sample links: a sample's link opens nothing on any site. */
const SAMPLE_LINK_SECRET = "sample-mail-links-open-nothing";

const event: EventRow = {
  id: "00000000-0000-4000-8000-000000000001",
  slug: "sunrise-regatta",
  language: "en",
  title: "Sunrise Regatta on the Harbour",
  titleTranslation: "Solopgangsregatta i havnen",
  description: "A morning of rowing for corporate teams.",
  descriptionTranslation: "En morgen med roning for firmahold.",
  detailedDescriptionHtml: "",
  detailedDescriptionHtmlTranslation: "",
  type: "traditional_rowing",
  status: "published",
  isNetworking: false,
  partnerId: "00000000-0000-4000-8000-000000000002",
  location: "Københavns Roklub, Strandvænget 51, 2100 København Ø",
  locationTranslation: "",
  locationDetails: "",
  locationDetailsTranslation: "",
  meetingPoint: "The boathouse ramp, gate B",
  meetingPointTranslation: "Bådhusets rampe, låge B",
  image: null,
  startsAt: new Date("2026-06-12T06:00:00Z"),
  endsAt: new Date("2026-06-12T10:00:00Z"),
  registrationDeadline: new Date("2026-06-01T21:59:00Z"),
  backupStartsAt: null,
  backupEndsAt: null,
  priceMinor: 1_200_000,
  currency: "DKK",
  maxTeams: 12,
  maxTeamsPerAccount: 5,
  teamSize: 9,
  schedule: [
    { time: "08:00", activity: "Arrival and coffee" },
    { time: "08:30", activity: "Safety briefing" },
  ],
  faqs: [],
  rowerQuestions: [],
  cancellationTerms: null,
  cancellationTermsTranslation: "",
  reviewNote: null,
  submittedAt: null,
  publishedAt: new Date("2026-03-01T09:00:00Z"),
  cancelledAt: null,
  cancellationReason: null,
  version: 1,
  calendarSequence: 0,
  maxWindMs: null,
  maxGustMs: null,
  minWaterC: null,
  forecastLat: null,
  forecastLon: null,
  nonSwimmers: "with_rule",
  nonSwimmerRule: NON_SWIMMER_RULE_EN,
  nonSwimmerRuleTranslation: NON_SWIMMER_RULE_DA,
  createKey: null,
  refundPolicy: [...DEFAULT_REFUND_POLICY],
  paymentMethods: "both",
  createdAt: new Date("2026-02-20T09:00:00Z"),
  updatedAt: new Date("2026-03-01T09:00:00Z"),
};

const registration: TeamRegistration = {
  id: "00000000-0000-4000-8000-000000000003",
  reference: "RCL-7K3M9Q",
  eventId: event.id,
  userId: "sample-user",
  teamName: "Nyhavn Navigators",
  company: "Nyhavn Legal ApS",
  status: "confirmed",
  captainTokenVersion: 1,
  captainInvitedAt: null,
  billingCompany: "Nyhavn Legal ApS",
  billingAddressLine: "Nyhavn 17",
  billingPostalCode: "1051",
  billingCity: "København K",
  cvr: "12345674",
  ean: "5790000123452",
  poReference: "PO-2026-17",
  personReference: "Astrid Holm",
  billingEmail: "invoices@nyhavn-legal.example",
  captainName: "Astrid Holm",
  captainEmail: "astrid.holm@nyhavn-legal.example",
  captainPhone: "+45 12 34 56 78",
  roster: [{ name: "Astrid Holm" }, { name: "Jonas Berg" }],
  notes: null,
  language: "en",
  idempotencyKey: null,
  paymentMethod: "invoice",
  heldUntil: null,
  refundPolicy: [...DEFAULT_REFUND_POLICY],
  discountCodeId: null,
  discountMinor: 0,
  cancelledAt: null,
  rosterReminderSentAt: null,
  arrivalInfoSentAt: null,
  bookingFinishedAt: null,
  movedByWeatherAt: null,
  createdAt: new Date("2026-03-05T09:00:00Z"),
  updatedAt: new Date("2026-03-05T09:00:00Z"),
};

const booking: Booking = {
  registration,
  event,
  organizerName: "Københavns Roklub",
  vatStatus: "registered",
  bookerEmail: "booker@nyhavn-legal.example",
};
const context = { baseUrl: BASE_URL };
const now = new Date("2026-05-01T09:00:00Z");
const member = (locale: Locale) => ({ email: "member@roklub.example", locale });
const memberEmails = (locale: Locale) => [member(locale)];
/** The booking, made in `locale`. */
/** A card payment of the sample booking, as its provider's webhook left it. */
const samplePayment: typeof payments.$inferSelect = {
  id: "00000000-0000-4000-8000-000000000060",
  registrationId: registration.id,
  bookerUserId: registration.userId,
  partnerId: "00000000-0000-4000-8000-000000000051",
  eventId: event.id,
  provider: "test",
  checkoutId: "tp_cs_sample",
  checkoutUrl: `${BASE_URL}/test-payment/tp_cs_sample`,
  providerPaymentId: "tp_pi_sample",
  method: "card",
  status: "paid",
  netMinor: 400_000,
  vatMinor: 100_000,
  amountMinor: 500_000,
  currency: "DKK",
  applicationFeeMinor: 0,
  destinationAccountId: null,
  invoiceId: null,
  failureReason: null,
  paidAt: new Date("2026-03-05T09:05:00Z"),
  createdAt: new Date("2026-03-05T09:00:00Z"),
  updatedAt: new Date("2026-03-05T09:05:00Z"),
};

const bookingIn = (locale: Locale): Booking => ({
  ...booking,
  registration: { ...registration, language: locale },
});

const partnerName = booking.organizerName;
const adminEmail = "admin@rethinkcorporatelife.example";
const inbox = "hello@rethinkcorporatelife.example";
const application = {
  organizationName: "Svanemøllen Rowing Club",
  organizationType: "rowing_club" as const,
  location: "København Ø",
  website: "svanemollen-roklub.example",
  contactName: "Mikkel Dahl",
  email: "mikkel@svanemollen-roklub.example",
  phone: "+45 87 65 43 21",
  description: "A rowing club on the Svanemølle harbour with 14 coastal boats and certified coaches.",
  message: "We would like to host corporate regattas on Friday afternoons from May to September.",
};
const inquiry = {
  name: "Sofie Lund",
  email: "sofie.lund@nyhavn-legal.example",
  company: "Nyhavn Legal ApS",
  subject: `Inquiry for ${partnerName}`,
  message: "Could you host a team day for 30 people in August?\n\nWe are flexible on the date.",
  preferredDate: "2026-08-14",
  groupSize: 30,
  createdAt: new Date("2026-04-20T08:15:00Z"),
};

/** Each notice once; as a record, a new kind of notice fails to compile until it has a sample. */
const notices: Record<PartnerNotice, true> = {
  booked: true,
  waitlisted: true,
  cancelled: true,
  promoted: true,
};

/** Each decision once; the record makes a new decision fail to compile until it has a sample. */
const decisionNotes: Record<EventDecision, string | undefined> = {
  approved: undefined,
  changes_approved: undefined,
  changes_requested: "Please add the meeting point and how long the safety briefing takes.",
  changes_to_changes_requested: "The new start time clashes with the harbour's opening hours.",
  unpublished: "The venue has withdrawn its permission for this date.",
  cancelled: "Storm warning",
};

type Sample = (locale?: Locale) => MailDraft;

/** An issued invoice of the sample booking, and the credit note that cancels it, in `locale`. */
function sampleDocument(kind: InvoiceRow["kind"], locale: Locale): InvoiceRow {
  const lines = [
    documentLine(`${event.title} (${registration.reference})`, 1, event.priceMinor, "registered"),
  ];
  const totals = totalsOf(lines);
  const content: DocumentContent = {
    kind,
    number: kind === "invoice" ? "KR-0042" : "KR-0043",
    issueDate: "2026-03-02",
    deliveryDate: "2026-06-13",
    dueDate: kind === "invoice" ? "2026-03-16" : null,
    currency: "DKK",
    language: locale,
    seller: {
      name: partnerName,
      addressLine: "Strandvænget 46",
      postalCode: "2100",
      city: "København Ø",
      countryCode: "DK",
      cvr: "29403473",
      vatStatus: "registered",
      email: "kasserer@roklub.example",
      bankRegistration: "1551",
      bankAccount: "3456789",
      fiCreditorNumber: "85412345",
    },
    buyer: {
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
    },
    lines,
    totals,
    paymentReference:
      kind === "invoice"
        ? {
            kind: "fik71",
            paymentId: "000000000000426",
            creditorNumber: "85412345",
            line: "+71<000000000000426+85412345<",
          }
        : null,
    creditedInvoice: kind === "invoice" ? null : { number: "KR-0042", issueDate: "2026-03-02" },
    reason: kind === "invoice" ? null : "The booking was cancelled",
    reference: registration.reference,
    note: null,
  };
  return {
    id: "00000000-0000-4000-8000-000000000042",
    kind,
    purpose: "booking",
    seriesKey: "partner:sample",
    sequenceNumber: kind === "invoice" ? 42 : 43,
    number: content.number,
    sellerPartnerId: null,
    buyerPartnerId: null,
    registrationId: registration.id,
    bookerUserId: registration.userId,
    eventId: event.id,
    creditsInvoiceId: kind === "invoice" ? null : "00000000-0000-4000-8000-000000000041",
    language: locale,
    issueDate: content.issueDate,
    deliveryDate: content.deliveryDate,
    dueDate: content.dueDate,
    currency: "DKK",
    netMinor: totals.netMinor,
    vatMinor: totals.vatMinor,
    grossMinor: totals.grossMinor,
    buyerEan: registration.ean,
    paymentId: kind === "invoice" ? "000000000000426" : null,
    content,
    issuedBy: null,
    createdAt: new Date("2026-03-02T09:00:00Z"),
  };
}

/** A premium partner's statement for February 2026: two places sold, one credited, 12 % share. */
function sampleStatement(locale: Locale): StatementContents {
  const invoice = sampleDocument("invoice", locale);
  const credit = sampleDocument("credit_note", locale);
  const document = (row: InvoiceRow, sign: number, number: string) => ({
    id: `${row.id}-${number}`,
    kind: row.kind,
    number,
    issueDate: "2026-02-12",
    event: event.title,
    reference: registration.reference,
    netMinor: sign * row.netMinor,
    vatMinor: sign * row.vatMinor,
    grossMinor: sign * row.grossMinor,
  });
  const documents = [
    document(invoice, 1, "KR-0040"),
    document(invoice, 1, "KR-0041"),
    document(credit, -1, "KR-0043"),
  ];
  const figures = statementFigures(
    {
      netMinor: documents.reduce((sum, row) => sum + row.netMinor, 0),
      vatMinor: documents.reduce((sum, row) => sum + row.vatMinor, 0),
    },
    12,
  );
  return {
    statement: {
      id: "00000000-0000-4000-8000-000000000050",
      partnerId: "00000000-0000-4000-8000-000000000051",
      month: "2026-02-01",
      ...figures,
      onlineCollectedMinor: 0,
      applicationFeesMinor: 0,
      payoutMinor: 0,
      commissionInvoiceId: "00000000-0000-4000-8000-000000000052",
      createdAt: new Date("2026-03-01T04:00:00Z"),
    },
    language: locale,
    partner: invoice.content.seller,
    documents,
    commissionInvoice: {
      id: "00000000-0000-4000-8000-000000000052",
      number: "RCL-0007",
      dueDate: "2026-03-15",
    },
  };
}

export const sampleMails: Record<string, Sample> = {
  "account-verification": (locale = BASE_LOCALE) =>
    verificationMail("new@example.com", `${BASE_URL}/verify?token=sample`, locale),
  "account-password-reset": (locale = BASE_LOCALE) =>
    passwordResetMail(
      registration.captainEmail!,
      `${BASE_URL}/api/auth/reset-password/sample?callbackURL=%2Freset-password`,
      locale,
    ),
  "account-exists": (locale = BASE_LOCALE) =>
    existingAccountMail(registration.captainEmail!, BASE_URL, locale),
  "partner-invitation": (locale = BASE_LOCALE) =>
    partnerInvitationMail(
      "member",
      "member@roklub.example",
      partnerName,
      invitationUrl(BASE_URL, "sample"),
      locale,
    ),
  "partner-access-granted": (locale = BASE_LOCALE) =>
    partnerAccessGrantedMail("member", "member@roklub.example", partnerName, BASE_URL, locale),
  "check-in-invitation": (locale = BASE_LOCALE) =>
    partnerInvitationMail(
      "check_in",
      "staff@roklub.example",
      partnerName,
      invitationUrl(BASE_URL, "sample"),
      locale,
    ),
  "check-in-access-granted": (locale = BASE_LOCALE) =>
    partnerAccessGrantedMail("check_in", "staff@roklub.example", partnerName, BASE_URL, locale),
  "partner-invitation-password-set": (locale = BASE_LOCALE) =>
    passwordAlreadySetMail("member@roklub.example", partnerName, BASE_URL, locale),
  "partner-paused": (locale = BASE_LOCALE) => partnerStatusMail(member(locale), partnerName, true, BASE_URL),
  "partner-resumed": (locale = BASE_LOCALE) =>
    partnerStatusMail(member(locale), partnerName, false, BASE_URL),
  "booking-confirmed": (locale = BASE_LOCALE) => confirmationMail(bookingIn(locale), context),
  "booking-waitlisted": (locale = BASE_LOCALE) =>
    confirmationMail(
      { ...booking, registration: { ...registration, status: "waitlisted", language: locale } },
      context,
    ),
  "booking-promoted": (locale = BASE_LOCALE) =>
    promotionMails(
      {
        organizerName: partnerName,
        vatStatus: booking.vatStatus,
        memberEmails: memberEmails(locale),
        booking: (promoted, at = event) => ({ ...booking, registration: promoted, event: at }),
      },
      [{ ...registration, language: locale }],
      context,
      now,
    )[0]!,
  "booking-cancelled": (locale = BASE_LOCALE) => cancellationMails(bookingIn(locale), context)[0]!,
  "booking-cancelled-by-organiser": (locale = BASE_LOCALE) =>
    organiserCancellationMails(bookingIn(locale), "The boat is broken", context)[0]!,
  "booking-confirmed-by-organiser": (locale = BASE_LOCALE) =>
    organiserConfirmationMails(bookingIn(locale), context, now)[0]!,
  "booking-moved": (locale = BASE_LOCALE) =>
    movedMails(bookingIn(locale), { ...event, title: "Spring Regatta" }, context)[0]!,
  "payment-hold-ended": (locale = BASE_LOCALE) =>
    holdEndedMail(
      { ...booking, registration: { ...registration, status: "cancelled", language: locale } },
      context,
    ),
  "payment-pay-for-place": (locale = BASE_LOCALE) =>
    payForPlaceMail(
      {
        ...booking,
        registration: {
          ...registration,
          status: "held",
          heldUntil: new Date(now.getTime() + 24 * 60 * 60 * 1000),
          language: locale,
        },
      },
      context,
    ),
  "payment-late-refunded": (locale = BASE_LOCALE) =>
    latePaymentMail(
      { ...booking, registration: { ...registration, status: "cancelled", language: locale } },
      samplePayment,
      context,
    ),
  "payment-refund-made": (locale = BASE_LOCALE) => refundMadeMail(bookingIn(locale), 250_000, context),
  ...Object.fromEntries(
    Object.keys(notices).map((notice): [string, Sample] => [
      `partner-notice-${notice}`,
      (locale = BASE_LOCALE) =>
        partnerNoticeMails(notice as PartnerNotice, booking, memberEmails(locale), context)[0]!,
    ]),
  ),
  "reminder-roster": (locale = BASE_LOCALE) => rosterReminderMail(bookingIn(locale), context),
  "reminder-arrival": (locale = BASE_LOCALE) => arrivalInfoMail(bookingIn(locale), context),
  "event-cancelled": (locale = BASE_LOCALE) =>
    eventCancelledMails(
      { ...event, cancelledAt: now },
      {
        registration: { ...registration, language: locale },
        bookerEmail: booking.bookerEmail,
        organizerName: booking.organizerName,
        reason: "Storm warning",
      },
      context,
    )[0]!,
  "event-changed": (locale = BASE_LOCALE) =>
    eventChangedMails(
      event,
      {
        ...event,
        startsAt: new Date("2026-06-13T07:00:00Z"),
        endsAt: new Date("2026-06-13T11:00:00Z"),
      },
      { registration: { ...registration, language: locale }, bookerEmail: booking.bookerEmail },
      partnerName,
      context,
    )[0]!,
  "seat-link": (locale = BASE_LOCALE) =>
    seatLinkMail(
      { baseUrl: BASE_URL, authSecret: SAMPLE_LINK_SECRET },
      {
        seat: {
          id: "00000000-0000-4000-8000-000000000009",
          tokenVersion: 1,
          language: locale,
          name: "Astrid Holm",
          email: "astrid@nyhavn.example",
        },
        event,
        team: registration,
        code: `${registration.reference}/1`,
      },
    ),
  "crew-link": (locale = BASE_LOCALE) =>
    crewLinkMail(
      { baseUrl: BASE_URL, authSecret: SAMPLE_LINK_SECRET },
      { to: booking.bookerEmail, registration: { ...registration, language: locale }, event },
    ),
  "weather-moved": (locale = BASE_LOCALE) =>
    movedMail(
      { to: booking.bookerEmail, locale, rower: false, registration: { ...registration, language: locale } },
      event,
      { ...event, startsAt: new Date("2026-06-20T07:00:00Z"), endsAt: new Date("2026-06-20T11:00:00Z") },
      { organizerName: partnerName, baseUrl: BASE_URL },
    ),
  "weather-moved-rower": (locale = BASE_LOCALE) =>
    movedMail(
      { to: "rower@nordlys.example", locale, rower: true, registration },
      event,
      { ...event, startsAt: new Date("2026-06-20T07:00:00Z"), endsAt: new Date("2026-06-20T11:00:00Z") },
      { organizerName: partnerName, baseUrl: BASE_URL },
    ),
  "weather-cancelled-rower": (locale = BASE_LOCALE) =>
    rowerCancelledMail(
      { to: "rower@nordlys.example", locale, rower: true, registration },
      { ...event, status: "cancelled", cancelledAt: now },
      { organizerName: partnerName, reason: "Storm warning", baseUrl: BASE_URL },
    ),
  "event-submitted": (locale = BASE_LOCALE) =>
    submittedMail({ email: adminEmail, locale }, event, partnerName, { change: false, baseUrl: BASE_URL }),
  "event-changes-submitted": (locale = BASE_LOCALE) =>
    submittedMail({ email: adminEmail, locale }, event, partnerName, { change: true, baseUrl: BASE_URL }),
  ...Object.fromEntries(
    Object.entries(decisionNotes).map(([decision, note]): [string, Sample] => [
      `event-decision-${decision.replaceAll("_", "-")}`,
      (locale = BASE_LOCALE) =>
        decisionMail(member(locale), decision as EventDecision, event, {
          baseUrl: BASE_URL,
          ...(note ? { note } : {}),
        }),
    ]),
  ),
  "participant-message": (locale = BASE_LOCALE) =>
    participantMessageMail({
      email: registration.captainEmail!,
      subject: "Parking and changing rooms on Friday",
      body: "Hello rowers,\n\nPlease park at the north lot; the changing rooms open at 07:30.\n\nSee you on the water!",
      senderEmail: "member@roklub.example",
      eventTitle: event.title,
      eventStartsAt: event.startsAt,
      partnerName,
      partnerEmail: "info@roklub.example",
      language: locale,
    }),
  "contact-message": (locale = BASE_LOCALE) =>
    contactMessageMail(
      inbox,
      {
        name: inquiry.name,
        email: inquiry.email,
        company: inquiry.company,
        subject: "Invoices for our spring bookings",
        message: "Could you send the invoices for our two spring bookings to our new billing address?",
      },
      locale,
    ),
  "partner-inquiry": (locale = BASE_LOCALE) =>
    partnerInquiryMail({ address: "info@roklub.example", inbox: false, locale }, partnerName, inquiry),
  "inquiry-reply": (locale = BASE_LOCALE) =>
    inquiryReplyMail({
      inquiry: { ...inquiry, language: locale },
      partnerName,
      reply: "Yes, 14 August works. We can take 30 people in four boats; I will send you an offer.",
      replyTo: "info@roklub.example",
    }),
  "application-received": (locale = BASE_LOCALE) => applicationReceivedMail(inbox, application, locale),
  "application-acknowledgement": (locale = BASE_LOCALE) =>
    applicationAcknowledgementMail({ ...application, language: locale }, inbox),
  invoice: (locale = BASE_LOCALE) =>
    documentMail(sampleDocument("invoice", locale), registration.billingEmail!, BASE_URL),
  "credit-note": (locale = BASE_LOCALE) =>
    documentMail(sampleDocument("credit_note", locale), registration.billingEmail!, BASE_URL),
  statement: (locale = BASE_LOCALE) =>
    statementMail(sampleStatement(locale), "kasserer@roklub.example", BASE_URL),
  // Partly paid: 1.000,00 kr. of the invoice's gross has come in.
  "invoice-reminder": (locale = BASE_LOCALE) => {
    const invoice = sampleDocument("invoice", locale);
    return invoiceReminderMail(
      { invoice, dueMinor: invoice.grossMinor - 100_000, bookerEmail: booking.bookerEmail },
      registration.billingEmail!,
    );
  },
  "application-declined": (locale = BASE_LOCALE) =>
    applicationDeclinedMail(
      { ...application, language: locale },
      "We only list clubs with their own certified coaches for now.",
    ),
};
