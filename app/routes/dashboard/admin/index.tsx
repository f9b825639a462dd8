import { ClipboardCheck } from "~/components/icons/clipboard-check";
import { ClipboardList } from "~/components/icons/clipboard-list";
import { FileDown } from "~/components/icons/file-down";
import { Handshake } from "~/components/icons/handshake";
import { Ticket } from "~/components/icons/ticket";
import { UserPlus } from "~/components/icons/user-plus";
import { Users } from "~/components/icons/users";
import { requireArea } from "#server/auth/viewer";
import { getAdminDashboard } from "#server/dashboard/admin-dashboard";
import { registrationsPerWeek } from "#server/dashboard/registrations-per-week";
import { DashboardPage } from "~/components/dashboard/dashboard-page";
import { NextEventsTable } from "~/components/dashboard/dashboard-table";
import type { QuickAction } from "~/components/dashboard/quick-actions";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
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

export const meta: Route.MetaFunction = workspacePageMeta(m.admin_dashboard_title, "/dashboard/admin");

/** The admin's shortcuts, worded in the page's language. */
const quickActions = (): QuickAction[] => [
  {
    title: m.admin_quick_add_partner(),
    description: m.admin_quick_add_partner_description(),
    to: "/dashboard/admin/partners/new",
    icon: UserPlus,
  },
  {
    title: m.admin_quick_review(),
    description: m.admin_quick_review_description(),
    to: "/dashboard/admin/events",
    icon: ClipboardCheck,
  },
  {
    title: m.admin_quick_reports(),
    description: m.admin_quick_reports_description(),
    to: "/dashboard/admin/reports",
    icon: FileDown,
  },
];

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { firstName, stats, events, activity } = loaderData;
  return (
    <DashboardPage
      intro={m.admin_dashboard_intro({ name: firstName })}
      stats={[
        {
          label: m.admin_stat_users(),
          value: String(stats.users),
          hint: m.admin_stat_users_hint(),
          icon: Users,
        },
        {
          label: m.admin_stat_partners(),
          value: String(stats.approvedPartners),
          hint: m.admin_stat_partners_hint({ count: stats.pendingApplications }),
          icon: Handshake,
        },
        {
          label: m.admin_stat_review(),
          value: String(stats.eventsAwaitingReview),
          hint: m.admin_stat_review_hint(),
          icon: ClipboardList,
        },
        {
          label: m.admin_stat_registrations(),
          value: String(stats.confirmedRegistrations),
          hint: m.admin_stat_registrations_hint({ count: stats.registrationsThisMonth }),
          icon: Ticket,
        },
      ]}
      table={
        <NextEventsTable
          title={m.admin_next_events()}
          rows={events}
          column={{ label: m.admin_events_column_partner(), cell: (event) => event.partnerName }}
          emptyMessage={m.admin_next_events_empty()}
        />
      }
      quickActions={quickActions()}
      activity={{
        weeks: activity,
        description: m.admin_activity_description(),
      }}
    />
  );
}
