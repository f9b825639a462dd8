import * as core from "zod/v4/core";
import { fieldErrors } from "./parse";

/** The form's messages by field name (Conform's names; "" is the whole form), none when it is valid. */
export type BrowserCheck = (payload: Record<string, unknown>) => Record<string, string[]>;

/**
 * Checks a form in the browser with the schema its command parses on the server, for
 * `useAppForm`'s `validate`. Only pages that check forms before sending import this (and
 * with it zod); the others leave every check to the server.
 */
export function validateWith(schema: core.$ZodType): BrowserCheck {
  return (payload) => {
    const result = core.safeParse(schema, payload);
    if (result.success) return {};
    const errors = Object.entries(fieldErrors(result.error.issues));
    // Conform names the whole form "".
    return Object.fromEntries(errors.map(([name, message]) => [name === "form" ? "" : name, [message]]));
  };
}
