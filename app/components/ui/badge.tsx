import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

const badgeVariants = cva("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium", {
  variants: {
    variant: {
      default: "bg-water-600/10 text-water-700",
      teal: "bg-teal-accent/15 text-teal-800",
      neutral: "bg-slate-100 text-slate-700",
      // Waiting on someone: in review, changes requested.
      attention: "bg-amber-100 text-amber-900",
      // Stopped: a cancelled event.
      stopped: "bg-red-50 text-red-800",
      // Refused to sign in: a disabled account.
      danger: "bg-red-100 text-red-800",
    },
  },
  defaultVariants: { variant: "default" },
});

export function Badge({
  className,
  variant,
  ...props
}: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
