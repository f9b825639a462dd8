import { m } from "~/paraglide/messages";

/**
 * Says that payments here are made with the test provider and move no money. Every page
 * that takes or shows a payment puts it on top when the provider `isTest` (ADR 036), so a
 * staging site is never mistaken for one that charges.
 */
export function TestPaymentNotice() {
  return (
    <div
      role="note"
      className="rounded-md border-2 border-dashed border-amber-600 bg-amber-50 p-4 text-amber-950"
    >
      <p className="font-semibold">{m.test_payment_notice()}</p>
      <p className="mt-1 text-sm">{m.test_payment_notice_detail()}</p>
    </div>
  );
}
