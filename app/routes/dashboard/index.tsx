import { CalendarClock } from "~/components/icons/calendar-clock";
import { CalendarSearch } from "~/components/icons/calendar-search";
import { Handshake } from "~/components/icons/handshake";
import { History } from "~/components/icons/rotate-ccw-clock";
import { Hourglass } from "~/components/icons/hourglass";
import { SlidersHorizontal } from "~/components/icons/sliders-horizontal";
import { Ticket } from "~/components/icons/ticket";
import { href } from "react-router";
import { requireUser } from "#server/auth/viewer";
import { listCheckInEvents } from "#server/dashboard/check-in-events";
import { registrationsPerWeek } from "#server/dashboard/registrations-per-week";
import { CheckInEvents } from "~/components/dashboard/check-in-events";
import { getUserDashboard } from "#server/dashboard/user-dashboard";
import { DashboardPage } from "~/components/dashboard/dashboard-page";
import { NextEventsTable } from "~/components/dashboard/dashboard-table";
import type { QuickAction } from "~/components/dashboard/quick-actions";
import { localizedPath } from "~/lib/i18n/locale";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  // Every signed-in profile's own dashboard (spec §2): partners and admins book teams
  // too, and reach their area's dashboard from their menu.
  const viewer = await requireUser(request, context);
  const now = new Date();
  const [dashboard, activity, checkInEvents] = await Promise.all([
    getUserDashboard(context.db, viewer.actor, now),
    registrationsPerWeek(context.db, { actor: viewer.actor, area: "user" }, now),
    listCheckInEvents(context.db, viewer.actor, now),
  ]);
  return {
    firstName: viewer.firstName,
    ...dashboard,
    activity,
    // Only check-in staff have the section; for everyone else it is not there at all.
    checkInEvents: viewer.checkInPartnerIds.length > 0 ? checkInEvents : null,
  };
}

export const meta: Route.MetaFunction = workspacePageMeta(m.dashboard_home_title, "/dashboard");

/** The quick actions, in the page's language; the public pages' links stay in it too. */
const quickActions = (): QuickAction[] => [
  {
    title: m.dashboard_home_book_title(),
    description: m.dashboard_home_book_description(),
    to: localizedPath(href("/events")),
    icon: CalendarSearch,
  },
  {
    title: m.dashboard_home_partners_title(),
    description: m.dashboard_home_partners_description(),
    to: localizedPath(href("/partners")),
    icon: Handshake,
  },
  {
    title: m.dashboard_home_preferences_title(),
    description: m.dashboard_home_preferences_description(),
    to: href("/dashboard/profile"),
    icon: SlidersHorizontal,
  },
];

export default function UserDashboard({ loaderData }: Route.ComponentProps) {
  const { firstName, stats, bookings, activity, checkInEvents } = loaderData;
  return (
    <DashboardPage
      intro={m.dashboard_home_intro({ firstName })}
      notice={checkInEvents && <CheckInEvents events={checkInEvents} />}
      stats={[
        {
          label: m.dashboard_home_upcoming(),
          value: String(stats.upcomingBookings),
          hint: m.dashboard_home_upcoming_hint(),
          icon: CalendarClock,
        },
        {
          label: m.dashboard_home_past(),
          value: String(stats.pastBookings),
          hint: m.dashboard_home_past_hint(),
          icon: History,
        },
        {
          label: m.dashboard_home_events(),
          value: String(stats.eventsRegistered),
          hint: m.dashboard_home_events_hint(),
          icon: Ticket,
        },
        {
          label: m.dashboard_home_waitlisted(),
          value: String(stats.waitlisted),
          hint: m.dashboard_home_waitlisted_hint(),
          icon: Hourglass,
        },
      ]}
      table={
        <NextEventsTable
          title={m.dashboard_home_table_title()}
          rows={bookings}
          column={{ label: m.dashboard_home_organizer(), cell: (booking) => booking.organizerName }}
          emptyMessage={m.dashboard_home_empty()}
        />
      }
      quickActions={quickActions()}
      activity={{
        weeks: activity,
        description: m.dashboard_home_activity(),
      }}
    />
  );
}
