import {
  ClipboardCheck,
  ClipboardList,
  FileDown,
  Handshake,
  Ticket,
  UserPlus,
  Users,
} from "~/components/icons";
import { requireArea } from "#server/auth/viewer";
import { getAdminDashboard } from "#server/dashboard/admin-dashboard";
import { registrationsPerWeek } from "#server/dashboard/registrations-per-week";
import { DashboardPage } from "~/components/dashboard/dashboard-page";
import { NextEventsTable } from "~/components/dashboard/dashboard-table";
import type { QuickAction } from "~/components/dashboard/quick-actions";
import { workspacePageMeta } from "~/lib/meta";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, firstName } = await requireArea(request, context, "admin");
  const now = new Date();
  const [dashboard, activity] = await Promise.all([
    getAdminDashboard(context.db, actor, now),
    registrationsPerWeek(context.db, { actor, area: "admin" }, now),
  ]);
  return { firstName, ...dashboard, activity };
}

export const meta: Route.MetaFunction = workspacePageMeta("Dashboard", "/dashboard/admin");

const QUICK_ACTIONS: QuickAction[] = [
  {
    title: "Add New Partner",
    description: "List a new rowing club, organiser or venue on the platform.",
    to: "/dashboard/admin/partners/new",
    icon: UserPlus,
  },
  {
    title: "Review Pending Events",
    description: "Approve or request changes to submitted events",
    to: "/dashboard/admin/events",
    icon: ClipboardCheck,
  },
  {
    title: "Export Reports",
    description: "Download registration and partner figures for reporting.",
    to: "/dashboard/admin/reports",
    icon: FileDown,
  },
];

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { firstName, stats, events, activity } = loaderData;
  return (
    <DashboardPage
      intro={`Welcome back, ${firstName}. Here is what is happening across the site.`}
      stats={[
        {
          label: "Users",
          value: String(stats.users),
          hint: "Profiles of every role",
          icon: Users,
        },
        {
          label: "Partners",
          value: String(stats.approvedPartners),
          hint: `Approved; ${plural(stats.pendingApplications, "application")} waiting`,
          icon: Handshake,
        },
        {
          label: "Events waiting for review",
          value: String(stats.eventsAwaitingReview),
          hint: "Submitted by partners for approval",
          icon: ClipboardList,
        },
        {
          label: "Registrations",
          value: String(stats.confirmedRegistrations),
          hint: `Confirmed teams; ${stats.registrationsThisMonth} new this month`,
          icon: Ticket,
        },
      ]}
      table={
        <NextEventsTable
          title="Next events across the site"
          rows={events}
          column={{ label: "Partner", cell: (event) => event.partnerName }}
          emptyMessage="No upcoming events have been submitted yet."
        />
      }
      quickActions={QUICK_ACTIONS}
      activity={{
        weeks: activity,
        description: "Teams registered each week across the whole site (cancelled bookings left out).",
      }}
    />
  );
}
