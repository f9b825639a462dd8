import { Link } from "react-router";
import { requireUser } from "#server/auth/viewer";
import { notFoundResponse } from "#server/http/respond";
import { hasTeamCode, teamCodeSvg } from "#server/qr/team-code";
import { getMyRegistration } from "#server/registrations/queries";
import { TeamCode } from "~/components/bookings/team-code";
import { OnlyIn } from "~/components/content/only-in";
import { ArrowLeft } from "~/components/icons/arrow-left";
import { PrintButton } from "~/components/registrations/print-button";
import { buttonVariants } from "~/components/ui/button";
import { formatAddress } from "~/lib/address";
import { localizeTexts } from "~/lib/content-language";
import { formatDate, formatTimeRange } from "~/lib/dates";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import { bookingPath } from "~/lib/paths";
import { teamCardPath } from "~/components/bookings/team-card-path";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/$id.team-card";

/**
 * GET /dashboard/bookings/{id}/team-card: the confirmed team's card to print and bring to
 * the jetty (ADR 038): the event, the team, its QR code large, and the roster with a box
 * to tick for each rower. For the booker only, as the booking's page; a team without a
 * confirmed place has no code, so no card.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireUser(request, context);
  const found = await getMyRegistration(context.db, actor, params.id);
  if (!found) throw notFoundResponse(m.bookings_not_found());
  const { registration, event } = found;
  if (!hasTeamCode(registration)) throw notFoundResponse(m.team_card_not_confirmed());
  // The booker's language, the partner's where not translated (ADR 034).
  const shown = localizeTexts(event);
  return {
    card: {
      id: registration.id,
      reference: registration.reference,
      teamName: registration.teamName,
      company: registration.company,
      rowers: registration.roster.map((member) => member.name),
      teamCode: teamCodeSvg(registration.reference, m.team_code_label({ reference: registration.reference })),
    },
    event: {
      title: shown.title,
      shownIn: shown.shownIn,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      location: formatAddress(shown),
      teamSize: event.teamSize,
    },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: loaderData ? m.team_card_meta_title({ team: loaderData.card.teamName }) : m.team_card_title(),
    path: teamCardPath(params.id),
    noindex: true,
  });

export default function TeamCard({ loaderData }: Route.ComponentProps) {
  const { card, event } = loaderData;
  // The named rowers, then a blank line for each seat still to name, to write in on the day.
  const seats = Math.max(event.teamSize, card.rowers.length);
  return (
    <main
      id="main"
      className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6 lg:px-8 print:max-w-none print:p-0"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to={bookingPath(card.id)} className={buttonVariants({ variant: "ghost", size: "sm" })}>
          <ArrowLeft aria-hidden="true" /> {m.team_card_back()}
        </Link>
        <PrintButton label={m.team_card_print()} />
      </div>

      <article className="space-y-6 rounded-lg border border-slate-300 bg-white p-6 break-inside-avoid print:rounded-none print:border-slate-500">
        <div className="flex flex-col-reverse gap-6 sm:flex-row sm:items-start sm:justify-between print:flex-row print:items-start print:justify-between">
          <div className="min-w-0 space-y-4">
            <div>
              <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
                {m.team_card_title()}
              </p>
              <h1 className="text-3xl font-bold break-words text-navy-900">{card.teamName}</h1>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-semibold text-slate-600">{m.team_card_event()}</dt>
              <dd className="break-words text-slate-900">
                <span lang={event.shownIn.title}>{event.title}</span>
                <OnlyIn lang={event.shownIn.title} inline />
              </dd>
              <dt className="font-semibold text-slate-600">{m.team_card_when()}</dt>
              <dd className="text-slate-900">
                <time dateTime={event.startsAt.toISOString()}>{formatDate(event.startsAt)}</time>,{" "}
                {formatTimeRange(event.startsAt, event.endsAt)}
              </dd>
              {event.location && (
                <>
                  <dt className="font-semibold text-slate-600">{m.team_card_where()}</dt>
                  <dd className="break-words text-slate-900" lang={event.shownIn.location}>
                    {event.location}
                  </dd>
                </>
              )}
              <dt className="font-semibold text-slate-600">{m.team_card_company()}</dt>
              <dd className="break-words text-slate-900">{card.company}</dd>
              <dt className="font-semibold text-slate-600">{m.booking_reference()}</dt>
              <dd className="font-mono font-semibold tracking-wider text-slate-900">{card.reference}</dd>
            </dl>
          </div>
          <figure className="mx-auto shrink-0 text-center sm:mx-0 print:mx-0">
            <TeamCode svg={card.teamCode} className="size-56 print:size-[60mm]" />
            <figcaption className="mt-1 font-mono text-lg font-semibold tracking-wider text-slate-900">
              {card.reference}
            </figcaption>
          </figure>
        </div>

        <section aria-labelledby="rowers-heading" className="space-y-2">
          <h2 id="rowers-heading" className="text-lg font-semibold text-navy-900">
            {m.team_card_rowers()}
          </h2>
          <p className="text-sm text-slate-600">{m.team_card_rowers_hint()}</p>
          <ul className="grid gap-x-8 sm:grid-cols-2 print:grid-cols-2">
            {Array.from({ length: seats }, (_, index) => {
              const name = card.rowers[index];
              return (
                <li key={index} className="flex items-end gap-3 py-1.5">
                  {/* A box to tick on paper; the name is what a screen reader needs. */}
                  <span aria-hidden="true" className="text-2xl leading-none text-slate-700">
                    ☐
                  </span>
                  {name ? (
                    <span className="min-w-0 flex-1 border-b border-transparent py-1 break-words text-slate-900">
                      {name}
                    </span>
                  ) : (
                    <span className="min-w-0 flex-1 border-b border-slate-400 py-1">
                      <span className="sr-only">{m.team_card_seat_empty({ number: index + 1 })}</span>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      </article>
    </main>
  );
}
