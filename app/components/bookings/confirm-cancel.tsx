import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import type { MyBooking } from "#server/registrations/queries";
import { bookingPath } from "./paths";

/** The booking a cancellation asks about. */
export type CancelBookingTarget = Pick<MyBooking, "id" | "teamName" | "status">;

/** "Are you sure?" and what cancelling means, in the dialog and on the page without JavaScript alike. */
export function cancelQuestion(booking: CancelBookingTarget) {
  return {
    question: `Are you sure you want to cancel ${booking.teamName}?`,
    // A confirmed booking holds a spot, which goes to the team that has waited longest.
    consequence:
      booking.status === "confirmed"
        ? "Your team's spot will go to the team that has waited longest on the waitlist. This cannot be undone."
        : "Your team leaves the waitlist. This cannot be undone.",
  };
}

/** The button that really cancels: a form of its own, posted to the booking's page. */
export function ConfirmCancelForm({ bookingId }: { bookingId: string }) {
  const navigation = useNavigation();
  const action = bookingPath(bookingId);
  const busy =
    navigation.state !== "idle" &&
    navigation.formAction === action &&
    navigation.formData?.get("intent") === "cancel";
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="cancel" />
      <Button type="submit" disabled={busy} variant="destructive">
        {busy ? "Cancelling..." : "Yes, cancel the booking"}
      </Button>
    </Form>
  );
}
