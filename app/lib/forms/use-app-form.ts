import { parse, useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type * as core from "zod/v4/core";
import type { BrowserCheck } from "./validate";

/** The fields of a form whose schema is `Schema`, for `useAppForm<FormValues<typeof schema>>`. */
export type FormValues<Schema extends core.$ZodType> = core.input<Schema> & Record<string, unknown>;

/** The action's answer when it refused the form (see `replyWithRefusal`), or nothing. */
export type FormReply = SubmissionResult<string[]>;

type AppFormOptions<Values extends Record<string, unknown>> = {
  lastResult?: FormReply | null;
  /** The stored values an edit form starts from. */
  defaultValue?: DefaultValue<Values>;
  /** The browser-side check (`validateWith(schema)`); without it only the server checks. */
  validate?: BrowserCheck;
};

type Messages = Record<string, string[]>;

/**
 * A form of the site on Conform: nothing is checked until the first submit, then every
 * change re-checks, so messages clear as people fix them. Pages that check in the browser
 * pass `validate`; on the others the server's messages stand until their field is changed
 * into something the browser accepts, and the server checks again at the next submit.
 * After a success the action redirects (with a toast) and the form starts again from its
 * default values; nothing else empties it (see `useFormRound`).
 */
export function useAppForm<Values extends Record<string, unknown>>(
  name: string,
  { lastResult, defaultValue, validate }: AppFormOptions<Values> = {},
) {
  const [round, markSent] = useFormRound(lastResult);
  const id = `${name}-${round}`;
  const answered = useAnsweredValues(id, lastResult);
  return useForm<Values>({
    id,
    lastResult,
    defaultValue,
    shouldValidate: "onSubmit",
    // Checked in the browser only: a server-checked form re-reads the server's last answer.
    shouldRevalidate: "onInput",
    onValidate: ({ form, formData }) =>
      parse<Values, string[]>(formData, {
        resolve(payload, intent) {
          const errors = validate?.(payload) ?? {};
          // A check while typing: the browser's own messages and the server's that still stand.
          if (intent) {
            return {
              error: { ...standingServerMessages(lastResult, answered.current, form, formData), ...errors },
            };
          }
          if (Object.keys(errors).length > 0) return { error: errors };
          markSent();
          // The page reads only the messages; the value is parsed by the server.
          return { value: payload as Values };
        },
      }),
  });
}

/**
 * The form's round: its Conform id counts them, and a new id makes Conform start again
 * (every field back to its default). A round ends when this form's submit went through
 * and the action did not refuse it (it redirected, usually back here with a toast), or
 * when the route shows another page (another booking). Any other change of the address
 * keeps every character typed: a link to a spot on the page (the error summary's), the
 * same address again, a new query. The count, not the location's key, is the id, since
 * the key differs between the server's render and the browser's.
 */
function useFormRound(lastResult: FormReply | null | undefined) {
  const { key, pathname } = useLocation();
  const [round, setRound] = useState({ key, pathname, sent: false, count: 0 });
  if (round.key !== key) {
    const startAgain = round.pathname !== pathname || (round.sent && !lastResult);
    setRound({ key, pathname, sent: false, count: startAgain ? round.count + 1 : round.count });
  }
  const markSent = () => setRound((current) => ({ ...current, sent: true }));
  return [round.count, markSent] as const;
}

/** What the form held when the server's answer arrived, to tell which fields changed since. */
function useAnsweredValues(formId: string, lastResult: FormReply | null | undefined) {
  const answered = useRef<FormData | null>(null);
  useEffect(() => {
    const form = document.forms.namedItem(formId);
    answered.current = lastResult && form ? new FormData(form) : null;
  }, [formId, lastResult]);
  return answered;
}

/**
 * The server's messages that still apply: the form's own until the next submit, and a
 * field's until it is changed into a value the browser accepts (filled in when required,
 * an address in an email field). The browser cannot run the server's other rules, so the
 * server checks again at the next submit.
 */
function standingServerMessages(
  lastResult: FormReply | null | undefined,
  answered: FormData | null,
  form: HTMLFormElement,
  formData: FormData,
): Messages {
  const standing: Messages = {};
  for (const [name, messages] of Object.entries(lastResult?.error ?? {})) {
    if (!messages?.length) continue;
    const fixed =
      name !== "" &&
      acceptedByBrowser(form.elements.namedItem(name)) &&
      answered !== null &&
      valuesOf(formData, name) !== valuesOf(answered, name);
    if (!fixed) standing[name] = messages;
  }
  return standing;
}

/** A list's own message ("at most 9 members") has no single control, so it stands. */
function acceptedByBrowser(control: Element | RadioNodeList | null): boolean {
  const single =
    control instanceof HTMLInputElement ||
    control instanceof HTMLSelectElement ||
    control instanceof HTMLTextAreaElement;
  return single && control.validity.valid;
}

const valuesOf = (formData: FormData, name: string) => formData.getAll(name).map(String).join("\n");
