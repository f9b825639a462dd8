import { Menu } from "lucide-react";
import { Suspense, useState, type ReactNode } from "react";
import { Button } from "./button";

/**
 * The phone menu's button and, once first pressed, the menu itself: pages pass a lazy
 * component, so its code loads only when someone opens it. It stays mounted from then
 * on, so the dialog can animate closed and keep its state.
 */
export function MenuDialogTrigger({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: (dialog: { open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className={className}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Menu className="size-6" aria-hidden="true" />
        <span className="sr-only">{label}</span>
      </Button>
      {loaded && <Suspense fallback={null}>{children({ open, onOpenChange: setOpen })}</Suspense>}
    </>
  );
}
