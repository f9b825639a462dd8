import type { ReactNode, RefObject } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { DialogState } from "~/components/ui/dialog-on-demand";

/**
 * One of a registration's questions (cancel, confirm, move) as a modal dialog: focus
 * stays inside until it closes (Escape, the "keep" button), then goes back to the link
 * that opened it. A refusal keeps it open, with the message in its form.
 */
export default function RegistrationActionDialog({
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
