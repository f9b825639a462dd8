import { AppError } from "#server/errors";

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
 * better-auth's refusals as the site's one error type, with its message as it is (the
 * spec shows the provider's own message). Anything else is a real failure and rethrown.
 */
export function fromAuthError(error: unknown): AppError {
  const authError = authErrorOf(error);
  if (!authError) throw error;
  if (authError.status === 429) return new AppError("rate_limited", authError.message);
  return new AppError("invalid", authError.message, { reason: authError.code });
}
