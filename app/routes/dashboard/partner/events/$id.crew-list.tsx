import { ArrowLeft } from "~/components/icons/arrow-left";
import { href, Link } from "react-router";
import { requireCheckIn } from "#server/auth/viewer";
import { orNotFound } from "#server/http/respond";
import { getCrewList } from "#server/registrations/managed-queries";
import { answerSheet } from "#server/questions/answer-sheet";
import { CrewAnswers } from "~/components/questions/crew-answers";
import { getLocale } from "~/paraglide/runtime";
import {
  checkInPagePath,
  crewListPath,
  eventDayPath,
  eventRegistrationsPath,
} from "~/components/registrations/partner-paths";
import { PrintButton } from "~/components/registrations/print-button";
import { buttonVariants } from "~/components/ui/button";
import { Pagination, PastEndNotice, pageOf } from "~/components/ui/pagination";
import { formatDate, formatTimeRange } from "~/lib/dates";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/$id.crew-list";
import { formatAddress } from "~/lib/address";
import { seatReasonText, seatStateLabel } from "~/lib/words/seats";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Check-in staff read crew lists too, and no other page of the partner area (ADR 038).
  const { actor } = await requireCheckIn(request, context);
  const page = pageOf(new URL(request.url));
  const crew = await orNotFound(getCrewList(context.db, actor, params.id, { page }));
  // The answers to the event's questions, read for the page's teams only (ADR 038).
  const answers = await answerSheet(context.db, {
    eventId: crew.event.id,
    registrationIds: [...crew.confirmed, ...crew.waitlisted].map((team) => team.id),
    locale: getLocale(),
  });
  return { ...crew, answers };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: loaderData ? m.partner_crew_title({ title: loaderData.event.title }) : m.partner_crew_list(),
    path: crewListPath(params.id),
    noindex: true,
  });

type Team = Route.ComponentProps["loaderData"]["confirmed"][number];

type Day = Route.ComponentProps["loaderData"]["day"];
type Seat = Day["seats"][string];

/** Yes, no (with the event's rule, or "may not row") or not answered. */
function SwimAnswer({ seat, day }: { seat: Seat | undefined; day: Day }) {
  if (!seat || seat.swims === null)
    return <span className="text-slate-600">{m.partner_crew_swims_missing()}</span>;
  if (seat.swims) return <>{m.partner_crew_swims_yes()}</>;
  return (
    <>
      <span className="font-semibold">{m.partner_crew_swims_no()}</span>
      <span className="block text-xs text-slate-700">
        {day.nonSwimmers === "not_allowed" ? m.partner_crew_may_not_row() : day.nonSwimmerRule}
      </span>
    </>
  );
}

/** The version accepted and how, with the current one when it is older. */
function Declaration({ seat, day }: { seat: Seat | undefined; day: Day }) {
  if (day.currentVersion === null)
    return <span className="text-slate-600">{m.partner_crew_declaration_none()}</span>;
  if (!seat || seat.acceptedVersion === null) {
    return <span className="text-slate-600">{m.partner_crew_declaration_missing()}</span>;
  }
  const method =
    seat.acceptedMethod === "staff" ? m.partner_crew_accepted_at_jetty() : m.partner_crew_accepted_by_link();
  return (
    <>
      {m.partner_crew_accepted({ version: seat.acceptedVersion, method })}
      {seat.acceptedVersion < day.currentVersion && (
        <span className="block text-xs font-semibold">
          {m.partner_crew_current_version({ version: day.currentVersion })}
        </span>
      )}
    </>
  );
}

/**
 * The seats of a team, one row each: name, state and what is missing, swim answer,
 * declaration and emergency contact; then blank rows to write names in on the day.
 */
