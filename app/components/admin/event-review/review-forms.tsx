import { getFormProps } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/form-field";
import { reviewNoteSchema } from "~/lib/forms/event-schema";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";

/** Whether the page's last submit of this intent is still on its way. */
function useSending(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/** "Approve": publishes a new event, or puts a change to a published event live. */
export function ApproveForm({
  version,
  change,
  lastResult,
}: {
  version: number;
  /** A change to a published event, rather than a new event. */
  change: boolean;
  lastResult?: FormReply;
}) {
  const busy = useSending("approve");
  const [form] = useAppForm("approve", { lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3 rounded-lg border border-slate-200 p-5">
      <h3 className="text-lg font-semibold text-navy-900">Approve</h3>
      <FormErrors form={form} className="mt-0" />
      <p className="text-sm text-slate-700">
        {change
          ? "Approving puts these changes on the public page at once and emails the partner."
          : "Approving publishes the event on the site at once and emails the partner."}
      </p>
      <input type="hidden" name="intent" value="approve" />
      <input type="hidden" name="version" value={String(version)} />
      <Button type="submit" disabled={busy}>
        {busy ? "Approving..." : change ? "Approve the changes" : "Approve and publish"}
      </Button>
    </Form>
  );
}

const validateNote = validateWith(reviewNoteSchema);

/** "Request changes": the event (or its change) goes back to the partner with the admin's note. */
export function RequestChangesForm({
  version,
  change,
  lastResult,
}: {
  version: number;
  change: boolean;
  lastResult?: FormReply;
}) {
  const busy = useSending("request-changes");
  const [form, fields] = useAppForm<FormValues<typeof reviewNoteSchema>>("request-changes", {
    lastResult,
    validate: validateNote,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3 rounded-lg border border-slate-200 p-5">
      <h3 className="text-lg font-semibold text-navy-900">Request changes</h3>
      <FormErrors form={form} className="mt-0" />
      <p className="text-sm text-slate-700">
        {change
          ? "The published event stays as it is; the partner is emailed your note and can revise the change."
          : "The event goes back to the partner, who is emailed your note and can submit it again."}
      </p>
      <input type="hidden" name="intent" value="request-changes" />
      <input type="hidden" name="version" value={String(version)} />
      <TextAreaField
        field={fields.note}
        label="Note to the partner"
        hint="Emailed to the partner as you write it."
        required
      />
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? "Sending..." : "Request changes"}
      </Button>
    </Form>
  );
}

/**
 * The message when a decision was refused because the event changed after the page was
 * opened: at the top of the page, which now shows the latest version, and focused, so
 * the admin reads it before looking again.
 */
export function StaleNotice({
  message,
  answer,
}: {
  message: string;
  /** The action's answer: each new one (another refused try) moves focus here again. */
  answer: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView({ block: "nearest" });
  }, [message, answer]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="rounded-md border-2 border-amber-600 bg-amber-50 p-4 text-amber-950 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-700 focus-visible:ring-offset-2"
    >
      <h2 className="font-semibold">This event changed while you were looking at it</h2>
      <p className="mt-1 text-sm">{message}</p>
      <p className="mt-1 text-sm">The page below now shows the latest version.</p>
    </div>
  );
}
