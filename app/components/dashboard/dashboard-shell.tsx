import { LogOut } from "~/components/icons/log-out";
import { lazy, useId, type ReactNode } from "react";
import { Form, Link, NavLink } from "react-router";
import { LanguageSwitch } from "~/components/site/language-switch";
import { MenuDialogTrigger } from "~/components/ui/menu-dialog-trigger";
import { localizedPath } from "~/lib/i18n/locale";
import type { Role } from "~/lib/roles";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";
import { DASHBOARD_MENUS, DASHBOARD_TITLES, PERSONAL_MENU, type MenuEntry } from "./menus";

const DashboardMobileMenu = lazy(() => import("./dashboard-mobile-menu"));

export type ShellViewer = { firstName: string; lastName: string; email: string; role: Role };

const entryClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "block rounded-md px-3 py-2 text-sm font-medium",
    isActive ? "bg-white/10 text-white" : "text-navy-100 hover:bg-white/5 hover:text-white",
  );

function MenuList({ entries, onNavigate }: { entries: MenuEntry[]; onNavigate?: () => void }) {
  return (
    <ul className="space-y-1">
      {entries.map((entry) => (
        <li key={entry.to}>
          {/* Each role's first entry is its dashboard home; only an exact match marks it current. */}
          <NavLink to={localizedPath(entry.to)} end className={entryClass} onClick={onNavigate}>
            {entry.label()}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The role's menu entries, the partner's or admin's own pages, then the logout button;
 * used in the sidebar and the phone menu.
 */
export function DashboardNav({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const personalId = useId();
  const personal = PERSONAL_MENU[role];
  return (
    <>
      <MenuList entries={DASHBOARD_MENUS[role]} onNavigate={onNavigate} />
      {personal.length > 0 && (
        <div className="mt-6">
          <p id={personalId} className="px-3 text-xs font-semibold tracking-wide text-navy-100 uppercase">
            {m.dash_personal()}
          </p>
          <div role="group" aria-labelledby={personalId} className="mt-2">
            <MenuList entries={personal} onNavigate={onNavigate} />
          </div>
        </div>
      )}
      <Form method="post" action="/logout" className="mt-6">
        <button
          type="submit"
          className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-navy-100 hover:bg-white/5 hover:text-white"
        >
          <LogOut className="size-4" aria-hidden="true" /> {m.dash_log_out()}
        </button>
      </Form>
    </>
  );
}

/** Spec §2 dashboard shell: a sidebar on desktop, a slide-out menu on phones. */
export function DashboardShell({ viewer, children }: { viewer: ShellViewer; children: ReactNode }) {
  const title = DASHBOARD_TITLES[viewer.role]();
  return (
    <div className="min-h-screen bg-slate-50 lg:grid lg:grid-cols-[16rem_1fr] print:block print:bg-white">
      <aside className="hidden bg-navy-900 p-5 lg:block print:hidden">
        <Link to={localizedPath("/")} className="flex items-center gap-2 font-bold text-white">
          <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
          RCL
        </Link>
        <p className="mt-6 text-xs font-semibold tracking-wide text-navy-100 uppercase">{title}</p>
        <nav aria-label={title} className="mt-3">
          <DashboardNav role={viewer.role} />
        </nav>
      </aside>
      <div className="min-w-0">
        <header className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 lg:px-8 print:hidden">
          <MenuDialogTrigger label={m.dash_open_menu()} className="lg:hidden">
            {(dialog) => <DashboardMobileMenu {...dialog} title={title} role={viewer.role} />}
          </MenuDialogTrigger>
          <div className="ml-auto flex items-center gap-3">
            <p className="text-sm text-slate-600">
              {m.dash_signed_in_as()}{" "}
              <Link to="/dashboard/profile" className="font-medium text-slate-900 hover:underline">
                {viewer.firstName} {viewer.lastName}
              </Link>
            </p>
            <LanguageSwitch className="text-slate-700" />
          </div>
        </header>
        {children}
      </div>
    </div>
  );
}
