import { parse, type Submission } from "@conform-to/react";
import * as core from "zod/v4/core";
import { fieldErrors } from "./parse";

/**
 * Checks a form in the browser with the schema its command parses on the server, for
 * Conform's `onValidate`. Only pages that check forms before sending import this (and
 * with it zod); the others leave every check to the server.
 */
export function validateWith(schema: core.$ZodType) {
  return (formData: FormData): Submission<unknown> =>
    parse(formData, {
      resolve(payload) {
        const result = core.safeParse(schema, payload);
        if (result.success) return { value: result.data };
        const errors = Object.entries(fieldErrors(result.error.issues));
        // Conform names the whole form "".
        return {
          error: Object.fromEntries(
            errors.map(([name, message]) => [name === "form" ? "" : name, [message]]),
          ),
        };
      },
    });
}
