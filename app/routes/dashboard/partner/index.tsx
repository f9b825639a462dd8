import {
  Building2,
  CalendarClock,
  CalendarDays,
  CalendarPlus,
  ClipboardList,
  Gauge,
  Users,
} from "~/components/icons";
import { seesAllPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { getPartnerDashboard } from "#server/dashboard/partner-dashboard";
import { partnerOnboarding } from "#server/dashboard/partner-onboarding";
import { registrationsPerWeek } from "#server/dashboard/registrations-per-week";
import { DashboardPage } from "~/components/dashboard/dashboard-page";
import { NextEventsTable } from "~/components/dashboard/dashboard-table";
import { OnboardingChecklist } from "~/components/dashboard/onboarding-checklist";
import type { QuickAction } from "~/components/dashboard/quick-actions";
import { workspacePageMeta } from "~/lib/meta";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, firstName } = await requireArea(request, context, "partner");
  const now = new Date();
  const [dashboard, activity, onboarding] = await Promise.all([
    getPartnerDashboard(context.db, actor, now),
    registrationsPerWeek(context.db, { actor, area: "partner" }, now),
    partnerOnboarding(context.db, actor),
  ]);
  return { firstName, allPartners: seesAllPartners(actor), ...dashboard, activity, onboarding };
}

export const meta: Route.MetaFunction = workspacePageMeta("Dashboard", "/dashboard/partner");

const QUICK_ACTIONS: QuickAction[] = [
  {
    title: "Create New Event",
    description: "Draft a regatta, class or team day and send it to RCL for review.",
    to: "/dashboard/partner/events/new",
    icon: CalendarPlus,
  },
  {
    title: "Manage Registrations",
    description: "See which teams have booked your events and who is on the waitlist.",
    to: "/dashboard/partner/registrations",
    icon: ClipboardList,
  },
  {
    title: "Update Profile",
    description: "Keep your club's description, contact details and photos current.",
    to: "/dashboard/partner/profile",
    icon: Building2,
  },
];

export default function PartnerDashboard({ loaderData }: Route.ComponentProps) {
  const { firstName, allPartners, stats, events, activity, onboarding } = loaderData;
  return (
    <DashboardPage
      notice={onboarding.length > 0 ? <OnboardingChecklist partners={onboarding} /> : null}
      intro={
        allPartners
          ? `Welcome back, ${firstName}. As an admin you see the figures of all partners together.`
          : `Welcome back, ${firstName}. Here is how your events are doing.`
      }
      stats={[
        {
          label: "Events",
          value: String(stats.events),
          hint: "Every event, including drafts and past ones",
          icon: CalendarDays,
        },
        {
          label: "Registrations",
          value: String(stats.registrations),
          hint: "Confirmed teams across all your events",
          icon: Users,
        },
        {
          label: "Fill rate",
          value: stats.fillRatePercent === null ? "—" : `${stats.fillRatePercent}%`,
          hint:
            stats.upcomingPlaces > 0
              ? `${stats.upcomingConfirmed} of ${stats.upcomingPlaces} places taken at upcoming events`
              : "No upcoming published events",
          icon: Gauge,
        },
        {
          label: "Upcoming events",
          value: String(stats.upcomingEvents),
          hint: "Published and not yet ended",
          icon: CalendarClock,
        },
      ]}
      table={
        <NextEventsTable
          title={allPartners ? "Next events of all partners" : "Your next events"}
          rows={events}
          column={{ label: "Registrations", cell: (event) => `${event.confirmedTeams} / ${event.maxTeams}` }}
          emptyMessage="No upcoming events yet. Create one to start taking registrations."
        />
      }
      quickActions={QUICK_ACTIONS}
      activity={{
        weeks: activity,
        description: allPartners
          ? "Teams registered each week across all partners' events (cancelled bookings left out)."
          : "Teams registered each week for your events (cancelled bookings left out).",
      }}
    />
  );
}
