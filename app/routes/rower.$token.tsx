import { getFormProps } from "@conform-to/react";
import { data, Form, useLocation } from "react-router";
import { linkPageHeaders, openCountedLink } from "#server/http/link-limit";
import { redirectAfter, runIntent } from "#server/http/run-intent";
import { acceptDeclaration } from "#server/seats/accept-declaration";
import { confirmSeat } from "#server/seats/confirm-seat";
import { resumeSeatReminders } from "#server/seats/resume-seat-reminders";
import { saveSeatAnswers } from "#server/questions/save-answers";
import { AnswersForm } from "~/components/questions/answers-form";
import { findSeatByToken } from "#server/seats/find-seat-by-token";
import { rowerPage } from "#server/seats/rower-page";
import { FormErrors } from "~/components/forms/form-errors";
import { RadioGroupField } from "~/components/ui/radio-group-field";
import { TextField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { TeamCode } from "~/components/bookings/team-code";
import { formatDate, formatInstant, formatTimeRange } from "~/lib/dates";
import type { seatConfirmationSchema } from "~/lib/forms/seat-schemas";
import { readSubmission } from "~/lib/forms/read-form.server";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { localizedPath } from "~/lib/i18n/locale";
import { pageTitle } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import type { Route } from "./+types/rower.$token";

/**
 * A rower's own page, opened from the link mailed to them (ADR 038): no account, only the
 * link. They confirm their seat, say whether they can swim 300 m, give someone to call
 * and accept the event's declaration; nobody else can answer for them. Every link that
 * opens no seat (unknown, replaced, cancelled, ended) is the same "not found".
 */
const services = (context: Route.LoaderArgs["context"]) => ({
  db: context.db,
  authSecret: context.seatLinks.authSecret,
});

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await openCountedLink(context, () => rowerPage(services(context), params.token, getLocale()));
  if (!page) throw data(null, { status: 404 });
  return page;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request);
  const here = localizedPath(`/rower/${params.token}`);
  return runIntent(
    submission,
    {
      confirm: redirectAfter(here, "seat-confirmed", (input) =>
        confirmSeat(services(context), { token: params.token, input }),
      ),
      answers: redirectAfter(here, "answers-saved", (input) =>
        saveSeatAnswers(services(context), { token: params.token, input }),
      ),
      accept: redirectAfter(here, "declaration-accepted", (input) =>
        acceptDeclaration(services(context), { token: params.token, input }),
      ),
      "resume-reminders": redirectAfter(here, "reminders-resumed", () =>
        resumeSeatReminders(services(context), { token: params.token }),
      ),
    },
    { record: () => openCountedLink(context, () => findSeatByToken(services(context), params.token)) },
  );
}

/** The link is the rower's key: no copy of the page is kept on the way. */
export const headers = linkPageHeaders;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(m.rower_meta_title()) },
  { name: "robots", content: "noindex, nofollow" },
  // Nor does the link leave with a click on any link of the page (the site's header says
  // strict-origin-when-cross-origin for every page; this page's own policy is stricter).
  // Not no-referrer: a form posted from such a page carries `Origin: null`, which the
  // site's cross-site check refuses, so the page's forms failed without JavaScript.
  { name: "referrer", content: "same-origin" },
];

type SeatForm = FormValues<typeof seatConfirmationSchema>;

/**
 * The rower's acceptance, naming the version shown above it: a text the partner changed
 * meanwhile is refused in this form's summary, and the page shows the new one.
 */
function AcceptForm({ version, reply }: { version: number; reply: FormReply | null | undefined }) {
  const { pathname } = useLocation();
  const [form] = useAppForm<{ version: string }>("accept", { lastResult: reply });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <FormErrors form={form} className="mt-0" />
      <input type="hidden" name="intent" value="accept" />
      <input type="hidden" name="version" value={version} />
      <SubmitButton pending={{ formAction: pathname, intent: "accept" }}>
        {m.rower_declaration_accept()}
      </SubmitButton>
    </Form>
  );
}

function SeatAnswers({
  seat,
  reply,
}: {
  seat: Route.ComponentProps["loaderData"]["seat"];
  reply: FormReply | null | undefined;
}) {
  const { pathname } = useLocation();
  const [form, fields] = useAppForm<SeatForm>("seat", {
    lastResult: reply,
    defaultValue: {
      swims: seat.swims === null ? undefined : seat.swims ? "yes" : "no",
      emergencyName: seat.emergencyName ?? "",
      emergencyPhone: seat.emergencyPhone ?? "",
    },
  });
  return (
    <section
      aria-labelledby="seat-answers"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id="seat-answers" className="text-lg font-semibold text-navy-900">
        {m.rower_answers_heading()}
      </h2>
      {seat.confirmedAt && (
        <p className="text-sm text-slate-700">
          {m.rower_confirmed_on({ date: formatInstant(seat.confirmedAt) })}
        </p>
      )}
      <FormErrors form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="confirm" />
        <RadioGroupField
          field={fields.swims}
          legend={m.rower_swims_legend()}
          hint={m.rower_swims_hint()}
          options={[
            { value: "yes", label: m.rower_swims_yes() },
            { value: "no", label: m.rower_swims_no() },
          ]}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.emergencyName} label={m.rower_emergency_name()} autoComplete="off" />
          <TextField
            field={fields.emergencyPhone}
            label={m.rower_emergency_phone()}
            type="tel"
            autoComplete="off"
          />
        </div>
        <SubmitButton pending={{ formAction: pathname }}>{m.rower_confirm()}</SubmitButton>
      </Form>
    </section>
  );
}

