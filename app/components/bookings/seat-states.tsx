import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { seatReasonText, seatStateLabel } from "~/lib/words/seats";
import { m } from "~/paraglide/messages";
import type { SeatStateRow } from "#server/seats/seat-states";

const BADGE: Record<SeatStateRow["state"], "teal" | "attention" | "neutral" | "default"> = {
  confirmed: "teal",
  declaration_missing: "attention",
  invited: "default",
  no_address: "neutral",
};

/** The form's answer when a link could not be sent again: Conform's reply with a form message. */
type ResendReply = { error?: Record<string, string[] | null | undefined> | null } | null | undefined;

/**
 * A booking's rowers with their seat states (ADR 038), for the booker and the captain:
 * names, states and what is missing, never the rowers' answers or addresses. A seat with
 * an address has "Send the link again", posted as `intent=resend-link` with its `seatId`.
 * A refusal (sent a moment ago, too many) is said above the table and given the focus.
 */
export function SeatStates({
  seats,
  reply,
  canResend = true,
}: {
  seats: SeatStateRow[];
  reply?: ResendReply;
  /** Links go out only while the place is confirmed and the event has not ended. */
  canResend?: boolean;
}) {
  const refusal = reply?.error?.[""]?.[0] ?? null;
  const alert = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (refusal) alert.current?.focus();
  }, [refusal]);
  if (seats.length === 0) return <p className="text-sm text-slate-600">{m.seats_none()}</p>;
  return (
    <div className="space-y-3">
      {refusal && (
        <p
          ref={alert}
          role="alert"
          tabIndex={-1}
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {refusal}
        </p>
      )}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                {m.seats_col_rower()}
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                {m.seats_col_state()}
              </th>
              <th scope="col" className="py-2 font-medium">
                {m.seats_col_link()}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {seats.map((seat) => (
              <tr key={seat.id} data-seat={seat.id}>
                <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                  {seat.name}
                </th>
                <td className="py-2 pr-4">
                  <Badge variant={BADGE[seat.state]}>{seatStateLabel(seat.state)}</Badge>
                  {seat.reasons.length > 0 && (
                    <ul className="mt-1 text-xs text-slate-600">
                      {seat.reasons.map((reason) => (
                        <li key={reason.kind}>{seatReasonText(reason)}</li>
                      ))}
                    </ul>
                  )}
                  {seat.state === "no_address" && (
                    <p className="mt-1 text-xs text-slate-600">{m.seat_state_no_address_hint()}</p>
                  )}
                </td>
                <td className="py-2">
                  {canResend && seat.hasAddress && (
                    <Form method="post">
                      <input type="hidden" name="intent" value="resend-link" />
                      <input type="hidden" name="seatId" value={seat.id} />
                      <Button
                        type="submit"
                        variant="outline"
                        size="sm"
                        aria-label={m.seats_resend_to({ name: seat.name })}
                      >
                        {m.seats_resend()}
                      </Button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
