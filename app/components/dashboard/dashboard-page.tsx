import type { ReactNode } from "react";

/** The body of a dashboard page: its heading, a line of context, then its sections. */
export function DashboardPage({ intro, children }: { intro: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-7xl space-y-8 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header>
        <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">Dashboard</h1>
        <p className="mt-1 text-slate-600">{intro}</p>
      </header>
      {children}
    </main>
  );
}
