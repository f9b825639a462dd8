/**
 * Only the cookies of a better-auth answer travel on to the browser; its other headers
 * describe better-auth's own response, not the page's.
 */
export function cookiesOf(source: Headers): Headers {
  const headers = new Headers();
  for (const cookie of source.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * Adds the Secure attribute to every cookie in `headers` that lacks it, so a browser never
 * sends it back over plain http. For answers served over https.
 */
export function markCookiesSecure(headers: Headers): void {
  const cookies = headers.getSetCookie();
  if (!cookies.some((cookie) => !isSecure(cookie))) return;
  headers.delete("Set-Cookie");
  for (const cookie of cookies) headers.append("Set-Cookie", isSecure(cookie) ? cookie : `${cookie}; Secure`);
}

const isSecure = (cookie: string) => /;\s*secure\s*(;|$)/i.test(cookie);
