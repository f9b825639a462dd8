import { Link } from "react-router";
import { cn } from "~/lib/utils";

/**
 * A list's statuses as links with their counts ("In review (2)"), the current one marked:
 * plain navigation, so each status has its own address and works without JavaScript.
 */
export function StatusFilterNav({
  label,
  entries,
}: {
  label: string;
  entries: { to: string; label: string; count: number; selected: boolean }[];
}) {
  return (
    <nav aria-label={label}>
      <ul className="relative flex gap-1 overflow-x-auto border-b border-slate-200">
        {entries.map((entry) => (
          <li key={entry.to}>
            <Link
              to={entry.to}
              aria-current={entry.selected ? "page" : undefined}
              className={cn(
                "-mb-px inline-flex items-center gap-1.5 border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap",
                entry.selected
                  ? "border-water-600 text-navy-900"
                  : "border-transparent text-slate-600 hover:text-navy-900",
              )}
            >
              {entry.label}
              <span className="rounded-full bg-slate-100 px-2 text-xs text-slate-700">
                <span className="sr-only">(</span>
                {entry.count}
                <span className="sr-only">)</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
