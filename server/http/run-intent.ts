import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import type { ToastKey } from "~/lib/toast-messages";
import { orNotFound, replyWithRefusal } from "./respond";
import { redirectWithToast } from "./toast";
import { m } from "~/paraglide/messages";

/** What a page's form sends besides its `intent`. */
type IntentInput = Record<string, unknown>;

type IntentHandlers = Record<string, (input: IntentInput) => Promise<unknown>>;

/** What the handlers answer, each with its own type. */
type HandlersAnswer<Handlers extends IntentHandlers> = Awaited<ReturnType<Handlers[keyof Handlers]>>;

/**
 * What the page's address names, read within the actor's reach: it throws the page's
 * "not found" (a `not_found` refusal, or the 404 of `orNotFound`) for another partner's
 * id or an unknown one. Null for a page whose address names no record (a list, a new
 * record's form), whose commands find what the form names themselves.
 */
type RecordCheck = (() => Promise<unknown>) | null;

/**
 * The action of a page with several forms, each naming itself in an `intent` field.
 * First it reads the record the page's address names (`record`), so another partner's
 * id is "not found" whatever the form says: an unknown intent, a form that does not
 * parse or a command that checks its input before its row all answer 404, never 400.
 * Then it runs the handler of the submitted intent with the rest of the form, and
 * answers a command's refusal as that form's reply (`replyWithRefusal`). A submission
 * that is no submit (a list's add, remove or move button without JavaScript, see
 * `readSubmission`) goes back as the form's reply, with the list changed, and runs
 * nothing. An intent the page has no handler for answers 400 "Unknown form";
 * `hideFields` names, per intent, the fields never sent back (passwords). The answer is
 * whatever the handlers answer, each with its own type, or one of those replies.
 */
export async function runIntent<Handlers extends IntentHandlers>(
  submission: Submission<Record<string, unknown>>,
  handlers: Handlers,
  { record, hideFields = {} }: { record: RecordCheck; hideFields?: Record<string, string[]> },
): Promise<
  HandlersAnswer<Handlers> | ReturnType<typeof submission.reply> | ReturnType<typeof replyWithRefusal>
> {
  // The commands check the row again under their lock; this read only puts "not found" first.
  if (record) await orNotFound(record());
  if (submission.status !== "success") return submission.reply();
  const { intent, ...input } = submission.payload;
  const name = typeof intent === "string" ? intent : "";
  // Own keys only: a forged "constructor" or "toString" is an unknown form, not a method.
  const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined;
  if (!handler) throw data(m.err_unknown_form(), { status: 400 });
  try {
    // `name` is one of the handlers' own keys, so the answer is one of theirs.
    return (await handler(input)) as HandlersAnswer<Handlers>;
  } catch (error) {
    return replyWithRefusal(submission, error, { hideFields: hideFields[name] });
  }
}

/**
 * The usual handler: runs `command` with the form's input, then sends the person to `to`
 * with the toast that says it was done.
 */
export function redirectAfter(
  to: string,
  toast: ToastKey,
  command: (input: IntentInput) => Promise<unknown>,
) {
  return async (input: IntentInput) => {
    await command(input);
    return redirectWithToast(to, toast);
  };
}
