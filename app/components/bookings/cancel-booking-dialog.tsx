import { useRef, type RefObject } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { DialogState } from "~/components/ui/dialog-on-demand";
import { m } from "~/paraglide/messages";
import { cancelQuestion, ConfirmCancelForm, type CancelBookingTarget } from "./confirm-cancel";

/**
 * "Are you sure?" as a modal dialog in the middle of the screen, so on a phone it opens
 * where the person is looking. Focus starts on the safe answer and goes back to the
 * button or link that opened it.
 */
export default function CancelBookingDialog({
  open,
  onOpenChange,
  booking,
  refusal,
  returnFocusTo,
}: DialogState & {
  booking: CancelBookingTarget;
  /** Why the last try to cancel was refused (the event started meanwhile). */
  refusal?: string | null;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const keep = useRef<HTMLButtonElement>(null);
  const { question, consequence } = cancelQuestion(booking);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          keep.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          // Radix returns focus to its own trigger; this dialog is opened by the page's link or button.
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogTitle className="text-lg font-semibold break-words text-navy-900">{question}</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-slate-700">{consequence}</DialogDescription>
        {refusal && (
          <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
            {refusal}
          </p>
        )}
        <div className="mt-6 flex flex-wrap gap-2">
          <ConfirmCancelForm bookingId={booking.id} />
          <DialogClose asChild>
            <Button ref={keep} variant="outline">
              {m.bookings_keep()}
            </Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
