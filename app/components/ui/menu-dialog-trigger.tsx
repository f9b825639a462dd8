// One file per icon, not the icons' index (see contact-block.tsx).
import { Menu } from "~/components/icons/menu";
import type { ReactNode } from "react";
import { Button } from "./button";
import { useDialogOnDemand, type DialogState } from "./dialog-on-demand";

/** The phone menu's button and, once first pressed, the menu itself (a lazy component). */
export function MenuDialogTrigger({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: (dialog: DialogState) => ReactNode;
}) {
  const { open, show, dialog } = useDialogOnDemand(children);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className={className}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={show}
      >
        <Menu className="size-6" aria-hidden="true" />
        <span className="sr-only">{label}</span>
      </Button>
      {dialog}
    </>
  );
}
