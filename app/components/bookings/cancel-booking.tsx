import { lazy, useRef, type MouseEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { useDialogOnDemand } from "~/components/ui/dialog-on-demand";
import { cancelBookingPath } from "~/lib/paths";
import type { CancelBookingTarget } from "./confirm-cancel";

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
