import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { cn } from "~/lib/utils";

/** The frame of an admin page: heading, a line of context, actions at the right, then the content. */
export function AdminPage({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main id="main" className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">{title}</h1>
          {intro && <p className="mt-1 text-slate-600">{intro}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </header>
      {children}
    </main>
  );
}

/** Links between the sections of one admin page (partners and applications), the current one marked. */
export function SectionNav({
  label,
  links,
}: {
  label: string;
  links: { to: string; label: string; end?: boolean }[];
}) {
  return (
    <nav aria-label={label} className="flex gap-1 border-b border-slate-200">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.end}
          className={({ isActive }) =>
            cn(
              "-mb-px border-b-2 px-4 py-2 text-sm font-medium",
              isActive
                ? "border-water-600 text-navy-900"
                : "border-transparent text-slate-600 hover:text-navy-900",
            )
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** A part of an admin page under its own heading, which names it for screen readers. */
export function AdminSection({
  id,
  title,
  className = "space-y-4",
  children,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-semibold text-navy-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
