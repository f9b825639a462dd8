import { getFormProps } from "@conform-to/react";
import { ArrowLeft } from "~/components/icons/arrow-left";
import { Form, Link } from "react-router";
import { requireArea } from "#server/auth/viewer";
import { loadManagedEvent } from "#server/events/managed-event";
import { orNotFound, replyWithRefusal } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { eventDay } from "#server/seats/event-day";
import { saveDeclaration } from "#server/seats/save-declaration";
import type { SeatState } from "#server/seats/seat-state";
import { FormErrors } from "~/components/forms/form-errors";
import { TextPair, WrittenLanguagesProvider } from "~/components/forms/translation-fields";
import { checkInPagePath, crewListPath, eventDayPath } from "~/components/registrations/partner-paths";
import { buttonVariants } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatDate, formatInstant, formatTimeRange } from "~/lib/dates";
import { declarationSchema } from "~/lib/forms/seat-schemas";
import { readSubmission } from "~/lib/forms/read-form.server";
import { useAppForm, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { otherLocale } from "~/lib/i18n/locale";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import { editEventPath } from "~/lib/paths";
import { seatStateLabel } from "~/lib/words/seats";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/$id.day";

/**
 * The event's day on the water, for the partner's members and admins (ADR 038): the
 * declaration each rower accepts, its versions, the seats by state, and the way to the
 * check-in page. Check-in staff have no partner area, so the area's gate refuses them.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  return orNotFound(eventDay(context.db, actor, params.id));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  // Another partner's event is "not found" before the form is read.
  await orNotFound(loadManagedEvent(context.db, actor, params.id));
  const { submission } = await readSubmission(request);
  try {
    const { created } = await saveDeclaration(context, {
      actor,
      eventId: params.id,
      input: submission.payload,
    });
    return redirectWithToast(
      eventDayPath(params.id),
      created ? "declaration-saved" : "declaration-unchanged",
    );
  } catch (error) {
    return replyWithRefusal(submission, error);
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: loaderData ? m.partner_day_title({ title: loaderData.event.title }) : m.partner_day_heading(),
    path: eventDayPath(params.id),
    noindex: true,
  });

const STATES: SeatState[] = ["no_address", "invited", "declaration_missing", "confirmed"];

const validate = validateWith(declarationSchema);

export default function EventDay({ loaderData, actionData }: Route.ComponentProps) {
  const { event, versions, current, seats } = loaderData;
  const [form, fields] = useAppForm<FormValues<typeof declarationSchema>>(`declaration-${event.id}`, {
    lastResult: actionData,
    defaultValue: { text: current?.text ?? "", textTranslation: current?.textTranslation ?? "" },
    validate,
  });
  const total = STATES.reduce((sum, state) => sum + seats[state], 0);
  return (
    <main id="main" className="mx-auto w-full max-w-4xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <nav aria-label={m.partner_day_nav_label()} className="flex flex-wrap gap-2">
        <Link to={editEventPath(event.id)} className={buttonVariants({ variant: "ghost", size: "sm" })}>
          <ArrowLeft aria-hidden="true" /> {m.partner_day_back()}
        </Link>
        <Link to={crewListPath(event.id)} className={buttonVariants({ variant: "ghost", size: "sm" })}>
          {m.partner_crew_list()}
        </Link>
      </nav>
      <header className="space-y-1">
        <p className="text-sm font-medium text-slate-600">{m.partner_day_heading()}</p>
        <h1 className="text-2xl font-bold break-words text-navy-900 sm:text-3xl">{event.title}</h1>
        <p className="text-slate-700">
          <time dateTime={event.startsAt.toISOString()}>{formatDate(event.startsAt)}</time>,{" "}
          {formatTimeRange(event.startsAt, event.endsAt)} · {event.partnerName}
        </p>
      </header>

      <section aria-labelledby="day-check-in" className="space-y-2">
        <h2 id="day-check-in" className="text-xl font-semibold text-navy-900">
          {m.partner_day_check_in_heading()}
        </h2>
        <p className="text-slate-700">{m.partner_day_check_in_hint()}</p>
        <a href={checkInPagePath(event.id)} className={buttonVariants({ variant: "default" })}>
          {m.partner_day_open_check_in()}
        </a>
      </section>

      <section aria-labelledby="day-seats" className="space-y-2">
        <h2 id="day-seats" className="text-xl font-semibold text-navy-900">
          {m.partner_day_seats_heading()}
        </h2>
        <p className="text-sm text-slate-600">{m.partner_day_seats_intro({ count: total })}</p>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {STATES.map((state) => (
            <div key={state} className="rounded-lg border border-slate-200 bg-white p-3">
              <dt className="text-sm text-slate-600">{seatStateLabel(state)}</dt>
              <dd className="text-2xl font-semibold text-navy-900 tabular-nums">{seats[state]}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="day-declaration" className="space-y-4">
        <h2 id="day-declaration" className="text-xl font-semibold text-navy-900">
          {m.partner_day_declaration_heading()}
        </h2>
        <p className="text-slate-700">{m.partner_day_declaration_intro()}</p>
        <WrittenLanguagesProvider languages={{ main: event.language, other: otherLocale(event.language) }}>
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <FormErrors form={form} className="mt-0" />
            <TextPair
              main={fields.text}
              translation={fields.textTranslation}
              label={m.partner_day_declaration_label()}
              hint={m.partner_day_declaration_hint()}
              rows={8}
              required
            />
            <SubmitButton pendingLabel={m.partner_day_declaration_saving()}>
              {m.partner_day_declaration_save()}
            </SubmitButton>
          </Form>
        </WrittenLanguagesProvider>

        <h3 className="text-lg font-semibold text-navy-900">{m.partner_day_versions_heading()}</h3>
        {versions.length === 0 ? (
          <p className="text-slate-600">{m.partner_day_versions_none()}</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{m.partner_day_versions_heading()}</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-4">
                  {m.partner_day_versions_version()}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {m.partner_day_versions_saved()}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {m.partner_day_versions_by()}
                </th>
                <th scope="col" className="py-2 text-right">
                  {m.partner_day_versions_accepted()}
                </th>
              </tr>
            </thead>
            <tbody>
              {versions.map((version) => (
                <tr key={version.id} className="border-b border-slate-200">
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {version.id === current?.id
                      ? m.partner_day_version_current({ version: version.version })
                      : m.partner_day_version({ version: version.version })}
                  </th>
                  <td className="py-2 pr-4">
                    <time dateTime={version.createdAt.toISOString()}>{formatInstant(version.createdAt)}</time>
                  </td>
                  <td className="py-2 pr-4 break-words">
                    {version.authorName ?? m.partner_day_versions_author_gone()}
                  </td>
                  <td className="py-2 text-right tabular-nums">{version.accepted}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </main>
  );
}
