import { MESSAGE_HONEYPOT } from "~/lib/forms/honeypot";
import { readSubmission } from "~/lib/forms/read-form.server";
import type { ToastKey } from "~/lib/toast-messages";
import type { PublicFormRequest } from "#server/auth/actor";
import { getViewer } from "#server/auth/viewer";
import type { LoadContext } from "#server/context";
import { replyWithRefusal } from "./respond";
import { redirectWithToast } from "./toast";

/**
 * The HTTP side of the contact and partner-inquiry forms: a filled honeypot looks like
 * success but sends nothing; otherwise the command runs, and its refusal (invalid
 * fields, too many messages) goes back with what was typed. A sent message leads back
 * to the page, with an empty form and `sent`'s toast.
 */
export async function handleMessageForm(
  request: Request,
  context: LoadContext,
  submit: (request: PublicFormRequest) => Promise<unknown>,
  sent: { to: string; toast: ToastKey },
) {
  const { formData, submission } = await readSubmission(request);
  if (String(formData.get(MESSAGE_HONEYPOT) ?? "") !== "") return redirectWithToast(sent.to, sent.toast);
  const { [MESSAGE_HONEYPOT]: _empty, ...input } = submission.payload;
  try {
    const viewer = await getViewer(request, context);
    await submit({ actor: viewer?.actor ?? null, input, clientIp: context.clientIp });
  } catch (error) {
    return replyWithRefusal(submission, error);
  }
  return redirectWithToast(sent.to, sent.toast);
}
