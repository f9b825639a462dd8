import type { FieldErrors } from "~/lib/forms/parse";

/**
 * Why a registration command refused. Pages turn the code into a status and show the
 * message as it is, so every message is written for the person who booked.
 */
export type RegistrationErrorCode = "invalid" | "not_found" | "closed" | "full" | "conflict";

/** What closed the door, for pages that word their banner themselves. */
export type ClosedReason = "cancelled" | "ended" | "started" | "deadline" | "registration_cancelled";

const STATUS: Record<RegistrationErrorCode, number> = {
  invalid: 400,
  not_found: 404,
  closed: 409,
  full: 409,
  conflict: 409,
};

export class RegistrationError extends Error {
  override readonly name = "RegistrationError";
  readonly code: RegistrationErrorCode;
  /** Each field's first message, for `invalid`. */
  readonly fields: FieldErrors;
  readonly reason: ClosedReason | undefined;

  constructor(
    code: RegistrationErrorCode,
    message: string,
    { fields = {}, reason }: { fields?: FieldErrors; reason?: ClosedReason } = {},
  ) {
    super(message);
    this.code = code;
    this.fields = fields;
    this.reason = reason;
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export function isRegistrationError(error: unknown): error is RegistrationError {
  return error instanceof RegistrationError;
}

export const notFound = () => new RegistrationError("not_found", "We could not find that registration.");
export const eventNotFound = () =>
  new RegistrationError("not_found", "This event does not exist or is not open for registration.");
