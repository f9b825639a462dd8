import type { IconComponent } from "~/components/icons/create-icon";
import { useId } from "react";
import { Link } from "react-router";
import { m } from "~/paraglide/messages";

export type QuickAction = { title: string; description: string; to: string; icon: IconComponent };

/** The three shortcut cards of spec §2; each whole card is the link's target area. */
export function QuickActions({ actions }: { actions: QuickAction[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-navy-900">
        {m.dash_quick_actions()}
      </h2>
      <ul className="mt-3 grid gap-4 md:grid-cols-3">
        {actions.map(({ title, description, to, icon: Icon }) => (
          <li
            key={to}
            className="relative rounded-lg border border-slate-200 bg-white p-5 shadow-sm focus-within:border-water-600 hover:border-water-600"
          >
            <Icon className="size-6 text-water-600" aria-hidden="true" />
            <h3 className="mt-3 font-semibold text-navy-900">
              {/* The ::after box stretches the link over the card, so the card is one target. */}
              <Link to={to} className="after:absolute after:inset-0 after:rounded-lg">
                {title}
              </Link>
            </h3>
            <p className="mt-1 text-sm text-slate-600">{description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
