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

/** A plain data table with a caption for screen readers and a message when it is empty. */
export function AdminTable({
  caption,
  columns,
  children,
  empty,
}: {
  caption: string;
  columns: string[];
  children: ReactNode;
  /** Shown instead of the table when there are no rows. */
  empty: string | null;
}) {
  if (empty) return <p className="rounded-md border border-slate-200 p-6 text-slate-600">{empty}</p>;
  return (
    // A wide table scrolls sideways on a narrow screen; keyboard users reach it with Tab.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200"
    >
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold text-slate-700">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">{children}</tbody>
      </table>
    </div>
  );
}

export const cellClass = "px-4 py-3 align-top text-slate-700";
