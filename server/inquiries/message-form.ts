import { data, type AppLoadContext } from "react-router";
import type * as core from "zod/v4/core";
import { MESSAGE_HONEYPOT } from "~/lib/forms/honeypot";
import { formValues, parseForm } from "~/lib/forms/parse";
import { consumeRateLimit } from "#server/security/rate-limit";
import { readFormData } from "~/lib/forms/read-form.server";

/** Five messages an hour from one address is plenty for people and little use to spammers. */
const MESSAGES_PER_HOUR = { limit: 5, windowMs: 60 * 60 * 1000 };
const TOO_MANY = "You have sent several messages in a short time. Please try again later.";

/**
 * The shared steps of the contact and partner-inquiry forms: a filled honeypot looks
 * like success but sends nothing, invalid fields answer 400, too many messages from one
 * address answer 429 (both keep what was typed), and otherwise `send` runs.
 */
export async function handleMessageForm<Schema extends core.$ZodType>(
  request: Request,
  context: AppLoadContext,
  {
    schema,
    limitKey,
    send,
  }: { schema: Schema; limitKey: string; send: (input: core.output<Schema>) => Promise<void> },
) {
  const formData = await readFormData(request);
  if (String(formData.get(MESSAGE_HONEYPOT) ?? "") !== "") return { status: "sent" as const };

  const parsed = parseForm(schema, formData, { omit: [MESSAGE_HONEYPOT] });
  if (!parsed.ok) {
    return data(
      { status: "invalid" as const, errors: parsed.errors, values: parsed.values },
      { status: 400 },
    );
  }
  const rate = await consumeRateLimit(context.db, `${limitKey}:${context.clientIp}`, MESSAGES_PER_HOUR);
  if (!rate.allowed) {
    return data(
      {
        status: "rate_limited" as const,
        formError: TOO_MANY,
        values: formValues(formData, [MESSAGE_HONEYPOT]),
      },
      { status: 429, headers: { "Retry-After": String(rate.retryAfterSeconds) } },
    );
  }
  await send(parsed.data);
  return { status: "sent" as const };
}
