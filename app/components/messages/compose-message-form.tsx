import { getFormProps } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import {
  AUDIENCE_LABELS,
  MESSAGE_BODY_MAX,
  participantMessageSchema,
  peopleCount,
  TEAMS_LABELS,
  type RecipientChoice,
} from "~/lib/forms/participant-message-schema";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { INTL_LOCALE } from "~/lib/i18n/locale";
import { useIsPending } from "~/lib/use-is-pending";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";

const validate = validateWith(participantMessageSchema);

/** What the server found when it checked the message: how many people it would reach. */
export type MessageReview = { count: number };

/**
 * The message itself, sent in two steps that both work without JavaScript: "Check
 * recipients" has the server check the message and count the people it reaches, then
 * "Yes, send to 14 people" sends it, with that count, so a team that registered in
 * between is not messaged unseen. The recipients come from the choice above (the
 * address), carried here as hidden fields.
 */
export function ComposeMessageForm({
  action,
  choice,
  lastResult,
  review,
}: {
  action: string;
  choice: RecipientChoice;
  lastResult: FormReply | null | undefined;
  review: MessageReview | null;
}) {
  // Every button waits while one of them is being sent.
  const sending = useIsPending({ formAction: action });
  const [form, fields] = useAppForm<FormValues<typeof participantMessageSchema>>("participant-message", {
    lastResult,
    validate,
  });
  const question = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (review) question.current?.focus();
  }, [review]);

  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      aria-labelledby="compose-heading"
      className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="compose-heading" className="text-lg font-semibold text-navy-900">
        {m.messages_heading()}
      </h2>
      <FormErrors form={form} className="mt-0" />
      <input type="hidden" name="audience" value={choice.audience} />
      <input type="hidden" name="teams" value={choice.teams} />
      <TextField field={fields.subject} label={m.messages_subject()} required autoComplete="off" />
      <TextAreaField
        field={fields.body}
        label={m.messages_heading()}
        hint={m.messages_body_hint({ max: MESSAGE_BODY_MAX.toLocaleString(INTL_LOCALE[getLocale()]) })}
        rows={12}
        required
      />
      {review ? (
        <section
          aria-labelledby="send-question"
          className="space-y-3 rounded-md border border-navy-100 bg-navy-50 p-4"
        >
          <h3 id="send-question" ref={question} tabIndex={-1} className="font-semibold text-navy-900">
            {m.messages_send_question({ people: peopleCount(review.count) })}
          </h3>
          <p className="text-sm text-slate-700">
            {m.messages_send_explanation({
              audience: AUDIENCE_LABELS[choice.audience],
              teams: TEAMS_LABELS[choice.teams].toLowerCase(),
            })}
          </p>
          <input type="hidden" name="confirmedCount" value={review.count} />
          <div className="flex flex-wrap gap-2">
            <SubmitButton name="intent" value="send" pendingLabel={m.messages_sending()} disabled={sending}>
              {m.messages_send_confirm({ people: peopleCount(review.count) })}
            </SubmitButton>
            <SubmitButton name="intent" value="review" variant="outline" disabled={sending}>
              {m.messages_check_again()}
            </SubmitButton>
          </div>
        </section>
      ) : (
        <SubmitButton name="intent" value="review" pendingLabel={m.messages_checking()} disabled={sending}>
          {m.messages_check_recipients()}
        </SubmitButton>
      )}
    </Form>
  );
}
