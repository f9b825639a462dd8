import type { FormReply } from "~/lib/forms/use-app-form";

/** The message of a refused form that has no field of its own (an unlink, a disable, a member's removal). */
export function RefusalMessage({ lastResult }: { lastResult?: FormReply }) {
  const message = lastResult?.error?.[""]?.[0];
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  );
}
