import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/** One titled card of the profile page; `danger` sets irreversible actions apart. */
export function ProfileSection({
  id,
  title,
  description,
  tone = "default",
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  tone?: "default" | "danger";
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        "rounded-lg border bg-white p-5 shadow-sm sm:p-6",
        tone === "danger" ? "border-red-300 border-l-4 border-l-red-700" : "border-slate-200",
      )}
    >
      <h2
        id={headingId}
        className={cn("text-lg font-semibold", tone === "danger" ? "text-red-800" : "text-navy-900")}
      >
        {title}
      </h2>
      {description && <div className="mt-1 text-sm text-slate-600">{description}</div>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
