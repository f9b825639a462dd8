import type { IconComponent } from "~/components/icons/create-icon";
import { cn } from "~/lib/utils";

export type Feature = { title: string; body: string; Icon: IconComponent };

const TEXT = {
  sm: { title: "text-lg", body: "text-sm text-slate-600" },
  md: { title: "text-lg", body: "text-slate-600" },
  lg: { title: "text-xl", body: "leading-relaxed text-slate-700" },
} as const;

/** Bordered cards of an icon, a short title and a sentence or two: benefits, reasons, values. */
export function FeatureGrid({
  features,
  columns = 4,
  size = "sm",
  className,
}: {
  features: Feature[];
  /** Columns on wide screens; small screens show two, phones one. */
  columns?: 2 | 4;
  size?: keyof typeof TEXT;
  /** The space above the grid, in place of `mt-10` (classes are joined, not merged). */
  className?: string;
}) {
  return (
    <ul className={cn(className ?? "mt-10", "grid gap-6 sm:grid-cols-2", columns === 4 && "lg:grid-cols-4")}>
      {features.map(({ title, body, Icon }) => (
        <li key={title} className="rounded-lg border border-slate-200 p-6">
          <Icon className="size-8 text-water-600" aria-hidden="true" />
          <h3 className={cn("mt-4 font-semibold text-navy-900", TEXT[size].title)}>{title}</h3>
          <p className={cn("mt-2", TEXT[size].body)}>{body}</p>
        </li>
      ))}
    </ul>
  );
}
