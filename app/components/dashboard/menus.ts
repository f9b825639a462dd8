import { href } from "react-router";
import type { Role } from "~/lib/roles";
import { m } from "~/paraglide/messages";

/** A menu entry: its label is the message, read in the page's language when the menu renders. */
export type MenuEntry = { to: string; label: () => string };

/**
 * The dashboard menus of spec §2, per role. The partner's Analytics and Inquiries and
 * the admin's Reports follow the spec's entries: the spec promises those pages but gives
 * them no place in its menus. Public pages (Events, Partners) are given without their
 * language: the menu links them in the page's language.
 */
export const DASHBOARD_MENUS: Record<Role, MenuEntry[]> = {
  user: [
    { to: href("/dashboard"), label: m.dash_menu_dashboard },
    { to: href("/events"), label: m.dash_menu_events },
    { to: href("/dashboard/bookings"), label: m.dash_menu_my_bookings },
    { to: href("/partners"), label: m.dash_menu_partners },
    { to: href("/dashboard/profile"), label: m.dash_menu_profile },
  ],
  partner: [
    { to: href("/dashboard/partner"), label: m.dash_menu_dashboard },
    { to: href("/dashboard/partner/events"), label: m.dash_menu_events },
    { to: href("/dashboard/partner/registrations"), label: m.dash_menu_registrations },
    { to: href("/dashboard/partner/invoices"), label: m.invoices_menu },
    { to: href("/dashboard/partner/statements"), label: m.statements_menu },
    { to: href("/dashboard/partner/discount-codes"), label: m.discount_codes_menu },
    { to: href("/dashboard/partner/profile"), label: m.dash_menu_profile },
    { to: href("/dashboard/partner/billing"), label: m.billing_menu },
    { to: href("/dashboard/partner/analytics"), label: m.dash_menu_analytics },
    { to: href("/dashboard/partner/inquiries"), label: m.dash_menu_inquiries },
    { to: href("/dashboard/partner/staff"), label: m.staff_menu },
  ],
  admin: [
    { to: href("/dashboard/admin"), label: m.dash_menu_dashboard },
    { to: href("/dashboard/admin/events"), label: m.dash_menu_events },
    { to: href("/dashboard/admin/partners"), label: m.dash_menu_partners },
    { to: href("/dashboard/admin/users"), label: m.dash_menu_users },
    { to: href("/dashboard/admin/settings"), label: m.dash_menu_settings },
    { to: href("/dashboard/admin/reports"), label: m.dash_menu_reports },
    { to: href("/dashboard/admin/invoices"), label: m.invoices_menu },
    { to: href("/dashboard/admin/statements"), label: m.statements_menu },
    { to: href("/dashboard/admin/discount-codes"), label: m.discount_codes_menu },
    { to: href("/dashboard/admin/payments"), label: m.payments_menu },
  ],
};

export const DASHBOARD_TITLES: Record<Role, () => string> = {
  user: m.dash_title_user,
  partner: m.dash_title_partner,
  admin: m.dash_title_admin,
};

const OWN_PAGES: MenuEntry[] = [
  { to: href("/dashboard"), label: m.dash_menu_my_dashboard },
  { to: href("/dashboard/bookings"), label: m.dash_menu_my_bookings },
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
