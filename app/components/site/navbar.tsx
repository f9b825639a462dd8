import { Menu } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { AccountLinks, type NavViewer } from "./account-links";
import { mainNavLinks, navLinkClass } from "./nav-links";

const MobileMenu = lazy(() => import("./mobile-menu"));

export function Navbar({ viewer }: { viewer: NavViewer }) {
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first opening on, so the dialog can animate closed and keep its state.
  const [menuLoaded, setMenuLoaded] = useState(false);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
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
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => {
            setMenuLoaded(true);
            setMenuOpen(true);
          }}
        >
          <Menu className="size-6" aria-hidden="true" />
          <span className="sr-only">Open menu</span>
        </Button>
        {menuLoaded && (
          <Suspense fallback={null}>
            <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} viewer={viewer} />
          </Suspense>
        )}
      </nav>
    </header>
  );
}
