import { Building2 } from "~/components/icons/building-complex";
import { CalendarClock } from "~/components/icons/calendar-clock";
import { CalendarDays } from "~/components/icons/calendar-days";
import { CalendarPlus } from "~/components/icons/calendar-plus";
import { ClipboardList } from "~/components/icons/clipboard-list";
import { Gauge } from "~/components/icons/gauge";
import { Users } from "~/components/icons/users";
import { seesAllPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { getPartnerDashboard } from "#server/dashboard/partner-dashboard";
import { partnerOnboarding } from "#server/dashboard/partner-onboarding";
import { registrationsPerWeek } from "#server/dashboard/registrations-per-week";
import { DashboardPage } from "~/components/dashboard/dashboard-page";
import { NextEventsTable } from "~/components/dashboard/dashboard-table";
import { OnboardingChecklist } from "~/components/dashboard/onboarding-checklist";
import type { QuickAction } from "~/components/dashboard/quick-actions";
import { percentValue } from "~/components/analytics/format";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
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

export const meta: Route.MetaFunction = workspacePageMeta(m.partner_overview_title, "/dashboard/partner");

/** The shortcut cards, in the page's language. */
const quickActions = (): QuickAction[] => [
  {
    title: m.partner_create_event(),
    description: m.partner_quick_create_description(),
    to: "/dashboard/partner/events/new",
    icon: CalendarPlus,
  },
  {
    title: m.partner_quick_registrations_title(),
    description: m.partner_quick_registrations_description(),
    to: "/dashboard/partner/registrations",
    icon: ClipboardList,
  },
  {
    title: m.partner_quick_profile_title(),
    description: m.partner_quick_profile_description(),
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
          ? m.partner_overview_intro_admin({ name: firstName })
          : m.partner_overview_intro({ name: firstName })
      }
      stats={[
        {
          label: m.partner_events(),
          value: String(stats.events),
          hint: m.partner_stat_events_hint(),
          icon: CalendarDays,
        },
        {
          label: m.partner_registrations(),
          value: String(stats.registrations),
          hint: m.partner_stat_registrations_hint(),
          icon: Users,
        },
        {
          label: m.partner_fill_rate(),
          value: stats.fillRatePercent === null ? "—" : percentValue(stats.fillRatePercent),
          hint:
            stats.upcomingPlaces > 0
              ? m.partner_stat_fill_rate_hint({
                  confirmed: stats.upcomingConfirmed,
                  places: stats.upcomingPlaces,
                })
              : m.partner_stat_fill_rate_none(),
          icon: Gauge,
        },
        {
          label: m.partner_stat_upcoming(),
          value: String(stats.upcomingEvents),
          hint: m.partner_stat_upcoming_hint(),
          icon: CalendarClock,
        },
      ]}
      table={
        <NextEventsTable
          title={allPartners ? m.partner_overview_next_events_all() : m.partner_overview_next_events()}
          rows={events}
          column={{
            label: m.partner_registrations(),
            cell: (event) => `${event.confirmedTeams} / ${event.maxTeams}`,
          }}
          emptyMessage={m.partner_overview_next_empty()}
        />
      }
      quickActions={quickActions()}
      activity={{
        weeks: activity,
        description: allPartners ? m.partner_overview_activity_all() : m.partner_overview_activity(),
      }}
    />
  );
}
