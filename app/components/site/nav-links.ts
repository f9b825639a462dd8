import { cn } from "~/lib/utils";

/** The public site's main navigation (spec §2, shared layout). */
export const mainNavLinks = [
  { to: "/", label: "Home" },
  { to: "/events", label: "Events" },
  { to: "/networking", label: "Networking" },
  { to: "/partners", label: "Partners" },
  { to: "/about", label: "About" },
] as const;

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium",
    isActive ? "text-water-600" : "text-slate-700 hover:text-water-600",
  );
