import { getFormProps, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";

/**
 * A form that posts one named intent to a route whose action handles several, with the
 * error summary first: the intent travels as a hidden field so it also works without
 * JavaScript, whichever button is pressed.
 */
export function IntentForm<Values extends Record<string, unknown>>({
  form,
  action,
  intent,
  heading,
  className,
  children,
}: {
  form: FormMetadata<Values, string[]>;
  /** Where it posts; the current route when left out. */
  action?: string;
  intent: string;
  /** The form's own heading, above the error summary. */
  heading?: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} {...getFormProps(form)} className={className}>
      {heading}
      <input type="hidden" name="intent" value={intent} />
      <FormErrors form={form} className="mt-0" />
      {children}
    </Form>
  );
}
