import { ArrowLeft } from "~/components/icons";
import { Fragment, type ReactNode } from "react";
import { data, Link, useNavigation } from "react-router";
import { seesAllPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { isAppError } from "#server/errors";
import { notFoundResponse, replyWithRefusal } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { cancelRegistration } from "#server/registrations/cancel-registration";
import { confirmRegistration } from "#server/registrations/confirm-registration";
import { getManagedRegistration, listMoveTargets } from "#server/registrations/managed-queries";
import { moveRegistration } from "#server/registrations/move-registration";
import { StatusBadge } from "~/components/dashboard/status-badge";
import { editEventPath } from "~/components/events/event-editor/paths";
import {
  eventRegistrationsPath,
  PARTNER_REGISTRATIONS_PATH,
  registrationPath,
} from "~/components/registrations/partner-paths";
import {
  CancelTeamForm,
  ConfirmTeamForm,
  MoveTeamForm,
  useRegistrationQuestion,
  type RegistrationQuestion,
} from "~/components/registrations/registration-actions";
import { buttonVariants } from "~/components/ui/button";
import { formatDate, formatTime, formatTimeRange } from "~/lib/dates";
import { readSubmission } from "~/lib/forms/read-form.server";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/$id";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  let found;
  try {
    found = await getManagedRegistration(context.db, actor, params.id);
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") throw notFoundResponse(error.message);
    throw error;
  }
  const { registration, event, partnerName, confirmedTeams, booker } = found;
  const now = new Date();
  const open = registration.status !== "cancelled" && event.startsAt > now;
  const targets = open
    ? await listMoveTargets(
        context.db,
        { eventId: event.id, partnerId: event.partnerId, rosterLength: registration.roster.length },
        now,
      )
    : [];
  // What the page offers; the commands check the same rules again under the event's lock.
  const can = {
    cancel: open,
    confirm:
      open &&
      registration.status === "waitlisted" &&
      event.status === "published" &&
      confirmedTeams < event.maxTeams,
    move: open && targets.length > 0,
  };
  const asked = new URL(request.url).searchParams;
  return {
    registration: {
      id: registration.id,
      reference: registration.reference,
      status: registration.status,
      teamName: registration.teamName,
      company: registration.company,
      createdAt: registration.createdAt,
      cancelledAt: registration.cancelledAt,
      captainName: registration.captainName,
      captainEmail: registration.captainEmail,
      captainPhone: registration.captainPhone,
      billingCompany: registration.billingCompany,
      cvr: registration.cvr,
      ean: registration.ean,
      poReference: registration.poReference,
      billingEmail: registration.billingEmail,
      roster: registration.roster,
      notes: registration.notes,
    },
    booker,
    event: {
      id: event.id,
      title: event.title,
      status: event.status,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      location: [event.locationDetails, event.location].filter(Boolean).join(", "),
      teamSize: event.teamSize,
      maxTeams: event.maxTeams,
      confirmedTeams,
    },
    partnerName,
    showPartner: seesAllPartners(actor) || actor.partnerIds.length > 1,
    targets: targets.map((target) => ({
      id: target.id,
      title: target.title,
      startsAt: target.startsAt,
      freeSpots: target.maxTeams - target.confirmedTeams,
    })),
    can,
    asked: {
      cancel: can.cancel && asked.get("cancel") === "1",
      confirm: can.confirm && asked.get("confirm") === "1",
      move: can.move && asked.get("move") === "1",
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const registrationId = params.id;
  const { submission } = await readSubmission(request);
  const { intent, ...input } = submission.payload;
  try {
    switch (intent) {
      case "cancel":
        await cancelRegistration(context, { actor, registrationId, asOrganiser: true, input });
        return redirectWithToast(registrationPath(registrationId), "registration-cancelled");
      case "confirm":
        await confirmRegistration(context, { actor, registrationId });
        return redirectWithToast(registrationPath(registrationId), "registration-confirmed");
      case "move":
        await moveRegistration(context, { actor, registrationId, input });
        return redirectWithToast(registrationPath(registrationId), "registration-moved");
      default:
        throw data("Unknown form", { status: 400 });
    }
  } catch (error) {
    return replyWithRefusal(submission, error);
  }
}

/** Partner pages stay out of shared caches. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: loaderData ? `Registration: ${loaderData.registration.teamName}` : "Registration",
    path: registrationPath(params.id),
    noindex: true,
  });

function Details({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm font-medium text-slate-600">{term}</dt>
          <dd className="text-sm break-words text-slate-900">
            {value ?? <span className="text-slate-500">Not given</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const sectionClass = "space-y-4 rounded-lg border border-slate-200 bg-white p-5";

export default function PartnerRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const { registration, booker, event, partnerName, showPartner, targets, can, asked } = loaderData;
  const path = registrationPath(registration.id);
  const navigation = useNavigation();
  const busyIntent =
    navigation.state !== "idle" && navigation.formAction?.startsWith(path)
      ? String(navigation.formData?.get("intent") ?? "")
      : null;
  // Each question reads only its own answer: the reply carries the intent it was sent with.
  const replyTo = (question: RegistrationQuestion) =>
    actionData?.initialValue?.intent === question ? actionData : null;

  const cancel = useRegistrationQuestion({
    registrationId: registration.id,
    question: "cancel",
    linkLabel: "Cancel team…",
    heading: `Cancel ${registration.teamName}?`,
    consequence:
      registration.status === "confirmed"
        ? "The team loses its spot, which goes to the team that has waited longest. The captain and the booker are emailed. This cannot be undone."
        : "The team leaves the waitlist. The captain and the booker are emailed. This cannot be undone.",
    keepLabel: "Keep the team",
    asked: asked.cancel,
    lastResult: replyTo("cancel"),
    danger: true,
    renderForm: (keep) => (
      <CancelTeamForm
        action={path}
        lastResult={replyTo("cancel")}
        busy={busyIntent === "cancel"}
        keep={keep}
      />
    ),
  });
  const confirm = useRegistrationQuestion({
    registrationId: registration.id,
    question: "confirm",
    linkLabel: "Confirm team…",
    heading: `Confirm ${registration.teamName}?`,
    consequence: `The team takes one of the free spots (${event.confirmedTeams} of ${event.maxTeams} taken) ahead of the rest of the waitlist. The captain and the booker are emailed.`,
    keepLabel: "Keep on the waitlist",
    asked: asked.confirm,
    lastResult: replyTo("confirm"),
    renderForm: (keep) => (
      <ConfirmTeamForm
        action={path}
        lastResult={replyTo("confirm")}
        busy={busyIntent === "confirm"}
        keep={keep}
      />
    ),
  });
  const move = useRegistrationQuestion({
    registrationId: registration.id,
    question: "move",
    linkLabel: "Move to another event…",
    heading: `Move ${registration.teamName} to another event?`,
    consequence:
      "The team is confirmed at the event you choose and keeps its booking reference; its place here goes to the waitlist. The captain and the booker are emailed the new date.",
    keepLabel: "Keep the team here",
    asked: asked.move,
    lastResult: replyTo("move"),
    renderForm: (keep) => (
      <MoveTeamForm
        action={path}
        lastResult={replyTo("move")}
        busy={busyIntent === "move"}
        keep={keep}
        targets={targets}
      />
    ),
  });
  // A refused question stays reachable even when the page no longer offers it (the spot was taken meanwhile).
  const offered = (question: RegistrationQuestion) => can[question] || replyTo(question) !== null;
  const actions = [
    offered("confirm") && <Fragment key="confirm">{confirm.link}</Fragment>,
    offered("move") && <Fragment key="move">{move.link}</Fragment>,
    offered("cancel") && <Fragment key="cancel">{cancel.link}</Fragment>,
  ].filter(Boolean);

  return (
    <main id="main" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <Link to={PARTNER_REGISTRATIONS_PATH} className={buttonVariants({ variant: "ghost", size: "sm" })}>
        <ArrowLeft aria-hidden="true" /> Registrations
      </Link>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold break-words text-navy-900 sm:text-3xl">{registration.teamName}</h1>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <StatusBadge status={registration.status} />
          <span>
            Booking reference{" "}
            <span className="font-mono font-semibold tracking-wide text-slate-900">
              {registration.reference}
            </span>
          </span>
          {showPartner && <span>Partner: {partnerName}</span>}
        </div>
      </header>

      {actions.length > 0 && (
        <div role="group" aria-label="Registration actions" className="flex flex-wrap items-center gap-2">
          {actions}
        </div>
      )}
      {confirm.question}
      {move.question}
      {cancel.question}

      <section aria-labelledby="registration-event" className={sectionClass}>
        <h2 id="registration-event" className="text-lg font-semibold text-navy-900">
          Event
        </h2>
        <Details
          rows={[
            [
              "Event",
              <Link key="event" to={editEventPath(event.id)} className="text-water-700 underline">
                {event.title}
              </Link>,
            ],
            [
              "When",
              <time key="when" dateTime={event.startsAt.toISOString()}>
                {formatDate(event.startsAt)}, {formatTimeRange(event.startsAt, event.endsAt)}
              </time>,
            ],
            ["Where", event.location || null],
            ["Teams confirmed", `${event.confirmedTeams} of ${event.maxTeams}`],
            [
              "All its registrations",
              <Link key="list" to={eventRegistrationsPath(event.id)} className="text-water-700 underline">
                Registrations for {event.title}
              </Link>,
            ],
          ]}
        />
      </section>

      <section aria-labelledby="registration-team" className={sectionClass}>
        <h2 id="registration-team" className="text-lg font-semibold text-navy-900">
          Team
        </h2>
        <Details
          rows={[
            ["Team", registration.teamName],
            ["Company", registration.company],
            [
              "Booked",
              <time key="booked" dateTime={registration.createdAt.toISOString()}>
                {formatDate(registration.createdAt)}, {formatTime(registration.createdAt)}
              </time>,
            ],
            ...(registration.cancelledAt
              ? ([
                  [
                    "Cancelled",
                    <time key="cancelled" dateTime={registration.cancelledAt.toISOString()}>
                      {formatDate(registration.cancelledAt)}, {formatTime(registration.cancelledAt)}
                    </time>,
                  ],
                ] as [string, ReactNode][])
              : []),
            ["Booked by", booker ? `${booker.name} <${booker.email}>` : null],
            ["Captain", registration.captainName],
            [
              "Captain's email",
              registration.captainEmail ? (
                <a
                  key="email"
                  href={`mailto:${registration.captainEmail}`}
                  className="text-water-700 underline"
                >
                  {registration.captainEmail}
                </a>
              ) : null,
            ],
            [
              "Captain's phone",
              registration.captainPhone ? (
                <a key="phone" href={`tel:${registration.captainPhone}`} className="text-water-700 underline">
                  {registration.captainPhone}
                </a>
              ) : null,
            ],
            [
              "Notes",
              registration.notes ? <span className="whitespace-pre-line">{registration.notes}</span> : null,
            ],
          ]}
        />
      </section>

      <section aria-labelledby="registration-billing" className={sectionClass}>
        <h2 id="registration-billing" className="text-lg font-semibold text-navy-900">
          Billing
        </h2>
        <Details
          rows={[
            ["Billing company", registration.billingCompany],
            ["CVR number", registration.cvr],
            ["EAN number", registration.ean],
            ["PO reference", registration.poReference],
            ["Billing email", registration.billingEmail],
          ]}
        />
      </section>

      <section aria-labelledby="registration-roster" className={sectionClass}>
        <h2 id="registration-roster" className="text-lg font-semibold text-navy-900">
          Roster{" "}
          <span className="text-base font-normal text-slate-600">
            ({registration.roster.length} of {event.teamSize} named)
          </span>
        </h2>
        {registration.roster.length === 0 ? (
          <p className="text-sm text-slate-600">The captain has not named any team members yet.</p>
        ) : (
          <ol className="list-decimal space-y-1 pl-6 text-sm text-slate-900">
            {registration.roster.map((member, index) => (
              <li key={`${index}-${member.name}`}>
                {member.name}
                {member.email && <span className="text-slate-600"> ({member.email})</span>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </main>
  );
}
