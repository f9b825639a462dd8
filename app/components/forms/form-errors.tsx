import type { FormMetadata } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { cn } from "~/lib/utils";

/**
 * The summary above a form: the messages about the whole form (too many tries, an
 * expired form), or `fieldsMessage` when only fields are at fault. When no field is at
 * fault, focus moves here, so the message is the next thing read; otherwise Conform
 * focuses the first field in error.
 */
export function FormErrors({
  form,
  fieldsMessage,
  className,
}: {
  form: Pick<FormMetadata, "errorId" | "errors" | "allErrors">;
  fieldsMessage?: string;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const fieldsInError = Object.keys(form.allErrors).some((name) => name !== "");
  const message = form.errors?.length ? form.errors.join(" ") : fieldsInError ? fieldsMessage : undefined;
  useEffect(() => {
    if (message && !fieldsInError) ref.current?.focus();
  }, [message, fieldsInError]);
  if (!message) return null;
  return (
    <div
      ref={ref}
      id={form.errorId}
      role="alert"
      tabIndex={-1}
      className={cn("mt-6 rounded-md bg-red-50 p-4 text-sm text-red-800", className)}
    >
      {message}
    </div>
  );
}
