import { redirect } from "react-router";
import { cookiesOf } from "#server/http/cookies";
import { redirectWithToast } from "#server/http/toast";
import { localizedPath } from "~/lib/i18n/locale";
import type { Route } from "./+types/logout";

/**
 * POST /logout: ends the session on the server, then shows the spec's toast on /login,
 * in the language the person was using (their saved one, kept in the `lang` cookie).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { headers } = await context.auth.api.signOut({ headers: request.headers, returnHeaders: true });
  return redirectWithToast(localizedPath("/login"), "logged-out", { headers: cookiesOf(headers) });
}

/** Logging out changes state, so a plain visit only leads back to the site. */
export function loader() {
  return redirect(localizedPath("/"));
}
