import type { MiddlewareHandler } from "hono";
import { m } from "~/paraglide/messages";

/**
 * `%00` in a path decodes to U+0000 (React Router decodes route parameters), and no other
 * escape does: an overlong UTF-8 form (`%C0%80`) is not decoded to it. `%2500` is the text
 * "%00" and passes.
 */
const ENCODED_NUL = /%00/i;

/** Whether a URL's decoded path, or any key or value of its query, holds U+0000. */
export function hasNulCharacter(url: URL): boolean {
  if (ENCODED_NUL.test(url.pathname)) return true;
  for (const [key, value] of url.searchParams) {
    if (key.includes("\u0000") || value.includes("\u0000")) return true;
  }
  return false;
}

/**
 * PostgreSQL refuses U+0000 in text, so a NUL that reached a query would fail it as a 500
 * on every page that reads a parameter. No link of the site has one: the host refuses it
 * here, once for every route, with 400 and a plain message. Form bodies are the shared form
 * reading's to refuse (app/lib/forms/read-form.server.ts), where they are parsed.
 */
export function refuseNulCharacters(): MiddlewareHandler {
  return async (c, next) => {
    if (hasNulCharacter(new URL(c.req.url))) return c.text(m.err_nul_character(), 400);
    await next();
  };
}
