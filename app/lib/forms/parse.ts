import type * as core from "zod/v4/core";

export type FieldErrors = Record<string, string>;

/** A schema path as the form names its field: `roster[1].email`; the form itself is "form". */
function fieldName(path: readonly PropertyKey[]): string {
  let name = "";
  for (const segment of path) {
    if (typeof segment === "number") name += `[${segment}]`;
    else name += name ? `.${String(segment)}` : String(segment);
  }
  return name || "form";
}

/** Each field's first message, keyed by field name. */
export function fieldErrors(issues: readonly core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[fieldName(issue.path)] ??= issue.message;
  return errors;
}
