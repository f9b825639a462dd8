import { data } from "react-router";
import { isAppError } from "#server/errors";
import { linkPageHeaders, openCountedLink } from "#server/http/link-limit";
import { errorResponse } from "#server/http/respond";
import { redirectAfter, runIntent } from "#server/http/run-intent";
import { teamCodeSvg } from "#server/qr/team-code";
import { saveTeamAnswers } from "#server/questions/save-answers";
import { crewPage } from "#server/seats/crew-page";
import { crewBookingOfToken } from "#server/seats/find-crew-by-token";
import { resendSeatLink } from "#server/seats/resend-seat-link";
import { SeatStates } from "~/components/bookings/seat-states";
import { TeamCode } from "~/components/bookings/team-code";
import { TeamQuestions } from "~/components/questions/team-questions";
import { formatDate, formatTimeRange } from "~/lib/dates";
import { readSubmission } from "~/lib/forms/read-form.server";
import { localizedPath } from "~/lib/i18n/locale";
import { pageTitle } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import type { Route } from "./+types/crew.$token";

/**
 * A team captain's crew page, opened from the link mailed to them (ADR 038): no account,
 * only the link. It shows the team's check-in code and each rower's seat state, never
 * their answers, sends a rower their link again and takes the team's questions, as the
 * booking's page does. Every link that opens no booking (unknown, replaced, cancelled,
 * ended) is the same "not found"; a form sent by the current link from a page opened
 * before the booking was cancelled or the event ended is refused with that reason.
 */
const services = (context: Route.LoaderArgs["context"]) => ({
  db: context.db,
  jobs: context.jobs,
  baseUrl: context.baseUrl,
  authSecret: context.seatLinks.authSecret,
});

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await openCountedLink(context, () => crewPage(services(context), params.token, getLocale()));
  if (!page) throw data(null, { status: 404 });
  return {
    ...page,
    // Drawn here so the page's JavaScript carries no QR encoder.
    teamCode: teamCodeSvg(page.team.reference, m.team_code_label({ reference: page.team.reference })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request);
  const here = localizedPath(`/crew/${params.token}`);
  return runIntent(
    submission,
    {
      "resend-link": redirectAfter(here, "seat-link-sent", (input) =>
        resendSeatLink(services(context), { by: { crewToken: params.token }, seatId: input.seatId }),
      ),
      answers: redirectAfter(`${here}#questions`, "answers-saved", async (input) => {
        try {
          await saveTeamAnswers(services(context), { by: { crewToken: params.token }, input });
        } catch (error) {
          // Closed answers: the page itself is "not found" now, so the refusal is the page.
          if (isAppError(error) && error.code === "invalid_transition") throw errorResponse(error);
          throw error;
        }
      }),
    },
    // The current link of any booking: what its state allows, each command says.
    { record: () => openCountedLink(context, () => crewBookingOfToken(services(context), params.token)) },
  );
}

/** The link is the captain's key: no copy of the page is kept on the way. */
export const headers = linkPageHeaders;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(m.crew_meta_title()) },
  { name: "robots", content: "noindex, nofollow" },
  // Nor does the link leave with a click on any of the page's links; same-origin, as on the
  // rower's page, so the forms' posts carry the site's Origin.
  { name: "referrer", content: "same-origin" },
];

export default function Crew({ loaderData, actionData }: Route.ComponentProps) {
  const { team, event, seats, teamCode, questions } = loaderData;
  const answersReply = actionData?.initialValue?.intent === "answers" ? actionData : null;
  const resendReply = actionData?.initialValue?.intent === "answers" ? null : actionData;
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <header className="space-y-2">
        <p className="text-sm font-medium text-slate-600">
          {m.rower_team({ team: team.name, reference: team.reference })}
        </p>
        <h1 className="text-3xl font-bold text-navy-900">{m.crew_heading({ teamName: team.name })}</h1>
        <p className="text-slate-700">
          <span lang={event.titleLang}>{event.title}</span> ·{" "}
          <time dateTime={event.startsAt.toISOString()}>{formatDate(event.startsAt)}</time>,{" "}
          {formatTimeRange(event.startsAt, event.endsAt)}
        </p>
        <p className="text-slate-600">{m.crew_intro()}</p>
      </header>

      <section
        aria-labelledby="crew-rowers"
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-5"
      >
        <h2 id="crew-rowers" className="text-lg font-semibold text-navy-900">
          {m.seats_heading()}
        </h2>
        <SeatStates seats={seats} reply={resendReply} />
      </section>

      {questions.list.length > 0 && (
        <TeamQuestions
          questions={questions}
          reply={answersReply}
          description={m.questions_team_intro_crew()}
        />
      )}

      <section aria-labelledby="crew-code" className="space-y-3 rounded-lg bg-slate-50 p-5">
        <h2 id="crew-code" className="text-lg font-semibold text-navy-900">
          {m.booking_team_code_heading()}
        </h2>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <TeamCode svg={teamCode} className="size-40" />
          <div className="space-y-2 text-sm text-slate-700">
            <p className="font-mono text-lg font-semibold tracking-wider text-slate-900">{team.reference}</p>
            <p>{m.mail_team_code_hint({ reference: team.reference })}</p>
          </div>
        </div>
      </section>
    </main>
  );
}
