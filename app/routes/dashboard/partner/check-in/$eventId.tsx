import { href } from "react-router";
import { requireCheckIn } from "#server/auth/viewer";
import { checkInAssets } from "#server/check-in/check-in-assets";
import { checkInPage } from "#server/check-in/check-in-page";
import { orNotFound } from "#server/http/respond";
import { checkInWords, type CheckInConfig } from "~/check-in/page-words";
import { useCspNonce } from "~/lib/csp-nonce";
import { formatDate, formatTimeRange } from "~/lib/dates";
import { PHONE_PATTERN } from "~/lib/forms/fields";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import type { ScriptsHandle } from "~/lib/page-scripts";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import type { Route } from "./+types/$eventId";

/** The page runs its own script, app/check-in/main.ts, and no React in the browser (ADR 038). */
export const handle: ScriptsHandle = { scripts: "check-in" };

/** Where the check-in pages and their service worker live; the worker's scope. */
const CHECK_IN_FOLDER = "/dashboard/partner/check-in/";

/** In development Vite serves the script from its source; there is no build to name files. */
function pageFiles() {
  if (import.meta.env.DEV) return { script: "/app/check-in/main.ts", serviceWorker: null, wasmUrl: null };
  const assets = checkInAssets();
  return {
    script: assets.main,
    serviceWorker: { url: `${CHECK_IN_FOLDER}sw.js`, scope: CHECK_IN_FOLDER },
    wasmUrl: assets.wasm,
  };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, email } = await requireCheckIn(request, context);
  const locale = getLocale();
  const event = await orNotFound(checkInPage(context.db, actor, params.eventId, locale));
  const page = `${CHECK_IN_FOLDER}${event.id}`;
  const { script, serviceWorker, wasmUrl } = pageFiles();
  const config: CheckInConfig = {
    eventId: event.id,
    rosterUrl: `${page}/roster.json`,
    syncUrl: `${page}/sync`,
    signInUrl: `/login?redirectTo=${encodeURIComponent(page)}`,
    serviceWorker,
    wasmUrl,
    email,
    locale,
    phonePattern: PHONE_PATTERN.source,
  };
  return {
    event: {
      title: event.title,
      titleLang: event.titleLang,
      place: event.place,
      placeLang: event.placeLang,
      date: formatDate(event.startsAt, locale),
      time: formatTimeRange(event.startsAt, event.endsAt, locale),
    },
    script,
    config,
    words: checkInWords(),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: loaderData ? m.check_in_meta_title({ title: loaderData.event.title }) : m.check_in_heading(),
    path: `${CHECK_IN_FOLDER}${params.eventId}`,
    noindex: true,
  });

/** JSON inside a <script> element: `<` escaped, so no text in it can end the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The page as the server renders it: the header, the status line, the way to find a team
 * and the empty roll call, which the script fills from the roster saved on the phone.
 */
export default function CheckIn({ loaderData }: Route.ComponentProps) {
  const { event, script, config, words } = loaderData;
  const nonce = useCspNonce();
  return (
    <main id="main" className="mx-auto w-full max-w-2xl space-y-6 px-4 py-6">
      <header className="space-y-1">
        <p className="text-sm font-semibold text-slate-600">
          {m.check_in_heading()} ·{" "}
          <a href={href("/dashboard")} className="underline">
            RCL
          </a>
        </p>
        <h1 className="text-2xl font-bold text-navy-900" lang={event.titleLang}>
          {event.title}
        </h1>
        <p className="text-slate-700">
          {event.date}, {event.time} · <span lang={event.placeLang}>{event.place}</span>
        </p>
        <p id="check-in-status" role="status" className="text-sm text-slate-700">
          {m.check_in_loading()}
        </p>
        <p id="check-in-alert" role="alert" className="text-sm font-medium text-red-700"></p>
        <p id="check-in-announce" role="status" className="sr-only"></p>
        <form id="check-in-sign-out" method="post" action="/logout">
          <button
            type="submit"
            className="rounded-md border border-slate-400 bg-white px-3 py-1 text-sm font-medium"
          >
            {m.check_in_sign_out()}
          </button>
        </form>
        <div
          id="check-in-sign-out-warning"
          role="alert"
          hidden
          className="space-y-2 rounded-lg border border-amber-600 bg-amber-50 p-3"
        ></div>
        <noscript>
          <p className="font-medium text-red-700">{m.check_in_needs_javascript()}</p>
        </noscript>
      </header>

      <section
        aria-labelledby="check-in-find-heading"
        className="space-y-3 rounded-lg bg-white p-4 shadow-sm"
      >
        <h2 id="check-in-find-heading" className="text-lg font-semibold text-navy-900">
          {m.check_in_find_heading()}
        </h2>
        <button
          type="button"
          id="check-in-scan"
          hidden
          className="w-full rounded-md bg-navy-900 px-4 py-3 font-semibold text-white"
        >
          {m.check_in_scan()}
        </button>
        <video
          id="check-in-video"
          hidden
          muted
          playsInline
          aria-label={m.check_in_scan_video()}
          className="w-full rounded-md bg-black"
        ></video>
        <form id="check-in-find" className="space-y-1" noValidate>
          <label htmlFor="check-in-reference" className="block font-medium text-slate-900">
            {m.check_in_reference_label()}
          </label>
          <p id="check-in-reference-hint" className="text-sm text-slate-600">
            {m.check_in_reference_hint()}
          </p>
          <div className="flex gap-2">
            <input
              id="check-in-reference"
              name="reference"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-describedby="check-in-reference-hint check-in-reference-error"
              className="min-w-0 flex-1 rounded-md border border-slate-400 px-3 py-2 text-lg uppercase"
            />
            <button type="submit" className="rounded-md bg-navy-900 px-4 py-2 font-semibold text-white">
              {m.check_in_open()}
            </button>
          </div>
          <p id="check-in-reference-error" className="text-sm font-medium text-red-700"></p>
        </form>
      </section>

      <section
        id="check-in-roll-call"
        aria-labelledby="check-in-team-heading"
        hidden
        className="space-y-4"
      ></section>

      <section id="check-in-refused" aria-labelledby="check-in-refused-heading" hidden className="space-y-2">
        <h2 id="check-in-refused-heading" className="text-lg font-semibold text-red-800">
          {m.check_in_refused_heading()}
        </h2>
        <ul id="check-in-refused-list" className="space-y-2"></ul>
      </section>

      <script
        id="check-in-config"
        type="application/json"
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: scriptJson(config) }}
      />
      <script
        id="check-in-words"
        type="application/json"
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: scriptJson(words) }}
      />
      <script type="module" src={script} nonce={nonce} />
    </main>
  );
}
