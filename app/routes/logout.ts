import { redirect } from "react-router";
import { cookiesOf } from "#server/http/cookies";
import { redirectWithToast } from "#server/http/toast";
import { localizedPath } from "~/lib/i18n/locale";
import type { Route } from "./+types/logout";

/**
 * What a sign-out asks the browser to forget (ADR 038): the HTTP cache. Not "storage": it
 * would delete the check-in page's queue of check-ins not yet sent along with its rosters;
 * the page deletes the rosters itself when it finds the session gone, and keeps the queue
 * for the person who tapped it. Cookies are left to the session's own Set-Cookie, which
 * keeps the language and the toast.
 */
const CLEAR_SITE_DATA = '"cache"';

/**
 * POST /logout: ends the session on the server, then shows the spec's toast on /login,
 * in the language the person was using (their saved one, kept in the `lang` cookie).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { headers } = await context.auth.api.signOut({ headers: request.headers, returnHeaders: true });
  const answer = cookiesOf(headers);
  answer.set("Clear-Site-Data", CLEAR_SITE_DATA);
  return redirectWithToast(localizedPath("/login"), "logged-out", { headers: answer });
}

/** Logging out changes state, so a plain visit only leads back to the site. */
export function loader() {
  return redirect(localizedPath("/"));
}
