import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The value of one of better-auth's signed cookies (the session's token, the "do not
 * remember me" flag), read without loading the library, or null when the cookie is missing
 * or its signature is not the site secret's. Signed as better-auth signs them (better-call's
 * signed cookies): the URL-encoded `value.signature`, the signature being the base64
 * HMAC-SHA256 of the value under the secret.
 */
export function signedCookieValue(
  cookieHeader: string | null,
  cookieName: string,
  secret: string,
): string | null {
  const value = cookieValue(cookieHeader ?? "", cookieName);
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  // Compared as text, so only the exact signature better-auth would accept is.
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/** The first cookie of that name, decoded as better-call decodes it; null if absent or malformed. */
function cookieValue(header: string, name: string): string | null {
  for (const pair of header.split(";")) {
    const equals = pair.indexOf("=");
    if (equals < 0 || pair.slice(0, equals).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(equals + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}
