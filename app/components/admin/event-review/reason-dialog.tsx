import type { RefObject } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { DialogState } from "~/components/ui/dialog-on-demand";
import type { FormReply } from "~/lib/forms/use-app-form";
import { ReasonForm, type ReasonDecisionText, type ReasonIntent } from "./reason-form";

/**
 * Unpublishing or cancelling as a modal dialog: Radix keeps focus inside, Escape closes
 * it, and focus starts on the reason and goes back to the button that opened it.
 */
export default function ReasonDialog({
  open,
  onOpenChange,
  intent,
  version,
  text,
  lastResult,
  returnFocusTo,
}: DialogState & {
  intent: ReasonIntent;
  version: number;
  text: ReasonDecisionText;
  lastResult?: FormReply;
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
        <DialogTitle className="text-lg font-semibold break-words text-navy-900">{text.question}</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-slate-700">{text.consequence}</DialogDescription>
        <div className="mt-4">
          <ReasonForm intent={intent} version={version} text={text} lastResult={lastResult} />
        </div>
        <DialogClose asChild>
          <Button variant="outline" className="mt-3">
            Go back
          </Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
