import type { BrowserContext } from "playwright-core";
import { inject } from "vitest";

/** An account the global setup created or seeded, with a session it opened for it. */
export type SignedInAccount = {
  email: string;
  name: string;
  /** The cookies better-auth set when the session was opened, as the browser would keep them. */
  cookies: { name: string; value: string }[];
};

/**
 * Signs the browser context in as `account` by giving it the account's session cookie:
 * quicker and steadier than the sign-in form, which only the tests about signing in use.
 */
export async function signInAs(context: BrowserContext, account: SignedInAccount) {
  const url = inject("baseUrl");
  await context.addCookies(
    account.cookies.map((cookie) => ({ ...cookie, url, httpOnly: true, sameSite: "Lax" as const })),
  );
}
