import { cva, type VariantProps } from "class-variance-authority";
import { cloneElement, isValidElement, type ComponentProps, type ReactElement } from "react";
import { cn } from "~/lib/utils";

/**
 * Classes are joined, never merged (see `cn`), so no variant sets a property that another
 * variant or a caller's class sets too: the text size lives in the sizes, and the red
 * actions are variants of their own rather than overrides of the blue one.
 */
export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-water-600 text-white hover:bg-water-700",
        destructive: "bg-red-700 text-white hover:bg-red-800",
        secondary: "bg-white text-navy-900 hover:bg-navy-50",
        outline: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
        "outline-destructive": "border border-red-300 bg-white text-red-800 hover:bg-slate-50",
        ghost: "text-slate-700 hover:bg-slate-100",
        link: "text-water-600 underline-offset-4 hover:underline",
        "outline-light": "border border-white/80 text-white hover:bg-white/10",
      },
      size: {
        default: "h-10 px-4 py-2 text-sm",
        sm: "h-9 px-3 text-sm",
        lg: "h-12 px-6 text-base",
        icon: "size-10 text-sm",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (for example a Link) with button styles. */
    asChild?: boolean;
  };

type ChildProps = { className?: string; onClick?: (event: never) => void };

export function Button({ className, variant, size, asChild = false, children, ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild && isValidElement<ChildProps>(children)) {
    // The child element is the button: it keeps its own props, takes the button's classes
    // beside its own, and both click handlers run, the child's first.
    const own = children.props;
    const onClick =
      own.onClick && props.onClick
        ? (event: React.MouseEvent<HTMLButtonElement>) => {
            own.onClick?.(event as never);
            props.onClick?.(event);
          }
        : (own.onClick ?? props.onClick);
    return cloneElement(children as ReactElement<Record<string, unknown>>, {
      "data-slot": "button",
      ...props,
      ...own,
      className: cn(classes, own.className),
      onClick,
    });
  }
  return (
    <button data-slot="button" className={classes} {...props}>
      {children}
    </button>
  );
}
