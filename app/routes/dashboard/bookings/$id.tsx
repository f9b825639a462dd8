import { ArrowLeft, CalendarPlus } from "lucide-react";
import type { ReactNode } from "react";
import { data, Link, useNavigation } from "react-router";
import { requireUser } from "#server/auth/viewer";
import { asFormRefusal, notFoundResponse } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { cancelRegistration } from "#server/registrations/cancel-registration";
import { getMyRegistration } from "#server/registrations/queries";
import { updateRegistration } from "#server/registrations/update-registration";
import { BookingForm } from "~/components/bookings/booking-form";
import { BookingStatus } from "~/components/bookings/booking-status";
import { CancelBookingConfirm, CancelBookingStart } from "~/components/bookings/cancel-booking";
import { BOOKINGS_PATH, bookingCalendarPath, bookingPath } from "~/components/bookings/paths";
import { ProfileSection } from "~/components/profile/profile-section";
import { buttonVariants } from "~/components/ui/button";
import { formatDate, formatTime, formatTimeRange } from "~/lib/dates";
import { formValues } from "~/lib/forms/parse";
import { rosterFieldName } from "~/lib/forms/registration-schema";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/$id";
import { readFormData } from "~/lib/forms/read-form.server";

const BOOKING_NOT_FOUND = "Booking not found";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireUser(request, context);
  const found = await getMyRegistration(context.db, actor, params.id);
  if (!found) throw notFoundResponse(BOOKING_NOT_FOUND);
  const { registration, event, eventHref, canEdit, canCancel } = found;
  const values: Record<string, string> = {
    teamName: registration.teamName,
    company: registration.company,
    billingCompany: registration.billingCompany ?? "",
    cvr: registration.cvr ?? "",
    ean: registration.ean ?? "",
    poReference: registration.poReference ?? "",
    billingEmail: registration.billingEmail ?? "",
    captainName: registration.captainName ?? "",
    captainEmail: registration.captainEmail ?? "",
    captainPhone: registration.captainPhone ?? "",
    notes: registration.notes ?? "",
  };
  registration.roster.forEach((member, index) => {
    values[rosterFieldName(index, "name")] = member.name;
    values[rosterFieldName(index, "email")] = member.email ?? "";
  });
  return {
    booking: {
      id: registration.id,
      status: registration.status,
      teamName: registration.teamName,
      rosterCount: registration.roster.length,
      values,
    },
    event: {
      title: event.title,
      status: event.status,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      registrationDeadline: event.registrationDeadline,
      location: [event.locationDetails, event.location].filter(Boolean).join(", "),
      teamSize: event.teamSize,
      href: eventHref,
    },
    canEdit,
    canCancel,
    askCancel: canCancel && new URL(request.url).searchParams.get("cancel") === "1",
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireUser(request, context);
  const formData = await readFormData(request);
  switch (formData.get("intent")) {
    case "update": {
      const values = formValues(formData, ["intent"]);
      try {
        await updateRegistration(context, { actor, registrationId: params.id, input: values });
      } catch (error) {
        const refusal = asFormRefusal(error);
        if (refusal.code === "invalid") {
          return data(
            { intent: "update" as const, status: "invalid" as const, errors: refusal.fields, values },
            { status: refusal.status },
          );
        }
        return data(
          { intent: "update" as const, status: "refused" as const, message: refusal.message },
          { status: refusal.status },
        );
      }
      return redirectWithToast(bookingPath(params.id), "booking-saved");
    }
    case "confirm-cancel": {
      // Only the owner gets as far as the question.
      if (!(await getMyRegistration(context.db, actor, params.id))) throw notFoundResponse(BOOKING_NOT_FOUND);
      return data({ intent: "confirm-cancel" as const });
    }
    case "cancel": {
      try {
        await cancelRegistration(context, { actor, registrationId: params.id });
      } catch (error) {
        const refusal = asFormRefusal(error);
        return data(
          { intent: "cancel" as const, status: "refused" as const, message: refusal.message },
          { status: refusal.status },
        );
      }
      return redirectWithToast(BOOKINGS_PATH, "booking-cancelled");
    }
    default:
      throw data("Unknown form", { status: 400 });
  }
}