export default function RowerSeat({ loaderData, actionData }: Route.ComponentProps) {
  const { seat, team, event, declaration, acceptance, questions, answers, seatCode } = loaderData;
  const replyIntent = actionData?.initialValue?.intent;
  const seatReply = replyIntent === "answers" || replyIntent === "accept" ? null : actionData;
  const answersReply = replyIntent === "answers" ? actionData : null;
  const acceptReply = replyIntent === "accept" ? actionData : null;
  const acceptedCurrent = declaration && acceptance && acceptance.version === declaration.version;
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-6 px-4 py-10 sm:px-6">
      <header className="space-y-2">
        <p className="text-sm font-medium text-slate-600">
          {m.rower_team({ team: team.name, reference: team.reference })}
        </p>
        <h1 className="text-3xl font-bold text-navy-900">{m.rower_heading({ name: seat.name })}</h1>
        <p className="text-slate-700">
          <span lang={event.titleLang}>{event.title}</span> ·{" "}
          <time dateTime={event.startsAt.toISOString()}>{formatDate(event.startsAt)}</time>,{" "}
          {formatTimeRange(event.startsAt, event.endsAt)}
        </p>
        <p className="text-slate-600">{m.rower_intro()}</p>
      </header>

      <SeatAnswers seat={seat} reply={seatReply} />

      {questions.length > 0 && (
        <section
          aria-labelledby="questions"
          className="space-y-4 rounded-lg border border-slate-200 bg-white p-5"
        >
          <h2 id="questions" className="text-lg font-semibold text-navy-900">
            {m.questions_rower_heading()}
          </h2>
          <AnswersForm
            name="answers"
            intent="answers"
            questions={questions}
            answers={answers}
            reply={answersReply}
          />
        </section>
      )}

      <section aria-labelledby="non-swimmers" className="space-y-2 rounded-lg bg-slate-50 p-5">
        <h2 id="non-swimmers" className="text-lg font-semibold text-navy-900">
          {m.rower_non_swimmers_heading()}
        </h2>
        {event.nonSwimmers === "not_allowed" ? (
          <p className="text-slate-700">{m.rower_non_swimmers_not_allowed()}</p>
        ) : (
          <p className="text-slate-700" lang={event.nonSwimmerRuleLang}>
            {event.nonSwimmerRule}
          </p>
        )}
      </section>

      <section
        aria-labelledby="declaration"
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-5"
      >
        <h2 id="declaration" className="text-lg font-semibold text-navy-900">
          {m.rower_declaration_heading()}
        </h2>
        {declaration ? (
          <>
            <p className="text-sm text-slate-600">
              {m.rower_declaration_version({ version: declaration.version })}
            </p>
            <div lang={declaration.shownIn.text} className="whitespace-pre-line text-slate-800">
              {declaration.text}
            </div>
            {acceptance && (
              <p className="text-sm text-slate-700">
                {acceptedCurrent
                  ? m.rower_declaration_accepted({
                      version: acceptance.version,
                      date: formatInstant(acceptance.acceptedAt),
                    })
                  : m.rower_declaration_outdated({
                      version: acceptance.version,
                      current: declaration.version,
                    })}
              </p>
            )}
            {!acceptedCurrent && <AcceptForm version={declaration.version} reply={acceptReply} />}
          </>
        ) : (
          <p className="text-slate-700">{m.rower_declaration_none()}</p>
        )}
      </section>

      {seat.remindersStoppedAt && (
        <section
          aria-labelledby="reminders"
          className="space-y-3 rounded-lg border border-slate-200 bg-white p-5"
        >
          <h2 id="reminders" className="text-lg font-semibold text-navy-900">
            {m.rower_reminders_heading()}
          </h2>
          <p className="text-slate-700">
            {m.rower_reminders_stopped({ date: formatInstant(seat.remindersStoppedAt) })}
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="resume-reminders" />
            <SubmitButton>{m.rower_reminders_resume()}</SubmitButton>
          </Form>
        </section>
      )}

      {seatCode && (
        <section
          aria-labelledby="seat-code"
          className="flex items-center gap-5 rounded-lg border border-slate-200 bg-white p-5"
        >
          <TeamCode svg={seatCode.svg} className="size-32" />
          <div className="space-y-1">
            <h2 id="seat-code" className="text-lg font-semibold text-navy-900">
              {m.rower_code_heading()}
            </h2>
            <p className="text-slate-700">{m.rower_code_hint({ code: seatCode.code })}</p>
          </div>
        </section>
      )}
    </main>
  );
}