function Seats({ team, teamSize, day }: { team: Team; teamSize: number; day: Day }) {
  const seats = Math.max(teamSize, team.roster.length);
  return (
    <table className="mt-3 w-full text-left text-sm">
      <caption className="sr-only">{m.partner_crew_seats_caption({ team: team.teamName })}</caption>
      <thead>
        <tr className="border-b border-slate-300 text-xs text-slate-600">
          <th scope="col" className="w-6 py-1 pr-2 text-right">
            <span className="sr-only">{m.partner_crew_col_number()}</span>
          </th>
          <th scope="col" className="py-1 pr-3">
            {m.partner_crew_col_rower()}
          </th>
          <th scope="col" className="py-1 pr-3">
            {m.partner_crew_col_state()}
          </th>
          <th scope="col" className="py-1 pr-3">
            {m.partner_crew_col_swims()}
          </th>
          <th scope="col" className="py-1 pr-3">
            {m.partner_crew_col_declaration()}
          </th>
          <th scope="col" className="py-1">
            {m.partner_crew_col_emergency()}
          </th>
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: seats }, (_, index) => {
          const member = team.roster[index];
          const seat = member?.id ? day.seats[member.id] : undefined;
          return (
            <tr key={index} className="border-b border-slate-200 align-top break-inside-avoid">
              <td className="py-1 pr-2 text-right text-slate-500 tabular-nums">{index + 1}.</td>
              {member ? (
                <>
                  <th scope="row" className="py-1 pr-3 font-normal break-words text-slate-900">
                    {member.name}
                  </th>
                  <td className="py-1 pr-3">
                    {seat ? (
                      <>
                        {seatStateLabel(seat.state)}
                        {seat.reasons.length > 0 && (
                          <span className="block text-xs text-slate-700">
                            {seat.reasons.map(seatReasonText).join("; ")}
                          </span>
                        )}
                      </>
                    ) : null}
                  </td>
                  <td className="py-1 pr-3">
                    <SwimAnswer seat={seat} day={day} />
                  </td>
                  <td className="py-1 pr-3">
                    <Declaration seat={seat} day={day} />
                  </td>
                  <td className="py-1 break-words">
                    {seat?.emergencyName ? (
                      <>
                        {seat.emergencyName}
                        {seat.emergencyPhone && (
                          <span className="block tabular-nums">{seat.emergencyPhone}</span>
                        )}
                      </>
                    ) : (
                      <span className="text-slate-600">{m.partner_crew_emergency_missing()}</span>
                    )}
                  </td>
                </>
              ) : (
                <td colSpan={5} className="border-b border-slate-400 py-3">
                  <span className="sr-only">{m.partner_crew_seat_empty()}</span>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Captain({ team }: { team: Team }) {
  return (
    <p className="text-sm text-slate-700">
      {m.partner_crew_captain({ name: team.captainName ?? m.partner_crew_captain_not_given() })}
      {team.captainPhone && <>, {team.captainPhone}</>}
    </p>
  );
}

export default function CrewList({ loaderData }: Route.ComponentProps) {
  const { event, day, managesEvent, confirmed, waitlisted, confirmedTotal, waitlistedTotal, page, pageSize } =
    loaderData;
  const total = confirmedTotal + waitlistedTotal;
  const pastEnd = confirmed.length === 0 && waitlisted.length === 0 && total > 0;
  return (
    <main
      id="main"
      className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6 lg:px-8 print:max-w-none print:p-0"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link
          to={managesEvent ? eventRegistrationsPath(event.id) : href("/dashboard")}
          className={buttonVariants({ variant: "ghost", size: "sm" })}
        >
          <ArrowLeft aria-hidden="true" />{" "}
          {managesEvent ? m.partner_registrations() : m.dash_menu_my_dashboard()}
        </Link>
        <div className="flex flex-wrap gap-2">
          {managesEvent && (
            <Link to={eventDayPath(event.id)} className={buttonVariants({ variant: "outline", size: "sm" })}>
              {m.partner_day_link()}
            </Link>
          )}
          {/* A whole document: the check-in page runs without React (ADR 038). */}
          <a href={checkInPagePath(event.id)} className={buttonVariants({ variant: "outline", size: "sm" })}>
            {m.partner_day_open_check_in()}
          </a>
          <PrintButton />
        </div>
      </div>
      <header className="space-y-1">
        <p className="text-sm font-medium text-slate-600">{m.partner_crew_list()}</p>
        <h1 className="text-2xl font-bold break-words text-navy-900 sm:text-3xl">{event.title}</h1>
        <p className="text-slate-700">
          <time dateTime={event.startsAt.toISOString()}>{formatDate(event.startsAt)}</time>,{" "}
          {formatTimeRange(event.startsAt, event.endsAt)}
        </p>
        <p className="text-slate-700">{formatAddress(event)}</p>
        <p className="text-sm text-slate-600">
          {event.partnerName} ·{" "}
          {m.partner_crew_summary({
            confirmed: confirmedTotal,
            max: event.maxTeams,
            size: event.teamSize,
          })}
          {event.status === "cancelled" && ` · ${m.partner_crew_cancelled()}`}
        </p>
      </header>

      <PastEndNotice shown={pastEnd} to={crewListPath(event.id)} />

      {(confirmed.length > 0 || confirmedTotal === 0) && (
        <section aria-labelledby="crew-confirmed" className="space-y-4">
          <h2 id="crew-confirmed" className="text-xl font-semibold text-navy-900">
            {m.partner_crew_confirmed_heading()}
          </h2>
          {confirmedTotal === 0 ? (
            <p className="text-slate-600">{m.partner_crew_confirmed_empty()}</p>
          ) : (
            <ol start={confirmed[0]?.position} className="space-y-4">
              {confirmed.map((team) => (
                <li
                  key={team.id}
                  className="break-inside-avoid rounded-lg border border-slate-300 bg-white p-4 print:rounded-none"
                >
                  <h3 className="text-lg font-semibold break-words text-navy-900">
                    {team.position}. {team.teamName}
                  </h3>
                  <p className="text-sm text-slate-700">
                    {team.company} · <span className="font-mono">{team.reference}</span> ·{" "}
                    {m.partner_crew_named({ count: team.roster.length, size: event.teamSize })}
                  </p>
                  <Captain team={team} />
                  <Seats team={team} teamSize={event.teamSize} day={day} />
                  <CrewAnswers team={team} sheet={loaderData.answers} />
                </li>
              ))}
            </ol>
          )}
        </section>
      )}

      {waitlisted.length > 0 && (
        <section aria-labelledby="crew-waitlist" className="break-inside-avoid space-y-3">
          <h2 id="crew-waitlist" className="text-xl font-semibold text-navy-900">
            {m.partner_crew_waitlist()}
          </h2>
          <ol start={waitlisted[0]?.position} className="space-y-2">
            {waitlisted.map((team) => (
              <li key={team.id} className="break-inside-avoid text-sm">
                <span className="font-semibold text-navy-900">
                  {team.position}. {team.teamName}
                </span>{" "}
                ({team.company}, <span className="font-mono">{team.reference}</span>,{" "}
                {m.partner_crew_waitlist_named({ count: team.roster.length })})
                <Captain team={team} />
              </li>
            ))}
          </ol>
        </section>
      )}

      <div className="print:hidden">
        <Pagination page={page} pageSize={pageSize} total={total} label={m.partner_crew_pages()} />
      </div>
    </main>
  );
}
