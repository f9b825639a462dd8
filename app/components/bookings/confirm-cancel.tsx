import { Form } from "react-router";
import { SubmitButton } from "~/components/ui/submit-button";
import { cancelConsequence } from "~/lib/words/cancellation";
import { bookingPath } from "~/lib/paths";
import type { MyBooking } from "#server/registrations/queries";
import { m } from "~/paraglide/messages";
import { formatMoneyExact } from "~/lib/money";
import type { CancellationRefund } from "#server/registrations/cancellation-refund";

/** The booking a cancellation asks about. */
export type CancelBookingTarget = Pick<MyBooking, "id" | "teamName" | "status">;

/** "Are you sure?" and what cancelling means, in the dialog and on the page without JavaScript alike. */
export function cancelQuestion(booking: CancelBookingTarget, refund: CancellationRefund | null = null) {
  return {
    question: m.bookings_cancel_question({ team: booking.teamName }),
    consequence: [refund && refundWords(refund), cancelConsequence(booking.status, "booker")]
      .filter(Boolean)
      .join(" "),
  };
}

/** What the booker gets back under the policy, and what is kept as the fee. */
function refundWords({ percent, refundMinor, feeMinor }: CancellationRefund): string {
  const amount = formatMoneyExact(refundMinor, "DKK");
  const fee = formatMoneyExact(feeMinor, "DKK");
  if (feeMinor <= 0) return m.bookings_refund_preview_full({ amount });
  if (refundMinor <= 0) return m.bookings_refund_preview_none({ fee });
  return m.bookings_refund_preview({ amount, percent, fee });
}

/** The button that really cancels: a form of its own, posted to the booking's page. */
export function ConfirmCancelForm({ bookingId }: { bookingId: string }) {
  const action = bookingPath(bookingId);
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="cancel" />
      <SubmitButton
        variant="destructive"
        pending={{ formAction: action, intent: "cancel" }}
        pendingLabel={m.bookings_cancelling()}
      >
        {m.bookings_yes_cancel()}
      </SubmitButton>
    </Form>
  );
}
