import { lazy } from "react";
import { Link, NavLink } from "react-router";
import { MenuDialogTrigger } from "~/components/ui/menu-dialog-trigger";
import { localizedPath } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { AccountLinks, type NavViewer } from "./account-links";
import { LanguageSwitch } from "./language-switch";
import { mainNavLinks, navLinkClass } from "./nav-links";

const MobileMenu = lazy(() => import("./mobile-menu"));

export function Navbar({ viewer }: { viewer: NavViewer }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
      <nav
        aria-label={m.nav_main_label()}
        className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6"
      >
        <Link to={localizedPath("/")} className="flex items-center gap-2 font-bold text-navy-900">
          <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
          <span>RCL</span>
          <span className="sr-only">{m.nav_home_link_label()}</span>
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {mainNavLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={localizedPath(link.to)} end={link.to === "/"} className={navLinkClass}>
                {link.label()}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="hidden items-center gap-2 md:flex">
          <LanguageSwitch className="text-slate-700" />
          <AccountLinks viewer={viewer} />
        </div>
        <MenuDialogTrigger label={m.nav_open_menu()} className="md:hidden">
          {(dialog) => <MobileMenu {...dialog} viewer={viewer} />}
        </MenuDialogTrigger>
      </nav>
    </header>
  );
}
