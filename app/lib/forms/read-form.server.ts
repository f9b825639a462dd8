import { parse, type Submission } from "@conform-to/react";
import { data } from "react-router";
import { m } from "~/paraglide/messages";

/** The answer to a form that cannot be read, in the request's language. */
const unreadableForm = () => data(m.valid_form_unreadable(), { status: 400 });

/** A list position no form has: `roster[99999999].name` would make the answer enormous. */
const HUGE_INDEX = /\[\d{4,}\]/;

/**
 * The submitted form of an action. A body that is not a form (JSON, broken multipart) or
 * that carries a NUL character, which no field accepts and PostgreSQL refuses to store,
 * answers 400 with a message instead of failing later as a 500.
 */
async function readFormData(request: Request): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw unreadableForm();
  }
  for (const [name, value] of formData) {
    if (HUGE_INDEX.test(name) || (typeof value === "string" && value.includes("\u0000"))) {
      throw unreadableForm();
    }
  }
  return formData;
}

const LIST_CHANGES = new Set(["insert", "remove", "reorder"]);

/** Whether the form was sent by a list's add, remove or move button (Conform's intent, as JSON). */
function isListChange(formData: FormData): boolean {
  try {
    const intent: unknown = JSON.parse(String(formData.get("__intent__")));
    return (
      typeof intent === "object" &&
      intent !== null &&
      LIST_CHANGES.has(String((intent as { type?: unknown }).type))
    );
  } catch {
    return false;
  }
}

/**
 * The submitted form as Conform reads it (`roster[0].name` becomes a list), not yet
 * checked: the command checks it with the form's schema, and a refusal goes back with
 * `replyWithRefusal`. A Conform intent, or a forged one, is unreadable too, except, with
 * `listChanges`, a list's add, remove or move button sent without JavaScript: its
 * submission (status undefined) holds the form with the list changed, for the action to
 * send back with `submission.reply()` and save nothing.
 */
export async function readSubmission(
  request: Request,
  { listChanges = false }: { listChanges?: boolean } = {},
): Promise<{ formData: FormData; submission: Submission<Record<string, unknown>> }> {
  const formData = await readFormData(request);
  try {
    const submission = parse<Record<string, unknown>, string[]>(formData, {
      resolve: (payload) => ({ value: payload }),
    });
    const listChange = listChanges && isListChange(formData);
    // The forms check and change their lists in the browser; a Conform intent (validate,
    // insert, …) posted here must not run the command as if the form had been sent.
    if (submission.status !== "success" && !listChange) throw new Error("A Conform intent is not a submit.");
    return { formData, submission };
  } catch {
    throw unreadableForm();
  }
}
