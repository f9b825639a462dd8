import type { ReactNode, RefObject } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { DialogState } from "~/components/ui/dialog-on-demand";

/**
 * A confirm step's question as a modal dialog (`useConfirmStep` loads it on first use):
 * Radix moves focus into it and keeps it there until it closes (Escape, the "keep"
 * button), then focus goes back to the link that opened it. A refusal keeps it open, with
 * the message in its form.
 */
export default function ConfirmDialog({
  open,
  onOpenChange,
  heading,
  consequence,
  keepLabel,
  renderForm,
  returnFocusTo,
}: DialogState & {
  heading: string;
  consequence: string;
  keepLabel: string;
  renderForm: (keep: ReactNode) => ReactNode;
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
        <DialogTitle className="text-lg font-semibold break-words text-navy-900">{heading}</DialogTitle>
        <DialogDescription className="mt-2 mb-4 text-sm text-slate-700">{consequence}</DialogDescription>
        {renderForm(
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {keepLabel}
            </Button>
          </DialogClose>,
        )}
      </DialogContent>
    </Dialog>
  );
}
