import { CalendarCheck, Users } from "~/components/icons";
import { cn } from "~/lib/utils";

const badgeClass = "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-medium";

function eventsHostedLabel(count: number): string {
  return `${count} ${count === 1 ? "Event" : "Events"} Hosted`;
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
      <span className="sr-only">Memberships: </span>
      {memberships}
    </span>
  );
}
