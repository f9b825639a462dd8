import {
  CalendarClock,
  CalendarSearch,
  Handshake,
  History,
  Hourglass,
  SlidersHorizontal,
  Ticket,
} from "~/components/icons";
import { href } from "react-router";
import { requireUser } from "#server/auth/viewer";
import { registrationsPerWeek } from "#server/dashboard/registrations-per-week";
import { getUserDashboard } from "#server/dashboard/user-dashboard";
import { DashboardPage } from "~/components/dashboard/dashboard-page";
import { NextEventsTable } from "~/components/dashboard/dashboard-table";
import type { QuickAction } from "~/components/dashboard/quick-actions";
import { workspacePageMeta } from "~/lib/meta";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  // Every signed-in profile's own dashboard (spec §2): partners and admins book teams
  // too, and reach their area's dashboard from their menu.
  const viewer = await requireUser(request, context);
  const now = new Date();
  const [dashboard, activity] = await Promise.all([
    getUserDashboard(context.db, viewer.actor, now),
    registrationsPerWeek(context.db, { actor: viewer.actor, area: "user" }, now),
  ]);
  return { firstName: viewer.firstName, ...dashboard, activity };
}

export const meta: Route.MetaFunction = workspacePageMeta("Dashboard", "/dashboard");

const QUICK_ACTIONS: QuickAction[] = [
  {
    title: "Book New Service",
    description: "Find an upcoming regatta, indoor challenge or networking event for your team.",
    to: href("/events"),
    icon: CalendarSearch,
  },
  {
    title: "View Partners",
    description: "Meet the rowing clubs and organisers who host our events.",
    to: href("/partners"),
    icon: Handshake,
  },
  {
    title: "Update Preferences",
    description: "Keep your name, company and account details up to date.",
    to: href("/dashboard/profile"),
    icon: SlidersHorizontal,
  },
];

export default function UserDashboard({ loaderData }: Route.ComponentProps) {
  const { firstName, stats, bookings, activity } = loaderData;
  return (
    <DashboardPage
      intro={`Welcome back, ${firstName}. Here are your team's bookings.`}
      stats={[
        {
          label: "Upcoming bookings",
          value: String(stats.upcomingBookings),
          hint: "Confirmed or waitlisted, not yet held",
          icon: CalendarClock,
        },
        {
          label: "Past bookings",
          value: String(stats.pastBookings),
          hint: "Confirmed teams at events that have ended",
          icon: History,
        },
        {
          label: "Events registered for",
          value: String(stats.eventsRegistered),
          hint: "Different events, past and upcoming",
          icon: Ticket,
        },
        {
          label: "On the waitlist",
          value: String(stats.waitlisted),
          hint: "Teams waiting for a place to open",
          icon: Hourglass,
        },
      ]}
      table={
        <NextEventsTable
          title="Your next bookings"
          rows={bookings}
          column={{ label: "Organizer", cell: (booking) => booking.organizerName }}
          emptyMessage="You have no upcoming bookings yet. Browse the events to register a team."
        />
      }
      quickActions={QUICK_ACTIONS}
      activity={{
        weeks: activity,
        description: "Teams you registered each week, by the day you booked (cancelled bookings left out).",
      }}
    />
  );
}
