import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { cn } from "~/lib/utils";

export type TabItem = { id: string; label: string };

/**
 * Tabs whose selection lives in the URL (`?tab=…`): each tab is a link, so the choice
 * survives a reload, can be shared, and works before JavaScript loads. With JavaScript,
 * arrow keys, Home and End move between tabs as the ARIA tabs pattern describes.
 */
export function LinkTabs({
  label,
  tabs,
  param = "tab",
  children,
}: {
  label: string;
  tabs: TabItem[];
  param?: string;
  /** Renders the panel of the selected tab. */
  children: (active: string) => ReactNode;
}) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const active = tabs.find((tab) => tab.id === searchParams.get(param))?.id ?? tabs[0]?.id ?? "";
  const tabRefs = useRef(new Map<string, HTMLAnchorElement>());
  const defaultTab = tabs[0]?.id;
  // The rest of the query stays (a preview's language, a list's filters).
  const hrefFor = (id: string) => {
    const next = new URLSearchParams(searchParams);
    if (id === defaultTab) next.delete(param);
    else next.set(param, id);
    return `?${next.toString()}`;
  };

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const last = tabs.length - 1;
    const next = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[next];
    if (!target) return;
    void navigate(hrefFor(target.id), { replace: true, preventScrollReset: true });
    tabRefs.current.get(target.id)?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {tabs.map((tab, index) => {
          const selected = tab.id === active;
          return (
            <Link
              key={tab.id}
              ref={(node) => {
                if (node) tabRefs.current.set(tab.id, node);
                else tabRefs.current.delete(tab.id);
              }}
              to={hrefFor(tab.id)}
              replace
              preventScrollReset
              role="tab"
              id={`tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={selected ? `panel-${tab.id}` : undefined}
              tabIndex={selected ? 0 : -1}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                "-mb-px border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap",
                selected
                  ? "border-water-600 text-water-700"
                  : "border-transparent text-slate-600 hover:text-slate-900",
              )}
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`panel-${active}`}
        aria-labelledby={`tab-${active}`}
        tabIndex={0}
        className="pt-6"
      >
        {children(active)}
      </div>
    </div>
  );
}
