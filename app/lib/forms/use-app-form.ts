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
 * A form of the site on Conform: nothing is checked until the first submit, then every
 * change re-checks, so messages clear as people fix them; a refused submit focuses the
 * first field in error. After a success the action redirects (with a toast) and the
 * form starts again from its default values.
 */
export function useAppForm<Values extends Record<string, unknown>>(
  name: string,
  { lastResult, defaultValue, validate }: AppFormOptions<Values> = {},
) {
  const { key } = useLocation();
  // A new location without a refusal is a fresh page or a redirect after a success.
  const [formKey, setFormKey] = useState(key);
  if (!lastResult && formKey !== key) setFormKey(key);
  return useForm<Values>({
    id: `${name}-${formKey}`,
    lastResult,
    defaultValue,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // The page reads only the messages; the parsed value is for the server.
    onValidate: validate ? ({ formData }) => validate(formData) as Submission<Values> : undefined,
  });
}
