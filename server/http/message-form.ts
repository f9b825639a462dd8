import { data, type AppLoadContext } from "react-router";
import { MESSAGE_HONEYPOT } from "~/lib/forms/honeypot";
import { formValues } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { getViewer } from "#server/auth/viewer";
import type { PublicFormRequest } from "#server/inquiries/submit-contact-message";
import { asFormRefusal, retryAfterHeaders } from "./respond";

/**
 * The HTTP side of the contact and partner-inquiry forms: a filled honeypot looks like
 * success but sends nothing; otherwise the command runs, and its refusal (invalid
 * fields, too many messages) goes back with what was typed.
 */
export async function handleMessageForm(
  request: Request,
  context: AppLoadContext,
  submit: (request: PublicFormRequest) => Promise<unknown>,
) {
  const formData = await readFormData(request);
  if (String(formData.get(MESSAGE_HONEYPOT) ?? "") !== "") return { status: "sent" as const };
  const input = formValues(formData, [MESSAGE_HONEYPOT]);
  try {
    const viewer = await getViewer(request, context);
    await submit({ actor: viewer?.actor ?? null, input, clientIp: context.clientIp });
  } catch (error) {
    const refusal = asFormRefusal(error);
    if (refusal.code === "invalid") {
      return data(
        { status: "invalid" as const, errors: refusal.fields, values: input },
        { status: refusal.status },
      );
    }
    return data(
      { status: "rate_limited" as const, formError: refusal.message, values: input },
      { status: refusal.status, headers: retryAfterHeaders(refusal) },
    );
  }
  return { status: "sent" as const };
}
