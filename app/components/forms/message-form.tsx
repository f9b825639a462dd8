import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { TextField } from "~/components/ui/form-field";

/** What a message form's action answers (see server/inquiries/message-form.ts). */
export type MessageFormResult =
  | { status: "sent" }
  | { status: "invalid"; errors: Record<string, string>; values: Record<string, string> }
  | { status: "rate_limited"; formError: string; values: Record<string, string> };

/**
 * The page side of the contact and partner-inquiry forms: messages and typed values
 * from the last answer, and after a successful send a toast and an emptied form.
 */
export function useMessageForm(result: MessageFormResult | undefined, sentMessage: string) {
  const formRef = useRef<HTMLFormElement>(null);
  const sent = result?.status === "sent";
  useEffect(() => {
    if (!sent) return;
    toast.success(sentMessage);
    formRef.current?.reset();
  }, [sent, result, sentMessage]);
  return {
    formRef,
    errors: result?.status === "invalid" ? result.errors : {},
    values: result && "values" in result ? result.values : {},
  };
}

/** The notice above the form: sent (also without JavaScript), or too many messages. */
export function MessageFormStatus({
  result,
  sentMessage,
}: {
  result: MessageFormResult | undefined;
  sentMessage: string;
}) {
  if (result?.status === "sent") {
    return (
      <p role="status" className="mt-6 rounded-md bg-teal-accent/10 p-4 text-teal-900">
        {sentMessage}
      </p>
    );
  }
  if (result?.status === "rate_limited") {
    return (
      <p role="alert" className="mt-6 rounded-md bg-red-50 p-4 text-red-800">
        {result.formError}
      </p>
    );
  }
  return null;
}

/** Who is writing: the name, email and optional company that every message form asks for. */
export function SenderFields({
  values,
  errors,
  companyClassName,
}: {
  values: Record<string, string | undefined>;
  errors: Record<string, string | undefined>;
  companyClassName?: string;
}) {
  return (
    <>
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        defaultValue={values.name}
        error={errors.name}
        required
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={values.email}
        error={errors.email}
        required
      />
      <TextField
        label="Company"
        name="company"
        optional
        autoComplete="organization"
        defaultValue={values.company}
        error={errors.company}
        className={companyClassName}
      />
    </>
  );
}
