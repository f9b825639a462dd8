import { useForm, type DefaultValue, type Submission, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { useLocation } from "react-router";
import type * as core from "zod/v4/core";

/** The fields of a form whose schema is `Schema`, for `useAppForm<FormValues<typeof schema>>`. */
export type FormValues<Schema extends core.$ZodType> = core.input<Schema> & Record<string, unknown>;

/** The action's answer when it refused the form (see `replyWithRefusal`), or nothing. */
export type FormReply = SubmissionResult<string[]>;

type AppFormOptions<Values extends Record<string, unknown>> = {
  lastResult?: FormReply | null;
  /** The stored values an edit form starts from. */
  defaultValue?: DefaultValue<Values>;
  /** The browser-side check (`validateWith(schema)`); without it only the server checks. */
  validate?: (formData: FormData) => Submission<unknown>;
};

/**
 * A form of the site on Conform: nothing is checked until the first submit, then (when
 * the page checks in the browser) every change re-checks, so messages clear as people
 * fix them; a refused submit focuses the first field in error. After a success the action redirects (with a toast) and the
 * form starts again from its default values.
 */
export function useAppForm<Values extends Record<string, unknown>>(
  name: string,
  { lastResult, defaultValue, validate }: AppFormOptions<Values> = {},
) {
  const { key } = useLocation();
  // A new location without a refusal is a redirect after a success (or another visit):
  // a new form id makes Conform start again. The id is a count, not the location's key,
  // which differs between the server's render and the browser's.
  const [seen, setSeen] = useState({ key, resets: 0 });
  if (seen.key !== key) setSeen({ key, resets: lastResult ? seen.resets : seen.resets + 1 });
  return useForm<Values>({
    id: `${name}-${seen.resets}`,
    lastResult,
    defaultValue,
    shouldValidate: "onSubmit",
    // Without a browser check Conform would ask the server at every input; the server
    // then answers at the next submit instead.
    shouldRevalidate: validate ? "onInput" : "onSubmit",
    // The page reads only the messages; the parsed value is for the server.
    onValidate: validate ? ({ formData }) => validate(formData) as Submission<Values> : undefined,
  });
}
