import type { RefObject } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { DialogState } from "~/components/ui/dialog-on-demand";
import type { FormReply } from "~/lib/forms/use-app-form";
import { CANCEL_EVENT_CONSEQUENCE, CancelEventForm } from "./cancel-event-form";

/**
 * "Cancel this event?" as a modal dialog: focus starts on the reason, stays inside
 * until it closes (Escape, "Keep the event"), then goes back to the button that opened
 * it. A refusal keeps it open, with the message next to its field.
 */
export default function CancelEventDialog({
  open,
  onOpenChange,
  title,
  action,
  lastResult,
  busy,
  returnFocusTo,
}: DialogState & {
  title: string;
  action: string;
  lastResult: FormReply | null | undefined;
  busy: boolean;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        onCloseAutoFocus={(event) => {
          // Radix returns focus to its own trigger; this dialog is opened by the page's link.
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogTitle className="text-lg font-semibold break-words text-navy-900">Cancel {title}?</DialogTitle>
        <DialogDescription className="mt-2 mb-4 text-sm text-slate-700">
          {CANCEL_EVENT_CONSEQUENCE}
        </DialogDescription>
        <CancelEventForm
          action={action}
          lastResult={lastResult}
          busy={busy}
          keep={
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Keep the event
              </Button>
            </DialogClose>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
