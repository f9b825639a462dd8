/**
 * Sign-in, sessions and account mail through better-auth. The library itself is configured
 * in ./better-auth.ts and loaded on the first call that needs it; what pages and the host
 * use without it (the request's headers and the codes) lives here; its mails are in ./emails.ts.
 */
import type { BackgroundTasks } from "#server/background-tasks";
import type { Database } from "#server/db/client";
import type { MailQueue } from "#server/email/enqueue-email";
import type { BetterAuth } from "./better-auth";
import { signedCookieValue } from "./session-cookie";

/**
 * The header that carries the visitor's address to better-auth. The host always sets it
 * from the connection, so a client cannot choose its own rate-limit key.
 */
export const CLIENT_IP_HEADER = "x-rcl-client-ip";

/** How long a session lasts, and how often its expiry is pushed back while it is used, in seconds. */
export const SESSION_EXPIRES_IN = 30 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE = 24 * 60 * 60;

/** The cookies better-auth sets: those of the session and the "do not remember me" flag. */
export const AUTH_COOKIES = ["session_token", "session_data", "dont_remember", "account_data"] as const;

/**
 * A better-auth cookie's full name. Over https it carries the `__Host-` prefix, with which
 * the browser only keeps a cookie that is Secure, has Path=/ and no Domain, so neither
 * plain http nor a sibling subdomain can set or replace the session; over http
 * (development, tests on a laptop) it is `rcl.session_token` and so on.
 */
export function authCookieName(baseUrl: string, cookie: (typeof AUTH_COOKIES)[number]): string {
  return `${baseUrl.startsWith("https://") ? "__Host-" : ""}rcl.${cookie}`;
}

/** better-auth's error code when a disabled account tries to start a session; the login page words it. */
export const ACCOUNT_DISABLED = "ACCOUNT_DISABLED";

export type AuthOptions = {
  db: Database;
  jobs: MailQueue;
  /**
   * better-auth runs its mail callbacks after the response, so timing reveals nothing
   * about which addresses have accounts. The callbacks only queue the mail: the account
   * or token they report was written by better-auth just before.
   */
  background: BackgroundTasks;
  /** The public origin; links in mail and cookies are built from it. */
  baseUrl: string;
  secret: string;
  /**
   * How passwords are hashed and checked; better-auth's own scrypt when absent, as in
   * every deployment. Only the tests that drive the site in-process pass a cheaper one
   * (tests/support/password-hashing.ts): its cost is what they never test, and it was a
   * seventh of a test run.
   */
  passwordHashing?: PasswordHashing;
};

export type PasswordHashing = {
  hash(password: string): Promise<string>;
  verify(stored: { hash: string; password: string }): Promise<boolean>;
};

/**
 * The request's headers for a call to `auth.api`, with the client address the host
 * determined; a value the client sent in that header itself is replaced.
 */
export function authHeaders(request: Request, clientIp: string): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, clientIp);
  return headers;
}

/** The better-auth endpoints the site calls; another must be named here before it is used. */
const ENDPOINTS = [
  "getSession",
  "signInEmail",
  "signUpEmail",
  "signOut",
  "sendVerificationEmail",
  "requestPasswordReset",
  "resetPassword",
  "changePassword",
  "verifyPassword",
] as const;

/** What the site uses of a better-auth instance: the named endpoints, the HTTP handler and its context. */
export type Auth = {
  api: Pick<BetterAuth["api"], (typeof ENDPOINTS)[number]>;
  handler: BetterAuth["handler"];
  $context: BetterAuth["$context"];
  /**
   * The request's session cookie, read without loading the library for the viewer's
   * one-query lookup: its token if better-auth would accept its signature (else null), and
   * whether the session is extended while used, as it is unless its person signed in
   * without "remember me".
   */
  sessionCookie(request: Request): { token: string; extended: boolean } | null;
};

/**
 * The better-auth instance, mounted at /api/auth (./better-auth.ts has its settings). It is
 * created on the first call to one of its endpoints, its handler or its context, so a
 * process that only serves anonymous visitors never loads the library: an anonymous
 * request never asks it anything (ADR 024), and loading it at start cost a third of a
 * second and 25–30 MB in every process (ADR 026). The first signed-in request of a
 * process waits for it instead.
 */
export function createAuth(options: AuthOptions): Auth {
  let instance: Promise<BetterAuth> | undefined;
  const load = () =>
    (instance ??= import("./better-auth")
      .then(({ createBetterAuth }) => createBetterAuth(options))
      .catch((error: unknown) => {
        // Forgotten, so the next request tries again rather than every one failing until a restart.
        instance = undefined;
        throw error;
      }));
  const api: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const endpoint of ENDPOINTS) {
    api[endpoint] = async (...args) => {
      const auth = await load();
      return Reflect.apply(auth.api[endpoint], auth.api, args) as unknown;
    };
  }
  return {
    // Each wrapper passes its arguments and result through unchanged, so it has the
    // endpoint's own (generic) signature.
    api: api as unknown as Auth["api"],
    handler: async (request) => (await load()).handler(request),
    get $context() {
      return load().then((auth) => auth.$context);
    },
    sessionCookie: (request) => {
      const cookies = request.headers.get("cookie");
      const signed = (cookie: (typeof AUTH_COOKIES)[number]) =>
        signedCookieValue(cookies, authCookieName(options.baseUrl, cookie), options.secret);
      const token = signed("session_token");
      return token ? { token, extended: !signed("dont_remember") } : null;
    },
  };
}
