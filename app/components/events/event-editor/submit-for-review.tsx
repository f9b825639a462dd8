import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { m } from "~/paraglide/messages";

/**
 * "Submit for review" as a small form of its own: posted to the event's page, or to the
 * list with the event's id. The server decides whether the event (or its pending change)
 * may go to review.
 */
export function SubmitForReviewForm({
  action,
  eventId,
  busy,
  size,
  children,
}: {
  /** Where it is posted; the current page when left out. */
  action?: string;
  /** Sent along when the page posted to handles several events (the list). */
  eventId?: string;
  busy: boolean;
  size?: "sm";
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="submit" />
      {eventId && <input type="hidden" name="eventId" value={eventId} />}
      <Button type="submit" size={size} disabled={busy}>
        {busy ? m.editor_submitting() : children}
      </Button>
    </Form>
  );
}
