import { useEffect } from "react";
import { notify } from "~/components/ui/toaster";
import type { FormReply } from "~/lib/forms/use-app-form";

/**
 * Sign-in and sign-up show the provider's refusal (wrong password, too many tries) in a
 * toast as well as above the form, as the spec asks; this is the only toast fired from
 * an action's answer, every other message arrives with `redirectWithToast`.
 */
export function useFailureToast(lastResult: FormReply | null | undefined) {
  const message = lastResult?.error?.[""]?.join(" ");
  useEffect(() => {
    if (message) notify("error", message);
  }, [message, lastResult]);
}
