import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";

/** The first step: asks for the confirmation, without changing anything. */
export function CancelBookingStart({ action, busy }: { action: string; busy: boolean }) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="confirm-cancel" />
      <Button type="submit" variant="outline" disabled={busy} className="border-red-300 text-red-800">
        Cancel this booking…
      </Button>
    </Form>
  );
}

/** The second step: "Are you sure?" with the button that really cancels. */
export function CancelBookingConfirm({
  action,
  teamName,
  confirmed,
  busy,
  backTo,
}: {
  action: string;
  teamName: string;
  /** Whether the booking holds a spot, which then goes to the waitlist. */
  confirmed: boolean;
  busy: boolean;
  backTo: string;
}) {
  return (
    <section
      aria-labelledby="cancel-booking-question"
      className="space-y-4 rounded-md border border-red-300 bg-red-50 p-4"
    >
      <h2 id="cancel-booking-question" className="font-semibold text-red-900">
        {`Are you sure you want to cancel ${teamName}?`}
      </h2>
      <p className="text-sm text-red-900">
        {confirmed
          ? "Your team's spot will go to the team that has waited longest on the waitlist. This cannot be undone."
          : "Your team leaves the waitlist. This cannot be undone."}
      </p>
      <div className="flex flex-wrap gap-2">
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="cancel" />
          <Button type="submit" disabled={busy} className="bg-red-700 hover:bg-red-800">
            {busy ? "Cancelling..." : "Yes, cancel the booking"}
          </Button>
        </Form>
        <Link to={backTo} className={buttonVariants({ variant: "outline" })}>
          Keep the booking
        </Link>
      </div>
    </section>
  );
}
