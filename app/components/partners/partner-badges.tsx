import { CalendarCheck } from "~/components/icons/calendar-check";
import { Users } from "~/components/icons/users";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";

const badgeClass = "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-medium";

function eventsHostedLabel(count: number): string {
  return m.partners_events_hosted_badge({ count });
}

export function EventsHostedBadge({ count, className }: { count: number; className?: string }) {
  return (
    <span className={cn(badgeClass, "bg-water-600/10 text-water-700", className)}>
      <CalendarCheck className="size-3.5" aria-hidden="true" />
      {eventsHostedLabel(count)}
    </span>
  );
}

/** Memberships is display text such as 'Corporate & Individual'; nothing shows when it is empty. */
export function MembershipsBadge({ memberships, className }: { memberships: string; className?: string }) {
  if (!memberships) return null;
  return (
    <span className={cn(badgeClass, "bg-sand/60 text-navy-900", className)}>
      <Users className="size-3.5" aria-hidden="true" />
      <span className="sr-only">{m.partners_memberships_sr()}</span>
      {memberships}
    </span>
  );
}
