/** A cookie the site sets, as the privacy notice names it. */
type SiteCookie = {
  /** Its name over https, and over plain http where that differs (a developer's machine). */
  names: readonly [string, ...string[]];
  purpose: string;
  lifetime: string;
};

/**
 * Every cookie the site sets, with why and for how long. A cookie the site sets that is
 * not here fails tests/integration/cookies.test.ts, which walks the site's flows.
 */
export const SITE_COOKIES: readonly SiteCookie[] = [
  {
    names: ["__Host-rcl.session_token", "rcl.session_token"],
    purpose:
      "Keeps you signed in. It holds a random key to your session, which we store with your account. It is set when you log in or confirm your e-mail address, and removed when you log out.",
    lifetime: "30 days after your last visit, unless you log out first.",
  },
  {
    names: ["rcl_flash"],
    purpose:
      "Shows a short message about what you just did, such as “You have been logged out”, on the next page. It holds which message to show, nothing about you.",
    lifetime: "1 minute at most; removed as soon as the message is shown.",
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
              <dt className="font-semibold text-slate-900">Why</dt>
              <dd>{purpose}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">How long</dt>
              <dd>{lifetime}</dd>
            </div>
          </dl>
        </div>
      ))}
    </>
  );
}
