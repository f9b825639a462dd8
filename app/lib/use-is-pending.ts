import { useNavigation, type Navigation } from "react-router";

/** What of a navigation tells whose it is. */
type PendingNavigation = Pick<Navigation, "state" | "formAction" | "formData" | "formMethod">;

export type PendingOptions = {
  /**
   * Only a submission to this path counts (its query string aside, so `/login?redirectTo=…`
   * is `/login`). Without it, a submission to any address does.
   */
  formAction?: string;
  /** Only a submission whose `intent` field has this value counts. */
  intent?: string;
  /** Only a submission with this method counts: `GET` for a form that asks for a page, such as a live count. */
  formMethod?: "GET" | "POST";
};

/**
 * Whether `navigation` is the submission the options describe, from the moment it is sent
 * until the page it leads to has loaded. Without options, any navigation counts, a link's
 * too: a page whose forms all wait for whatever is under way.
 */
export function isPending(
  navigation: PendingNavigation,
  { formAction, intent, formMethod }: PendingOptions = {},
): boolean {
  if (navigation.state === "idle") return false;
  if (formAction === undefined && intent === undefined && formMethod === undefined) return true;
  if (navigation.formAction === undefined) return false;
  if (formMethod !== undefined && navigation.formMethod?.toUpperCase() !== formMethod) return false;
  if (formAction !== undefined && navigation.formAction.split("?")[0] !== formAction) return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}

/** `isPending` for this page's navigation: what a submit button shows while its form is sent. */
export function useIsPending(options?: PendingOptions): boolean {
  return isPending(useNavigation(), options);
}
