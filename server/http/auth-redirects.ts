import { safeRedirectPath } from "#server/auth/viewer";

/** The parameters better-auth redirects to after an emailed link or a sign-in step. */
const REDIRECT_PARAMS = ["callbackURL", "redirectTo", "errorCallbackURL", "newUserCallbackURL"];

/** Where a password-reset link goes when its own target is refused: the page that sets the password. */
const RESET_LINK = /^\/api\/auth\/reset-password\//;

/**
 * A redirect target better-auth may follow: an absolute address on the site's own origin,
 * or a same-site path after normalisation; anything else becomes `fallback`.
 */
function safeAuthRedirect(target: string, baseUrl: string, fallback: string): string {
  const origin = new URL(baseUrl).origin;
  if (/^https?:\/\//i.test(target) && URL.canParse(target)) {
    const url = new URL(target);
    return url.origin === origin ? url.href : fallback;
  }
  return safeRedirectPath(target, fallback);
}

/**
 * The request with every redirect target in its query made safe. better-auth checks these
 * itself, but accepts paths such as "/.//evil.example" that normalise to another host and
 * then redirects to that host ("//evil.example"), so the host checks them first. Its
 * endpoints that take such targets in a body are closed over HTTP (server/auth/auth.ts).
 */
export function withSafeAuthRedirects(request: Request, baseUrl: string): Request {
  const url = new URL(request.url);
  const fallback = RESET_LINK.test(url.pathname) ? "/reset-password" : "/dashboard";
  let changed = false;
  for (const name of REDIRECT_PARAMS) {
    const values = url.searchParams.getAll(name);
    if (values.length === 0) continue;
    // A repeated parameter becomes one: its first value, made safe.
    const safe = safeAuthRedirect(values[0]!, baseUrl, fallback);
    if (values.length === 1 && safe === values[0]) continue;
    url.searchParams.set(name, safe);
    changed = true;
  }
  return changed ? new Request(url, request) : request;
}
