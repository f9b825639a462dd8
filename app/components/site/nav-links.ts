import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";

/**
 * The public site's main navigation (spec §2, shared layout). Paths are in English; the
 * links localize them (`localizedPath`), and call their label when they render.
 */
export const mainNavLinks = [
  { to: "/", label: m.nav_home },
  { to: "/events", label: m.nav_events },
  { to: "/networking", label: m.nav_networking },
  { to: "/partners", label: m.nav_partners },
  { to: "/about", label: m.nav_about },
] as const;

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium",
    isActive ? "text-water-600" : "text-slate-700 hover:text-water-600",
  );
