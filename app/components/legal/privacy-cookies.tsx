import { m } from "~/paraglide/messages";

/** A cookie the site sets, as the privacy notice names it. */
type SiteCookie = {
  /** Its name over https, and over plain http where that differs (a developer's machine). */
  names: readonly [string, ...string[]];
  /** Why it is set and how long it lasts, in the page's language (called when the list renders). */
  purpose: () => string;
  lifetime: () => string;
};

/**
 * Every cookie the site sets, with why and for how long. A cookie the site sets that is
 * not here fails tests/integration/cookies.test.ts, which walks the site's flows.
 */
export const SITE_COOKIES: readonly SiteCookie[] = [
  {
    names: ["__Host-rcl.session_token", "rcl.session_token"],
    purpose: m.privacy_cookie_session_purpose,
    lifetime: m.privacy_cookie_session_lifetime,
  },
  {
    names: ["rcl_flash"],
    purpose: m.privacy_cookie_flash_purpose,
    lifetime: m.privacy_cookie_flash_lifetime,
  },
  {
    names: ["lang"],
    purpose: m.privacy_cookie_language_purpose,
    lifetime: m.privacy_cookie_language_lifetime,
  },
];

/** The cookies, each with its name, purpose and lifetime. */
export function CookieList() {
  return (
    <>
      {SITE_COOKIES.map(({ names: [name], purpose, lifetime }) => (
        <div key={name}>
          <h3>
            <code>{name}</code>
          </h3>
          <dl className="mt-2 space-y-2">
            <div>
              <dt className="font-semibold text-slate-900">{m.legal_why()}</dt>
              <dd>{purpose()}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">{m.legal_how_long()}</dt>
              <dd>{lifetime()}</dd>
            </div>
          </dl>
        </div>
      ))}
    </>
  );
}
