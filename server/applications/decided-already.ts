import { AppError } from "#server/errors";

/** The refusal for a second decision on an application. */
export function decidedAlready(status: "pending" | "approved" | "rejected"): AppError {
  const decision = status === "approved" ? "approved" : "declined";
  return new AppError("invalid_transition", `This application has already been ${decision}.`);
}
