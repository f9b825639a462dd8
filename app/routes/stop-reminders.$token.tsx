import { data, Form } from "react-router";
import { isAppError } from "#server/errors";
import { linkPageHeaders, openCountedLink } from "#server/http/link-limit";
import { redirectWithToast } from "#server/http/toast";
import { seatLinkSigned } from "#server/seats/find-seat-by-token";
import { stopRemindersPage } from "#server/seats/stop-reminders-page";
import { stopSeatReminders } from "#server/seats/stop-seat-reminders";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatDate, formatInstant } from "~/lib/dates";
import { localizedPath } from "~/lib/i18n/locale";
import { pageTitle } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import type { Route } from "./+types/stop-reminders.$token";

/**
 * The link in a rower's reminders that stops them (ADR 038), for that seat only. Opening
 * it asks and changes nothing, since mail scanners open links to check them; the button,
 * or a mail provider's one-click POST (RFC 8058, the mail's `List-Unsubscribe-Post`),
 * stops them. The rower turns them on again on their own page. Every link that opens no
 * seat is the rower link's "not found", counted against the same limit per address.
 */
const services = (context: Route.LoaderArgs["context"]) => ({
  db: context.db,
  authSecret: context.seatLinks.authSecret,
});

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await openCountedLink(context, () =>
    stopRemindersPage(services(context), params.token, getLocale()),
  );
  if (!page) throw data(null, { status: 404 });
  return page;
}

/**
 * Stops them, whatever the body: the page's form sends none, a mail provider sends
 * `List-Unsubscribe=One-Click`. The answer is the page again, saying they are stopped.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const stopped = await openCountedLink(
    context,
    () =>
      stopSeatReminders(services(context), { token: params.token }).catch((error: unknown) => {
        if (isAppError(error) && error.code === "not_found") return null;
        throw error;
      }),
    // A provider's one-click comes from its shared addresses, often long after the event:
    // an old but genuine link is answered "not found" without using up the address's limit.
    () => seatLinkSigned(services(context), params.token, "stop-reminders"),
  );
  if (!stopped) throw data(null, { status: 404 });
  return redirectWithToast(localizedPath(`/stop-reminders/${params.token}`), "reminders-stopped");
}

/** The link is the rower's key to this one switch: no copy of the page is kept on the way. */
export const headers = linkPageHeaders;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(m.stop_reminders_meta_title()) },
  { name: "robots", content: "noindex, nofollow" },
  // Same-origin, as on the rower's page, so the button's post carries the site's Origin.
  { name: "referrer", content: "same-origin" },
];

export default function StopReminders({ loaderData }: Route.ComponentProps) {
  const { name, teamName, event, stoppedAt } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-navy-900">{m.stop_reminders_heading()}</h1>
      <p className="text-slate-700">
        {m.stop_reminders_intro({
          name,
          teamName,
          eventTitle: event.title,
          date: formatDate(event.startsAt),
        })}
      </p>
      {stoppedAt ? (
        <section aria-live="polite" className="space-y-2 rounded-lg border border-slate-200 bg-white p-5">
          <p className="font-medium text-navy-900">
            {m.stop_reminders_done({ date: formatInstant(stoppedAt) })}
          </p>
          <p className="text-slate-700">{m.stop_reminders_resume_hint()}</p>
        </section>
      ) : (
        <Form method="post" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
          <p className="text-slate-700">{m.stop_reminders_scope()}</p>
          <SubmitButton>{m.stop_reminders_button()}</SubmitButton>
        </Form>
      )}
    </main>
  );
}
