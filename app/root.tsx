import "~/lib/i18n/runtime";
import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { keepPageUrl, lookUpViewer } from "#server/auth/viewer";
import { isDatabaseUnavailable } from "#server/db/unavailable";
import { reportError } from "#server/error-reporting";
import { takeToast } from "#server/http/toast";
import { getSiteSettings } from "#server/settings/queries";
import { PageNotFound, refusedRequestMessage, ServerErrorPage } from "~/components/site/error-pages";
import { Navbar } from "~/components/site/navbar";
import { restoreCarriedFormsIfAny } from "~/components/site/carried-forms-key";
import { LanguageOffer } from "~/components/site/language-offer";
import { NavigationStatus } from "~/components/site/navigation-status";
import { notify, Toaster } from "~/components/ui/toaster";
import { useCspNonce } from "~/lib/csp-nonce";
import { usePageOwnScripts } from "~/lib/page-scripts";
import { deferredComponent } from "~/lib/deferred-component";
import { copenhagenYear } from "~/lib/dates";
import { unlocalizedPath } from "~/lib/i18n/locale";
import { useRootData } from "~/lib/use-root-data";
import { APPLE_TOUCH_ICON, THEME_COLOR } from "~/lib/site-icons";
import { TOAST_MESSAGES, type ToastKey } from "~/lib/toast-messages";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

export const middleware: Route.MiddlewareFunction[] = [keepPageUrl];

/**
 * The footer is below every page's fold: the server renders it, and its code and words
 * (the social icons, the contact block) load as the page hydrates (ADR 027), which keeps
 * each page's first load within budget in both languages (ADR 033).
 */
const siteFooter = deferredComponent(() =>
  import("~/components/site/footer").then((module) => module.Footer),
);

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  {
    rel: "apple-touch-icon",
    href: APPLE_TOUCH_ICON.src,
    sizes: `${APPLE_TOUCH_ICON.size}x${APPLE_TOUCH_ICON.size}`,
  },
];

/**
 * The layout's data must not take every page down with it: when the database fails,
 * the page's own loader fails too and its error page (with its own message) shows.
 */
async function orNull<T>(work: Promise<T>, what: string, failed: () => void): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    // The database is short: the whole request is answered 503 (server/http/overload.ts).
    if (isDatabaseUnavailable(error)) throw error;
    reportError(error, `Could not load the ${what} for the layout.`);
    failed();
    return null;
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  let fellBack = false;
  const failed = () => {
    fellBack = true;
  };
  const [settings, lookup, { toast, clear }] = await Promise.all([
    orNull(getSiteSettings(context.db), "site settings", failed),
    orNull(lookUpViewer(request, context), "signed-in person", failed),
    takeToast(request),
    siteFooter.ready(),
  ]);
  const headers = new Headers();
  // A page without its footer's details is for this request only, never held (ADR 024).
  if (fellBack) headers.set("Cache-Control", "no-store");
  // better-auth sometimes extends the session while reading it; its cookie is passed on.
  for (const cookie of lookup?.headers.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  if (clear) headers.append("Set-Cookie", clear);
  const viewer = lookup?.viewer;
  return data(
    {
      settings,
      year: copenhagenYear(new Date()),
      baseUrl: context.baseUrl,
      // Only what the navbar needs; pages load their own details.
      viewer: viewer ? { firstName: viewer.firstName, role: viewer.role } : null,
      toast,
      // The words travel with the page, so the browser does not need the table of them.
      toastMessage: toast ? TOAST_MESSAGES[toast]() : null,
    },
    { headers },
  );
}

/**
 * The layout's data (the signed-in person, the settings, a redirect's toast) changes with
 * submits only: signing in or out, saving a profile, an action that redirects with a
 * toast. Moving to another page fetches that page's data alone, so when it fails to load,
 * the page's own error boundary answers (an event's toast, spec §8) instead of the whole
 * site's error page.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod !== "GET" && defaultShouldRevalidate;
}

/** Clears a shown toast's cookie and passes on better-auth's session cookie. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/**
 * Partner profiles are full-bleed pages; the dashboard and the account pages have their
 * own layouts. None of them shows the site's navbar and footer.
 */
const PATHS_WITHOUT_CHROME =
  /^\/(partners\/|dashboard(\/|$)|login$|signup$|forgot-password$|reset-password$)/;

function showsSiteChrome(pathname: string) {
  return !PATHS_WITHOUT_CHROME.test(unlocalizedPath(pathname));
}

/**
 * Shows the toast a redirect asked for (see server/http/toast.ts). Without JavaScript
 * the same message is rendered as a status line, so nobody misses what happened.
 */
function RedirectToast({ toastKey, message }: { toastKey: ToastKey | null; message: string | null }) {
  useEffect(() => {
    if (toastKey && message) notify("success", message, { id: toastKey });
  }, [toastKey, message]);
  if (!toastKey || !message) return null;
  return (
    <noscript>
      <p
        role="status"
        className="fixed right-4 bottom-4 z-50 rounded-md bg-navy-900 px-4 py-3 text-sm text-white print:hidden"
      >
        {message}
      </p>
    </noscript>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useCspNonce();
  const { pathname } = useLocation();
  const rootData = useRootData();
  const chrome = showsSiteChrome(pathname);
  // The check-in page loads its own small script instead (ADR 038): no React in the browser.
  const ownScripts = usePageOwnScripts();
  // What was typed before the language switch, put back in the forms of the page it opened.
  useEffect(restoreCarriedFormsIfAny, []);
  return (
    <html lang={getLocale()}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        {/* With a precedence React writes the stylesheet before the scripts' preloads, so
            the one file that blocks the first paint is fetched first (ADR 027). */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          {m.skip_to_content()}
        </a>
        {chrome && <Navbar viewer={rootData?.viewer ?? null} />}
        <div className="flex-1">{children}</div>
        {chrome && (
          <siteFooter.Component
            settings={rootData?.settings ?? null}
            year={rootData?.year ?? copenhagenYear(new Date())}
          />
        )}
        <NavigationStatus />
        <LanguageOffer />
        <RedirectToast toastKey={rootData?.toast ?? null} message={rootData?.toastMessage ?? null} />
        <Toaster />
        {!ownScripts && <ScrollRestoration nonce={nonce} />}
        {!ownScripts && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <PageNotFound />;
  return (
    <ServerErrorPage
      status={isRouteErrorResponse(error) ? error.status : 500}
      message={refusedRequestMessage(error)}
    />
  );
}
