import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import type * as core from "zod/v4/core";
import { formValues, validateValues, type FieldErrors } from "./parse";

/**
 * Browser-side validation with the form's own schema: nothing is checked until the
 * first submit; from then on every change re-checks, so messages clear as people fix
 * them. The server validates again whatever happens here.
 */
export function useFormValidation(schema: core.$ZodType, serverErrors: FieldErrors = {}) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const submitted = useRef(false);

  function check(form: HTMLFormElement): FieldErrors {
    const result = validateValues(schema, formValues(new FormData(form)));
    const errors = result.ok ? {} : result.errors;
    setClientErrors(errors);
    return errors;
  }

  return {
    /** Client messages once the form has been checked, otherwise the server's. */
    errors: clientErrors ?? serverErrors,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      submitted.current = true;
      const errors = check(event.currentTarget);
      const first = Object.keys(errors)[0];
      if (first) {
        event.preventDefault();
        event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      }
    },
    onChange(event: ChangeEvent<HTMLFormElement>) {
      if (submitted.current) check(event.currentTarget);
    },
  };
}
