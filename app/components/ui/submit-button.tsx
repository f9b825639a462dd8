import type { ComponentProps, ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { useIsPending, type PendingOptions } from "~/lib/use-is-pending";

/**
 * A form's submit button, disabled while its submission is under way and then showing
 * `pendingLabel` ("Saving..."). Its own submission is the one `pending` describes; a
 * button that names its intent (`name="intent" value="approve"`) watches that intent, and
 * one with neither waits for any navigation, as a page whose forms all wait does.
 */
export function SubmitButton({
  pendingLabel,
  pending,
  disabled,
  children,
  ...props
}: Omit<ComponentProps<typeof Button>, "type" | "asChild"> & {
  pendingLabel?: ReactNode;
  pending?: PendingOptions;
}) {
  const ownIntent =
    props.name === "intent" && typeof props.value === "string" ? { intent: props.value } : undefined;
  const busy = useIsPending(pending ?? ownIntent);
  return (
    <Button type="submit" disabled={busy || disabled} {...props}>
      {busy && pendingLabel !== undefined ? pendingLabel : children}
    </Button>
  );
}
