/**
 * Only the cookies of a better-auth answer travel on to the browser; its other headers
 * describe better-auth's own response, not the page's.
 */
export function cookiesOf(source: Headers): Headers {
  const headers = new Headers();
  for (const cookie of source.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}
