import type { DefaultValue, FormMetadata } from "@conform-to/react";
import { useMemo, type ReactNode } from "react";
import type * as core from "zod/v4/core";
import { IntentForm } from "~/components/forms/intent-form";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { cn } from "~/lib/utils";

type Fields<Values extends Record<string, unknown>> = ReturnType<
  FormMetadata<Values, string[]>["getFieldset"]
>;

/**
 * One admin decision as its own boxed form on a detail page, under its heading: checked
 * in the browser with the command's `schema` when it has fields, starting from the saved
 * values in `defaultValue`. `children` are its fields and buttons, given the fields.
 */
export function AdminFormCard<Schema extends core.$ZodType<Record<string, unknown>>>({
  intent,
  title,
  level = 2,
  schema,
  defaultValue,
  lastResult,
  className = "space-y-3",
  children,
}: {
  /** What the form asks the page's action to do; one form a page has of each, so it names the form too. */
  intent: string;
  title: string;
  /** The heading's level, under the section that holds the card. */
  level?: 2 | 3;
  schema?: Schema;
  defaultValue?: DefaultValue<FormValues<Schema>>;
  lastResult?: FormReply;
  /** Spacing and width, added to the box. */
  className?: string;
  children: ReactNode | ((fields: Fields<FormValues<Schema>>) => ReactNode);
}) {
  const validate = useMemo(() => (schema ? validateWith(schema) : undefined), [schema]);
  const [form, fields] = useAppForm<FormValues<Schema>>(intent, { lastResult, defaultValue, validate });
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <IntentForm
      form={form}
      intent={intent}
      heading={
        <Heading className={cn("font-semibold text-navy-900", level === 2 && "text-lg")}>{title}</Heading>
      }
      className={cn("rounded-lg border border-slate-200 p-5", className)}
    >
      {typeof children === "function" ? children(fields) : children}
    </IntentForm>
  );
}
