import { AppError } from "#server/errors";
import { m } from "~/paraglide/messages";

/**
 * better-auth's error code and status, when `error` came from it. Its APIError is told by
 * name and status code, as better-auth's own `isAPIError` also accepts it: importing the
 * class would load the library (about a third of a second) wherever this is imported,
 * though an error from it can only exist once a call has loaded it (./auth.ts).
 */
export function authErrorOf(
  error: unknown,
): { code: string | undefined; status: number; message: string } | null {
  if (!(error instanceof Error) || error.name !== "APIError" || !("statusCode" in error)) return null;
  if (typeof error.statusCode !== "number") return null;
  const body = ("body" in error ? error.body : undefined) as { code?: string; message?: string } | undefined;
  return { code: body?.code, status: error.statusCode, message: body?.message ?? error.message };
}

/**
 * better-auth's messages people may see, by its error code: in English its own words (the
 * spec shows the provider's message), in Danish ours. A code not listed keeps its message.
 */
const AUTH_MESSAGES: Record<string, () => string> = {
  INVALID_EMAIL_OR_PASSWORD: m.err_auth_invalid_email_or_password,
  INVALID_PASSWORD: m.err_auth_invalid_password,
  INVALID_EMAIL: m.err_auth_invalid_email,
  INVALID_TOKEN: m.err_auth_invalid_token,
  TOKEN_EXPIRED: m.err_auth_token_expired,
  EMAIL_NOT_VERIFIED: m.err_auth_email_not_verified,
  PASSWORD_TOO_SHORT: m.err_auth_password_too_short,
  PASSWORD_TOO_LONG: m.err_auth_password_too_long,
  USER_ALREADY_EXISTS: m.err_auth_user_exists,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: m.err_auth_user_exists_use_another,
  USER_NOT_FOUND: m.err_auth_user_not_found,
  SESSION_EXPIRED: m.err_auth_session_expired,
  EMAIL_ALREADY_VERIFIED: m.err_auth_email_already_verified,
  FAILED_TO_CREATE_USER: m.err_auth_failed_to_create_user,
  FAILED_TO_UPDATE_USER: m.err_auth_failed_to_update_user,
};

/** better-auth's own rate limiter answers 429 with these words and no code. */
const AUTH_TOO_MANY_REQUESTS = "Too many requests. Please try again later.";

/** A better-auth refusal's message in the request's language. */
function authMessage(authError: { code: string | undefined; status: number; message: string }): string {
  const translated = authError.code ? AUTH_MESSAGES[authError.code] : undefined;
  if (translated) return translated();
  if (authError.status === 429 && authError.message === AUTH_TOO_MANY_REQUESTS) {
    return m.err_auth_too_many_requests();
  }
  return authError.message;
}

/**
 * better-auth's refusals as the site's one error type, with its message in the request's
 * language (`authMessage`). Anything else is a real failure and rethrown.
 */
export function fromAuthError(error: unknown): AppError {
  const authError = authErrorOf(error);
  if (!authError) throw error;
  if (authError.status === 429) return new AppError("rate_limited", authMessage(authError));
  return new AppError("invalid", authMessage(authError), { reason: authError.code });
}
