import { createCookie, redirect } from "react-router";
import { isToastKey, type ToastKey } from "~/lib/toast-messages";

// Lives for one page view after a redirect; it holds a message key, nothing personal.
const toastCookie = createCookie("rcl_flash", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

/**
 * The one way to tell people what an action did: redirect (303, so a reload cannot
 * repeat the action) to the page that shows the result, with `key`'s toast on it. It
 * works without JavaScript too: the root layout renders the message on the next page.
 * `init.headers` may carry other cookies (a cleared session, for example).
 */
export async function redirectWithToast(url: string, key: ToastKey, init: { headers?: Headers } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie.serialize(key));
  return redirect(url, { status: 303, headers });
}

/** Reads the pending toast, with the header that clears it once shown. */
export async function takeToast(request: Request): Promise<{ toast: ToastKey | null; clear: string | null }> {
  const value: unknown = await toastCookie.parse(request.headers.get("Cookie"));
  if (!isToastKey(value)) return { toast: null, clear: null };
  return { toast: value, clear: await toastCookie.serialize("", { maxAge: 0 }) };
}
