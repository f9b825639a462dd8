import { href } from "react-router";
import type { Role } from "~/lib/roles";

export type MenuEntry = { to: string; label: string };

/**
 * The dashboard menus of spec §2, per role. The partner's Analytics and Inquiries and
 * the admin's Reports follow the spec's entries: the spec promises those pages but gives
 * them no place in its menus.
 */
export const DASHBOARD_MENUS: Record<Role, MenuEntry[]> = {
  user: [
    { to: href("/dashboard"), label: "Dashboard" },
    { to: href("/events"), label: "Events" },
    { to: href("/dashboard/bookings"), label: "My Bookings" },
    { to: href("/partners"), label: "Partners" },
    { to: href("/dashboard/profile"), label: "Profile" },
  ],
  partner: [
    { to: href("/dashboard/partner"), label: "Dashboard" },
    { to: href("/dashboard/partner/events"), label: "Events" },
    { to: href("/dashboard/partner/registrations"), label: "Registrations" },
    { to: href("/dashboard/partner/profile"), label: "Profile" },
    { to: href("/dashboard/partner/analytics"), label: "Analytics" },
    { to: href("/dashboard/partner/inquiries"), label: "Inquiries" },
  ],
  admin: [
    { to: href("/dashboard/admin"), label: "Dashboard" },
    { to: href("/dashboard/admin/events"), label: "Events" },
    { to: href("/dashboard/admin/partners"), label: "Partners" },
    { to: href("/dashboard/admin/users"), label: "Users" },
    { to: href("/dashboard/admin/settings"), label: "Settings" },
    { to: href("/dashboard/admin/reports"), label: "Reports" },
  ],
};

export const DASHBOARD_TITLES: Record<Role, string> = {
  user: "User Dashboard",
  partner: "Partner Dashboard",
  admin: "Admin Dashboard",
};

const OWN_PAGES: MenuEntry[] = [
  { to: href("/dashboard"), label: "My Dashboard" },
  { to: href("/dashboard/bookings"), label: "My Bookings" },
];

/**
 * Partners and admins book teams too: below their area's menu, a second list leads to
 * their own dashboard (/dashboard, where they land after signing in) and bookings. The
 * user menu has both already.
 */
export const PERSONAL_MENU: Record<Role, MenuEntry[]> = {
  user: [],
  partner: OWN_PAGES,
  admin: OWN_PAGES,
};
