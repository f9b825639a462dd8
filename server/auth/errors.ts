import { APIError } from "better-auth/api";

/** better-auth's error code and status, when `error` came from it. */
export function authErrorOf(
  error: unknown,
): { code: string | undefined; status: number; message: string } | null {
  if (!(error instanceof APIError)) return null;
  const body = error.body as { code?: string; message?: string } | undefined;
  return { code: body?.code, status: error.statusCode, message: body?.message ?? error.message };
}
