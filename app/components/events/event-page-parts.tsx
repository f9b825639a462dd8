import type { ComponentProps } from "react";
import { CancellationTerms } from "./cancellation-terms";
import { OrganizerCard } from "./organizer-card";
import { RefundPolicyCard } from "./refund-policy";
import type { EventPageEvent } from "#server/events/event-page-view";

export { EventInfoTabs } from "./event-info-tabs";

/**
 * The cards under an event page's booking card: the cancellation policy with the ways to
 * pay, the free-text terms when there are any, and the organiser. One module with the
 * information tabs, so the page loads its lower parts as one chunk as it hydrates (ADR 027).
 */
export function EventSidebarCards({
  event,
  terms,
  organizer,
}: {
  event: Pick<EventPageEvent, "refundPolicy" | "startsAt" | "paymentMethods">;
  terms: ComponentProps<typeof CancellationTerms>["terms"] | null;
  organizer: ComponentProps<typeof OrganizerCard>["organizer"];
}) {
  return (
    <>
      <RefundPolicyCard
        policy={event.refundPolicy}
        startsAt={event.startsAt}
        waysToPay={event.paymentMethods}
        className="mt-6"
      />
      {terms && <CancellationTerms terms={terms} className="mt-6" />}
      <OrganizerCard organizer={organizer} />
    </>
  );
}