/** Personal pages stay out of shared caches. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => [
  ...pageMeta(baseUrlFromMatches(matches), {
    title: loaderData ? `Booking: ${loaderData.booking.teamName}` : "Booking",
    path: bookingPath(params.id),
  }),
  { name: "robots", content: "noindex" },
];

export default function Booking({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, event, canEdit, canCancel, askCancel } = loaderData;
  const path = bookingPath(booking.id);
  const navigation = useNavigation();
  const pendingIntent =
    navigation.state !== "idle" && navigation.formAction === path ? navigation.formData?.get("intent") : null;

  const updateResult = actionData?.intent === "update" ? actionData : null;
  const invalid = updateResult?.status === "invalid" ? updateResult : null;
  const refusal =
    actionData && "status" in actionData && actionData.status === "refused" ? actionData.message : null;
  const confirming = canCancel && (askCancel || actionData?.intent === "confirm-cancel");

  return (
    <main id="main" className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <Link to={BOOKINGS_PATH} className={buttonVariants({ variant: "ghost", size: "sm" })}>
        <ArrowLeft aria-hidden="true" /> My Bookings
      </Link>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold break-words text-navy-900 sm:text-3xl">{booking.teamName}</h1>
        <p className="text-slate-600">
          {event.href ? (
            <Link to={event.href} className="font-medium text-water-600 underline-offset-2 hover:underline">
              {event.title}
            </Link>
          ) : (
            event.title
          )}
          {" · "}
          <time dateTime={event.startsAt.toISOString()}>{formatDate(event.startsAt)}</time>,{" "}
          {formatTimeRange(event.startsAt, event.endsAt)}
          {event.location && ` · ${event.location}`}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <BookingStatus status={booking.status} eventStatus={event.status} />
          {booking.status !== "cancelled" && (
            <a
              href={bookingCalendarPath(booking.id)}
              download
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              <CalendarPlus aria-hidden="true" /> Add to calendar (.ics)
            </a>
          )}
        </div>
      </header>

      {refusal && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      )}

      {confirming && (
        <CancelBookingConfirm
          action={path}
          teamName={booking.teamName}
          confirmed={booking.status === "confirmed"}
          busy={pendingIntent === "cancel"}
          backTo={path}
        />
      )}

      <ProfileSection
        id="team"
        title="Team and roster"
        description={
          canEdit
            ? `You can change these details until the registration deadline, ${formatDate(event.registrationDeadline)} at ${formatTime(event.registrationDeadline)}.`
            : undefined
        }
      >
        {canEdit ? (
          <BookingForm
            key={JSON.stringify(booking.values)}
            action={path}
            teamSize={event.teamSize}
            values={invalid ? invalid.values : booking.values}
            serverErrors={invalid ? invalid.errors : {}}
            busy={pendingIntent === "update"}
          />
        ) : (
          <>
            <p className="rounded-md bg-slate-100 p-3 text-sm text-slate-700">
              {closedMessage(booking.status, event.status, event.registrationDeadline)}
            </p>
            <BookingSummary values={booking.values} teamSize={event.teamSize} />
          </>
        )}
      </ProfileSection>

      {canCancel && !confirming && (
        <ProfileSection
          id="cancel"
          title="Cancel booking"
          tone="danger"
          description={
            booking.status === "confirmed"
              ? "Cancelling frees your team's spot for the team that has waited longest."
              : "Cancelling takes your team off the waitlist."
          }
        >
          <CancelBookingStart action={path} busy={pendingIntent === "confirm-cancel"} />
        </ProfileSection>
      )}
    </main>
  );
}

function closedMessage(
  status: Route.ComponentProps["loaderData"]["booking"]["status"],
  eventStatus: Route.ComponentProps["loaderData"]["event"]["status"],
  deadline: Date,
): string {
  if (status === "cancelled") return "This booking has been cancelled, so it can no longer be changed.";
  if (eventStatus === "cancelled")
    return "This event has been cancelled, so its bookings can no longer be changed.";
  return `Changes closed with the registration deadline on ${formatDate(deadline)} at ${formatTime(deadline)}.`;
}

/** The stored details, read-only, once the booking can no longer be edited. */
function BookingSummary({ values, teamSize }: { values: Record<string, string>; teamSize: number }) {
  const roster = Array.from({ length: teamSize }, (_, index) => ({
    name: values[rosterFieldName(index, "name")],
    email: values[rosterFieldName(index, "email")],
  })).filter((member): member is { name: string; email: string } => Boolean(member.name));
  const rows: [string, ReactNode][] = [
    ["Team name", values.teamName],
    ["Company", values.company],
    ["Captain", [values.captainName, values.captainEmail, values.captainPhone].filter(Boolean).join(", ")],
    [
      "Roster",
      roster.length === 0 ? (
        "No members named"
      ) : (
        <ol className="list-decimal space-y-1 pl-5">
          {roster.map((member, index) => (
            <li key={index} className="break-words">
              {member.name}
              {member.email && <span className="text-slate-500"> ({member.email})</span>}
            </li>
          ))}
        </ol>
      ),
    ],
    ["Notes", values.notes],
  ];
  return (
    <dl className="mt-4 space-y-3 text-sm">
      {rows
        .filter(([, value]) => Boolean(value))
        .map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="mt-0.5 font-medium break-words text-slate-900">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
