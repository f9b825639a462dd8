import { useId } from "react";
import type { RefundWindow } from "~/lib/billing/refund-policy";
import { waysToPayText, type WaysToPay } from "~/lib/billing/ways-to-pay";
import { cn } from "~/lib/utils";
import { refundPolicyLines } from "~/lib/words/refund-policy";
import { m } from "~/paraglide/messages";

/** The policy's lines, each window with the date and time it ends. */
function PolicyLines({ policy, startsAt }: { policy: readonly RefundWindow[]; startsAt: Date | string }) {
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5">
      {refundPolicyLines(policy, new Date(startsAt)).map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/**
 * The event page's card: what a booker who cancels gets back, window by window with its
 * dates, and the ways to pay. The free-text cancellation terms stay in their own card.
 */
export function RefundPolicyCard({
  policy,
  startsAt,
  waysToPay,
  className,
}: {
  policy: readonly RefundWindow[];
  startsAt: Date | string;
  waysToPay: WaysToPay;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn("rounded-lg border border-slate-200 p-6 text-sm text-slate-700", className)}
    >
      <h2 id={headingId} className="font-semibold text-navy-900">
        {m.event_refund_policy()}
      </h2>
      <PolicyLines policy={policy} startsAt={startsAt} />
      <p className="mt-4">
        <span className="font-semibold text-navy-900">{m.event_ways_to_pay()}:</span>{" "}
        {waysToPayText(waysToPay)}
      </p>
    </section>
  );
}

/**
 * The policy in short beside the booking form's submit: the lines with their dates, as
 * the booking will keep them.
 */
export function RefundPolicySummary({
  policy,
  startsAt,
}: {
  policy: readonly RefundWindow[];
  startsAt: Date | string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-md bg-navy-50 p-4 text-sm text-slate-700">
      <h2 id={headingId} className="font-semibold text-navy-900">
        {m.event_refund_policy()}
      </h2>
      <PolicyLines policy={policy} startsAt={startsAt} />
    </section>
  );
}
