import { lazy, useRef, type MouseEvent, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { useDialogOnDemand } from "~/components/ui/dialog-on-demand";
import { cancelQuestion, ConfirmCancelForm, type CancelBookingTarget } from "./confirm-cancel";
import { bookingPath, cancelBookingPath } from "./paths";

const CancelBookingDialog = lazy(() => import("./cancel-booking-dialog"));

/**
 * With JavaScript a cancel link or button opens the "Are you sure?" dialog where the
 * person is; without, it follows its link or posts its form to the booking page's question.
 */
function useCancelDialog<Trigger extends HTMLElement>(booking: CancelBookingTarget, refusal?: string | null) {
  const trigger = useRef<Trigger>(null);
  const { show, dialog } = useDialogOnDemand((state) => (
    <CancelBookingDialog {...state} booking={booking} refusal={refusal} returnFocusTo={trigger} />
  ));
  const open = (event: MouseEvent) => {
    event.preventDefault();
    show();
  };
  return { trigger, open, dialog };
}

/** My Bookings' "Cancel" of one booking. */
export function CancelBookingLink({
  booking,
  className,
  children,
}: {
  booking: CancelBookingTarget;
  className: string;
  children: ReactNode;
}) {
  const { trigger, open, dialog } = useCancelDialog<HTMLAnchorElement>(booking);
  return (
    <>
      <Link
        ref={trigger}
        to={cancelBookingPath(booking.id)}
        onClick={open}
        aria-haspopup="dialog"
        className={className}
      >
        {children}
      </Link>
      {dialog}
    </>
  );
}

/** The booking page's "Cancel this booking…". */
export function CancelBookingStart({
  booking,
  refusal,
  busy,
}: {
  booking: CancelBookingTarget;
  refusal: string | null;
  busy: boolean;
}) {
  const { trigger, open, dialog } = useCancelDialog<HTMLButtonElement>(booking, refusal);
  return (
    <>
      <Form method="post" action={bookingPath(booking.id)}>
        <input type="hidden" name="intent" value="confirm-cancel" />
        <Button
          ref={trigger}
          type="submit"
          variant="outline"
          disabled={busy}
          onClick={open}
          aria-haspopup="dialog"
          className="border-red-300 text-red-800"
        >
          Cancel this booking…
        </Button>
      </Form>
      {/* Outside the form: React passes events up through the dialog's portal, so its own
          form's submit would otherwise reach this form too. */}
      {dialog}
    </>
  );
}

/** The question on the booking page itself, as it is shown without JavaScript. */
export function CancelBookingConfirm({ booking, backTo }: { booking: CancelBookingTarget; backTo: string }) {
  const { question, consequence } = cancelQuestion(booking);
  return (
    <section
      aria-labelledby="cancel-booking-question"
      className="space-y-4 rounded-md border border-red-300 bg-red-50 p-4"
    >
      <h2 id="cancel-booking-question" className="font-semibold text-red-900">
        {question}
      </h2>
      <p className="text-sm text-red-900">{consequence}</p>
      <div className="flex flex-wrap gap-2">
        <ConfirmCancelForm bookingId={booking.id} />
        <Link to={backTo} className={buttonVariants({ variant: "outline" })}>
          Keep the booking
        </Link>
      </div>
    </section>
  );
}
