import * as z from "zod/mini";
import type * as core from "zod/v4/core";

export type FieldErrors = Record<string, string>;

export type FormResult<T> =
  { ok: true; data: T } | { ok: false; errors: FieldErrors; values: Record<string, string> };

/** The form's text values, to give back to the page so nothing typed is lost. */
export function formValues(formData: FormData, omit: string[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of formData) {
    if (typeof value === "string" && !omit.includes(name)) values[name] = value;
  }
  return values;
}

/** Each field's first message, keyed by field name. */
export function fieldErrors(issues: readonly core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Checks plain values against a form's schema; used by the browser and the server alike. */
export function validateValues<Schema extends core.$ZodType>(
  schema: Schema,
  values: Record<string, string>,
): { ok: true; data: core.output<Schema> } | { ok: false; errors: FieldErrors } {
  const result = z.safeParse(schema, values);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: fieldErrors(result.error.issues) };
}

/**
 * Validates submitted fields with the form's schema, on the server whatever the browser
 * did. Each field gets its first message; the typed values come back for the page.
 * Password fields are never sent back.
 */
export function parseForm<Schema extends core.$ZodType>(
  schema: Schema,
  formData: FormData,
  { omit = [] }: { omit?: string[] } = {},
): FormResult<core.output<Schema>> {
  const values = formValues(formData, omit);
  const result = validateValues(schema, values);
  if (result.ok) return result;
  const kept = Object.fromEntries(Object.entries(values).filter(([name]) => !/password/i.test(name)));
  return { ok: false, errors: result.errors, values: kept };
}
