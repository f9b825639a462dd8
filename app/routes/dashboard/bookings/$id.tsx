import { ArrowLeft } from "~/components/icons/arrow-left";
import { Printer } from "~/components/icons/printer";
import { useMemo } from "react";
import { Form, Link, redirect } from "react-router";
import { startCheckout } from "#server/online-payments/start-checkout";
import { cancellationRefund } from "#server/registrations/cancellation-refund";
import { SubmitButton } from "~/components/ui/submit-button";
import { TestPaymentNotice } from "~/components/payments/test-payment-notice";
import { requireUser } from "#server/auth/viewer";
import { notFoundResponse, orNotFound } from "#server/http/respond";
import { redirectAfter, runIntent } from "#server/http/run-intent";
import { bookingCalendarLinks } from "#server/ics/calendar-file";
import { listBookingDocuments } from "#server/invoices/queries";
import { bookingPaymentsForBooker } from "#server/online-payments/queries";
import { cancelRegistration } from "#server/registrations/cancel-registration";
import { getMyRegistration } from "#server/registrations/queries";
import { hasTeamCode, teamCodeSvg } from "#server/qr/team-code";
import { updateRegistration } from "#server/registrations/update-registration";
import { resendSeatLink } from "#server/seats/resend-seat-link";
import { seatStatesOf } from "#server/seats/seat-states";
import { SeatStates } from "~/components/bookings/seat-states";
import { saveTeamAnswers } from "#server/questions/save-answers";
import { teamQuestionsOf } from "#server/questions/team-questions";
import { TeamQuestions } from "~/components/questions/team-questions";
import { getLocale } from "~/paraglide/runtime";
import { BookingStatus } from "~/components/bookings/booking-status";
import { BookingSummary } from "~/components/bookings/booking-summary";
import { TeamCode } from "~/components/bookings/team-code";
import { cancelQuestion, ConfirmCancelForm } from "~/components/bookings/confirm-cancel";
import { CalendarLinks } from "~/components/events/calendar-links";
import { BookingDocuments } from "~/components/invoices/booking-documents";
import { BookerPaymentDetails } from "~/components/payments/booking-payments";
import { ProfileSection } from "~/components/profile/profile-section";
import { TeamForm, type TeamFormValues } from "~/components/registrations/team-form";
import { buttonVariants } from "~/components/ui/button";
import { useConfirmStep } from "~/components/ui/confirm-step";
import { formatDate, formatInstant, formatTimeRange } from "~/lib/dates";
import { readSubmission } from "~/lib/forms/read-form.server";
import { useIsPending } from "~/lib/use-is-pending";
import { registrationUpdateSchema } from "~/lib/forms/registration-schema";
import { validateWith } from "~/lib/forms/validate";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import { BOOKINGS_PATH, bookingPath, cancelBookingPath } from "~/lib/paths";
import { teamCardPath } from "~/components/bookings/team-card-path";
import { changesClosed } from "~/lib/words/cancellation";
import { spotAfterCancelling } from "~/lib/words/waitlist";
import type { Route } from "./+types/$id";
import { formatAddress } from "~/lib/address";
import { OnlyIn } from "~/components/content/only-in";
import { localizeTexts } from "~/lib/content-language";
import { m } from "~/paraglide/messages";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireUser(request, context);
  const found = await getMyRegistration(context.db, actor, params.id);
  if (!found) throw notFoundResponse(m.bookings_not_found());
  const { registration, event, organizerName, eventHref, canEdit, canCancel, editClosed } = found;
  // The booker's language, the partner's where not translated (ADR 034).
  const shown = localizeTexts(event);
  const values: TeamFormValues = {
    teamName: registration.teamName,
    company: registration.company,
    billingCompany: registration.billingCompany ?? "",
    billingAddressLine: registration.billingAddressLine,
    billingPostalCode: registration.billingPostalCode,
    billingCity: registration.billingCity,
    cvr: registration.cvr ?? "",
    ean: registration.ean ?? "",
    poReference: registration.poReference ?? "",
    personReference: registration.personReference ?? "",
    billingEmail: registration.billingEmail ?? "",
    captainName: registration.captainName ?? "",
    captainEmail: registration.captainEmail ?? "",
    captainPhone: registration.captainPhone ?? "",
    roster: registration.roster.map((member) => ({
      id: member.id ?? "",
      name: member.name,
      email: member.email ?? "",
    })),
    notes: registration.notes ?? "",
  };
  return {
    booking: {
      id: registration.id,
      reference: registration.reference,
      status: registration.status,
      teamName: registration.teamName,
      rosterCount: registration.roster.length,
      paymentMethod: registration.paymentMethod,
      values,
      heldUntil: registration.status === "held" ? registration.heldUntil : null,
      // A confirmed team's QR code, drawn here so the page's JavaScript has no encoder.
      teamCode: hasTeamCode(registration)
        ? teamCodeSvg(registration.reference, m.team_code_label({ reference: registration.reference }))
        : null,
    },
    testPayments: context.payments.isTest,
    event: {
      title: shown.title,
      shownIn: shown.shownIn,
      status: event.status,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      registrationDeadline: event.registrationDeadline,
      location: formatAddress(shown),
      teamSize: event.teamSize,
      href: eventHref,
      // Its full address, printed after the link.
      url: eventHref && `${context.baseUrl}${eventHref}`,
    },
    // The team questions, answered here or on the captain's crew page until the event ends.
    questions: await teamQuestionsOf(context.db, { registration, event, locale: getLocale() }),
    calendar: bookingCalendarLinks(registration, event, organizerName, context.baseUrl),
    documents: await listBookingDocuments(context.db, {
      actor,
      view: "booker",
      registrationIds: [registration.id],
    }),
    payments: await bookingPaymentsForBooker(context.db, actor, registration.id),
    // Each rower's seat state (ADR 038); links are sent again only while they can open a seat.
    seats:
      registration.status === "cancelled"
        ? []
        : await seatStatesOf(context.db, {
            registrationId: registration.id,
            eventId: event.id,
            roster: registration.roster,
          }),
    linksOpen: registration.status === "confirmed" && event.endsAt > new Date(),
    canEdit,
    editClosed: editClosed && changesClosed(editClosed, event.registrationDeadline),
    canCancel,
    askCancel: canCancel && new URL(request.url).searchParams.get("cancel") === "1",
    // What cancelling now gives back, shown before the booker confirms.
    refund: canCancel ? await cancellationRefund(context.db, { registration, event }) : null,
    // Moved to its backup date for the weather: until the new start, cancelling gives all of it back.
    movedByWeather: canCancel && registration.movedByWeatherAt !== null && event.startsAt > new Date(),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireUser(request, context);
  const { submission } = await readSubmission(request);
  return runIntent(
    submission,
    {
      update: redirectAfter(bookingPath(params.id), "booking-saved", (input) =>
        updateRegistration(context, { actor, registrationId: params.id, input }),
      ),
      "resend-link": redirectAfter(`${bookingPath(params.id)}#rowers`, "seat-link-sent", (input) =>
        resendSeatLink(
          { ...context, authSecret: context.seatLinks.authSecret },
          { by: { actor, registrationId: params.id }, seatId: input.seatId },
        ),
      ),
      answers: redirectAfter(`${bookingPath(params.id)}#questions`, "answers-saved", (input) =>
        saveTeamAnswers(
          { db: context.db, authSecret: context.seatLinks.authSecret },
          { by: { actor, registrationId: params.id }, input },
        ),
      ),
      // The provider's checkout for held places; the amount is the server's, never the form's.
      pay: async () => {
        const { url } = await startCheckout(context, { actor, registrationId: params.id });
        return redirect(url);
      },
      // Only the booker gets as far as the question: the booking was found first.
      "confirm-cancel": async () => ({ confirmCancel: true as const }),
      cancel: redirectAfter(BOOKINGS_PATH, "booking-cancelled", () =>
        cancelRegistration(context, { actor, registrationId: params.id }),
      ),
    },
    {
      record: () => orNotFound(getMyRegistration(context.db, actor, params.id), m.bookings_not_found()),
    },
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => [
  ...pageMeta(baseUrlFromMatches(matches), {
    title: loaderData
      ? m.booking_meta_title({ team: loaderData.booking.teamName })
      : m.booking_meta_title_plain(),
    path: bookingPath(params.id),
  }),
  { name: "robots", content: "noindex" },
];

export default function Booking({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, event, calendar, documents, payments, canCancel, askCancel } = loaderData;
  const path = bookingPath(booking.id);

  const reply = actionData && "confirmCancel" in actionData ? null : actionData;
  const updateResult = reply?.initialValue?.intent === "update" ? reply : null;
  const cancelResult = reply?.initialValue?.intent === "cancel" ? reply : null;
  const refusal = cancelResult?.error?.[""]?.[0];
  const { question, consequence } = cancelQuestion(booking, loaderData.refund);
  const payResult = reply?.initialValue?.intent === "pay" ? reply : null;
  const resendResult = reply?.initialValue?.intent === "resend-link" ? reply : null;
  const answersResult = reply?.initialValue?.intent === "answers" ? reply : null;
  // Without JavaScript the question is this page at ?cancel=1; a form posting "confirm-cancel" asks it too.
  const cancel = useConfirmStep({
    id: "cancel-booking",
    askHref: cancelBookingPath(booking.id),
    backHref: path,
    asked: canCancel && (askCancel || Boolean(actionData && "confirmCancel" in actionData)),
    lastResult: cancelResult,
    label: m.booking_cancel_link(),
    heading: question,
    consequence,
    keepLabel: m.bookings_keep(),
    danger: true,
    renderForm: (keep) => (
      <div className="flex flex-wrap gap-2">
        <ConfirmCancelForm bookingId={booking.id} />
        {keep}
      </div>
    ),
  });
  return (
    <main id="main" className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <Link to={BOOKINGS_PATH} className={`${buttonVariants({ variant: "ghost", size: "sm" })} print:hidden`}>
        <ArrowLeft aria-hidden="true" /> {m.bookings_title()}
      </Link>
      {loaderData.movedByWeather && (
        <p className="rounded-md border border-water-600/40 bg-white p-3 text-sm text-slate-800">
          {m.booking_moved_by_weather()}
        </p>
      )}
      <header className="space-y-2">
        <h1 className="text-2xl font-bold break-words text-navy-900 sm:text-3xl">{booking.teamName}</h1>
        <p className="text-sm text-slate-600">
          {m.booking_reference()}{" "}
          <span className="font-semibold tracking-wide text-slate-900">{booking.reference}</span>
        </p>
        <p className="text-slate-600">
          {event.href ? (
            <Link
              to={event.href}
              data-print-href={event.url}
              lang={event.shownIn.title}
              className="font-medium text-water-600 underline-offset-2 hover:underline"
            >
              {event.title}
            </Link>
          ) : (
            <span lang={event.shownIn.title}>{event.title}</span>
          )}
          <OnlyIn lang={event.shownIn.title} inline />
          {" · "}
          <time dateTime={event.startsAt.toISOString()}>{formatDate(event.startsAt)}</time>,{" "}
          {formatTimeRange(event.startsAt, event.endsAt)}
          {event.location && (
            <>
              {" · "}
              <span lang={event.shownIn.location}>{event.location}</span>
            </>
          )}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <BookingStatus status={booking.status} eventStatus={event.status} />
          {booking.status !== "cancelled" && <CalendarLinks links={calendar} size="sm" />}
        </div>
      </header>

      {booking.heldUntil && loaderData.testPayments && <TestPaymentNotice />}
      {booking.heldUntil && (
        <HeldForPayment
          bookingId={booking.id}
          heldUntil={booking.heldUntil}
          refusal={payResult?.error?.[""]?.[0]}
        />
      )}

      {refusal && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      )}

      {canCancel && cancel.question}

      {booking.teamCode && (
        <ProfileSection id="check-in" title={m.booking_team_code_heading()}>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <TeamCode svg={booking.teamCode} className="size-40" />
            <div className="space-y-3 text-sm text-slate-700">
              <p className="font-mono text-lg font-semibold tracking-wider text-slate-900">
                {booking.reference}
              </p>
              <p>{m.booking_team_code_hint()}</p>
              <Link
                to={teamCardPath(booking.id)}
                className={`${buttonVariants({ variant: "outline", size: "sm" })} print:hidden`}
              >
                <Printer aria-hidden="true" /> {m.booking_print_team_card()}
              </Link>
            </div>
          </div>
        </ProfileSection>
      )}

      {loaderData.seats.length > 0 && (
        <ProfileSection id="rowers" title={m.seats_heading()} description={m.seats_intro_booker()}>
          <SeatStates seats={loaderData.seats} reply={resendResult} canResend={loaderData.linksOpen} />
        </ProfileSection>
      )}

      <TeamSection {...loaderData} updateResult={updateResult} />

      {loaderData.questions.list.length > 0 && (
        <TeamQuestions
          questions={loaderData.questions}
          reply={answersResult}
          description={m.questions_team_intro_booker()}
        />
      )}

      <ProfileSection id="payment" title={m.payments_section_heading()}>
        <BookerPaymentDetails paymentMethod={booking.paymentMethod} data={payments} />
      </ProfileSection>

      <ProfileSection id="documents" title={m.invoices_documents_heading()}>
        <BookingDocuments
          reference={booking.reference}
          documents={documents}
          none={m.invoices_documents_none()}
        />
      </ProfileSection>

      {canCancel && cancel.link && (
        <div className="print:hidden">
          <ProfileSection
            id="cancel"
            title={m.booking_cancel_section()}
            tone="danger"
            description={spotAfterCancelling(booking.status, "Your")}
          >
            {cancel.link}
          </ProfileSection>
        </div>
      )}
    </main>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

/** Held places: until when, and the button that goes to the provider's checkout. */
function HeldForPayment({
  bookingId,
  heldUntil,
  refusal,
}: {
  bookingId: string;
  heldUntil: Date;
  refusal?: string;
}) {
  const path = bookingPath(bookingId);
  return (
    <section
      aria-labelledby="held-title"
      className="space-y-3 rounded-md bg-amber-50 p-4 text-sm text-amber-900"
    >
      <h2 id="held-title" className="font-semibold">
        {m.registration_awaiting_payment_title()}
      </h2>
      <p>{m.bookings_held_until({ until: formatInstant(heldUntil) })}</p>
      {refusal && <p role="alert">{refusal}</p>}
      <Form method="post" action={path}>
        <input type="hidden" name="intent" value="pay" />
        <SubmitButton pending={{ formAction: path, intent: "pay" }} pendingLabel={m.registration_sending()}>
          {m.bookings_pay_now()}
        </SubmitButton>
      </Form>
    </section>
  );
}

/** The team and its roster: a form until the deadline, the saved details after it and on paper. */
function TeamSection({
  booking,
  event,
  canEdit,
  editClosed,
  updateResult,
}: Pick<LoaderData, "booking" | "event" | "canEdit" | "editClosed"> & {
  updateResult: Parameters<typeof TeamForm>[0]["lastResult"];
}) {
  const path = bookingPath(booking.id);
  const updating = useIsPending({ formAction: path, intent: "update" });
  const validate = useMemo(() => validateWith(registrationUpdateSchema(event.teamSize)), [event.teamSize]);
  return (
    <ProfileSection
      id="team"
      title={m.booking_team_section()}
      description={
        canEdit ? m.booking_change_until({ deadline: formatInstant(event.registrationDeadline) }) : undefined
      }
    >
      {canEdit ? (
        <>
          {/* On paper, the details as they are saved rather than a form to fill in. */}
          <div className="hidden print:block">
            <BookingSummary values={booking.values} />
          </div>
          <div className="print:hidden">
            <TeamForm
              name="booking"
              action={path}
              lastResult={updateResult}
              defaultValue={booking.values}
              validate={validate}
              teamSize={event.teamSize}
              rosterHint={m.booking_roster_hint({ teamSize: event.teamSize })}
              submitLabel={m.booking_save_changes()}
              busyLabel={m.booking_saving()}
              busy={updating}
            >
              <input type="hidden" name="intent" value="update" />
            </TeamForm>
          </div>
        </>
      ) : (
        <>
          <p className="rounded-md bg-slate-100 p-3 text-sm text-slate-700">{editClosed}</p>
          <BookingSummary values={booking.values} />
        </>
      )}
    </ProfileSection>
  );
}
