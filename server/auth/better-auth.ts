/**
 * The better-auth instance itself, loaded on first use through ./auth.ts: the library takes
 * about a third of a second and 25–30 MB to load, and a process that serves only anonymous
 * visitors never needs it (ADR 026, the start).
 */
import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { MIN_PASSWORD_LENGTH } from "~/lib/forms/account-schemas";
import { profiles, accounts, sessions, users, verifications } from "#server/db/schema";
import { databaseUnavailability } from "#server/db/unavailable";
import { enqueueEmail } from "#server/email/enqueue-email";
import { addressLocale } from "#server/email/recipients";
import { getLocale } from "~/paraglide/runtime";
import { log } from "#server/log";
import { consumeRateLimit } from "#server/security/rate-limit";
import { authEndpointKey, consumeNamedLimit } from "#server/security/rate-limits";
import {
  ACCOUNT_DISABLED,
  AUTH_COOKIES,
  authCookieName,
  CLIENT_IP_HEADER,
  SESSION_EXPIRES_IN,
  SESSION_UPDATE_AGE,
  type AuthOptions,
} from "./auth";
import { existingAccountMail, passwordResetMail, verificationMail } from "./emails";
import { splitName } from "./split-name";
import { m } from "~/paraglide/messages";

const HOUR = 60 * 60;

/**
 * How better-auth names its cookies (`authCookieName`). better-auth's own secure prefix is
 * `__Secure-`, so it is turned off and the names over https are given in full.
 */
function cookieNaming(baseUrl: string) {
  return {
    cookiePrefix: "rcl",
    useSecureCookies: false,
    ...(baseUrl.startsWith("https://")
      ? {
          defaultCookieAttributes: { secure: true, path: "/" },
          cookies: Object.fromEntries(
            AUTH_COOKIES.map((name) => [name, { name: authCookieName(baseUrl, name) }]),
          ),
        }
      : {}),
  };
}

/**
 * The better-auth instance: email and password with verification, sessions stored in
 * the database, password reset, and rate limits kept in the database so they hold
 * across app instances. Mounted at /api/auth; pages call it through `auth.api`.
 */
export function createBetterAuth({ db, jobs, background, baseUrl, secret, passwordHashing }: AuthOptions) {
  return betterAuth({
    baseURL: baseUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [baseUrl],
    // The site's own pages cover these, with their per-account limits and password rules;
    // only the emailed links and the session endpoints stay reachable over HTTP.
    disabledPaths: [
      "/sign-in/email",
      "/sign-up/email",
      "/request-password-reset",
      "/reset-password",
      "/change-password",
      "/send-verification-email",
      "/update-user",
      "/delete-user",
      "/change-email",
      "/set-password",
      // Checking a password over HTTP would let a stolen session guess it past the page's limit.
      "/verify-password",
      // Unused: sessions are not edited by hand and there are no social providers.
      "/update-session",
      "/sign-in/social",
      "/link-social",
      "/unlink-account",
      "/get-access-token",
      "/refresh-token",
      // Session tokens never reach page JavaScript: these answer with tokens or act on
      // sessions by token. The pages read the session with `auth.api.getSession`, sign
      // out through /logout and end other sessions when the password changes.
      "/get-session",
      "/list-sessions",
      "/revoke-session",
      "/revoke-sessions",
      "/revoke-other-sessions",
      "/sign-out",
      // Account details and deletion links belong to the profile page, not to scripts.
      "/list-accounts",
      "/account-info",
      "/delete-user/callback",
    ],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: HOUR,
      revokeSessionsOnPasswordReset: true,
      password: passwordHashing,
      async sendResetPassword({ user, url }) {
        const limit = await consumeNamedLimit(db, "passwordResetPerTarget", user.email.toLowerCase());
        if (!limit.allowed) return;
        // In the language of the person's profile (ADR 033).
        const locale = await addressLocale(db, user.email, getLocale());
        await enqueueEmail(jobs, db, passwordResetMail(user.email, url, locale));
      },
      // Signing up with a registered address looks like a success to the visitor; the
      // owner hears about it instead, so nobody can probe which addresses have accounts.
      async onExistingUserSignUp({ user }) {
        const locale = await addressLocale(db, user.email, getLocale());
        await enqueueEmail(jobs, db, existingAccountMail(user.email, baseUrl, locale));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * HOUR,
      async sendVerificationEmail({ user, url }) {
        // Asked for from a page (sign-up, or a new link at sign-in): in that page's language,
        // which sign-up then saves in the new profile.
        await enqueueEmail(jobs, db, verificationMail(user.email, url, getLocale()));
      },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN,
      updateAge: SESSION_UPDATE_AGE,
    },
    // better-auth limits only requests to its own HTTP routes, never `auth.api` calls.
    // Sign-in is not one of them (closed in `disabledPaths`): the login page calls
    // `auth.api.signInEmail` and its failure-only limits (RATE_LIMITS) are the only ones,
    // so no rule here may count sign-ins, successful ones included, per address.
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      customRules: {
        "/sign-up/email": { window: HOUR, max: 10 },
        "/request-password-reset": { window: HOUR, max: 5 },
        "/send-verification-email": { window: HOUR, max: 5 },
      },
      customStorage: {
        async consume(key, rule) {
          const result = await consumeRateLimit(db, authEndpointKey(key), {
            limit: rule.max,
            windowMs: rule.window * 1000,
          });
          return { allowed: result.allowed, retryAfter: result.allowed ? null : result.retryAfterSeconds };
        },
      },
    },
    // Through the site's logger: one format, the request's id, and no colour codes, which
    // better-auth's own logger writes whenever TERM names a colour terminal, even into a file.
    // A database that is short is not better-auth's error: the host answers the request 503
    // and logs it as overload, so the library's own line about it is a warning, without a stack.
    logger: {
      log: (level, message, ...args) => {
        const err = args.find((arg) => arg instanceof Error);
        const shortage = databaseUnavailability(err);
        if (shortage) log.warn({ component: "better-auth", database: shortage }, message);
        else log[level]({ component: "better-auth", ...(err ? { err } : {}) }, message);
      },
    },
    // A failure that is not one of better-auth's own answers (an APIError) goes on to the
    // host instead of becoming a bare 500 here: the host logs and reports it, or answers
    // 503 when the database is short (docs/decisions/021-shutdown-and-overload.md).
    onAPIError: { throw: true },
    advanced: {
      backgroundTasks: { handler: (task) => background.run(task) },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      ...cookieNaming(baseUrl),
    },
    databaseHooks: {
      session: {
        create: {
          // A disabled account starts no session, whichever way it signs in (the login
          // page, an invitation, the verification link). Sessions it had were deleted
          // when it was disabled (server/users/disable-user.ts).
          async before(session) {
            const [profile] = await db
              .select({ disabledAt: profiles.disabledAt })
              .from(profiles)
              .where(eq(profiles.userId, session.userId));
            if (profile?.disabledAt) {
              throw new APIError("FORBIDDEN", {
                code: ACCOUNT_DISABLED,
                message: m.err_account_disabled(),
              });
            }
          },
        },
      },
      user: {
        create: {
          // Every account has a profile; its role starts as `user` whatever the request said.
          async after(user) {
            await db
              .insert(profiles)
              .values({ userId: user.id, ...splitName(user.name), role: "user" })
              .onConflictDoNothing();
          },
        },
      },
    },
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
