import { lazy } from "react";
import { Link, NavLink } from "react-router";
import { MenuDialogTrigger } from "~/components/ui/menu-dialog-trigger";
import { AccountLinks, type NavViewer } from "./account-links";
import { mainNavLinks, navLinkClass } from "./nav-links";

const MobileMenu = lazy(() => import("./mobile-menu"));

export function Navbar({ viewer }: { viewer: NavViewer }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6"
      >
        <Link to="/" className="flex items-center gap-2 font-bold text-navy-900">
          <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
          <span>RCL</span>
          <span className="sr-only">Rethink Corporate Life, home</span>
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {mainNavLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === "/"} className={navLinkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="hidden md:block">
          <AccountLinks viewer={viewer} />
        </div>
        <MenuDialogTrigger label="Open menu" className="md:hidden">
          {(dialog) => <MobileMenu {...dialog} viewer={viewer} />}
        </MenuDialogTrigger>
      </nav>
    </header>
  );
}
