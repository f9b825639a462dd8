import type { Role } from "~/lib/roles";

export type MenuEntry = { to: string; label: string };

/** The dashboard menus of spec §2, per role. */
export const DASHBOARD_MENUS: Record<Role, MenuEntry[]> = {
  user: [
    { to: "/dashboard", label: "Dashboard" },
    { to: "/events", label: "Events" },
    { to: "/dashboard/bookings", label: "My Bookings" },
    { to: "/partners", label: "Partners" },
    { to: "/dashboard/profile", label: "Profile" },
  ],
  partner: [
    { to: "/dashboard/partner", label: "Dashboard" },
    { to: "/dashboard/partner/events", label: "Events" },
    { to: "/dashboard/partner/registrations", label: "Registrations" },
    { to: "/dashboard/partner/profile", label: "Profile" },
  ],
  admin: [
    { to: "/dashboard/admin", label: "Dashboard" },
    { to: "/dashboard/admin/events", label: "Events" },
    { to: "/dashboard/admin/partners", label: "Partners" },
    { to: "/dashboard/admin/users", label: "Users" },
    { to: "/dashboard/admin/settings", label: "Settings" },
  ],
};

export const DASHBOARD_TITLES: Record<Role, string> = {
  user: "User Dashboard",
  partner: "Partner Dashboard",
  admin: "Admin Dashboard",
};

/** Where each role's dashboard lives. */
export const DASHBOARD_HOME: Record<Role, string> = {
  user: "/dashboard",
  partner: "/dashboard/partner",
  admin: "/dashboard/admin",
};
