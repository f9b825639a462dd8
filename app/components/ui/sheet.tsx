import * as Dialog from "@radix-ui/react-dialog";
import { X } from "~/components/icons/x";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";
import { DialogLayer } from "./dialog";

/** A panel that slides in from the side; Radix handles focus trapping and Escape. */
export const Sheet = Dialog.Root;
export const SheetTitle = Dialog.Title;
export const SheetDescription = Dialog.Description;

export function SheetContent({
  className,
  children,
  side = "right",
  tone = "light",
  ...props
}: ComponentProps<typeof Dialog.Content> & { side?: "left" | "right"; tone?: "light" | "dark" }) {
  return (
    <DialogLayer>
      <Dialog.Content
        data-slot="sheet-content"
        className={cn(
          "fixed inset-y-0 z-50 flex w-72 max-w-[85vw] flex-col p-6 shadow-xl transition-transform",
          side === "right" ? "right-0" : "left-0",
          tone === "dark" ? "bg-navy-900 text-white" : "bg-white",
          className,
        )}
        {...props}
      >
        {children}
        <Dialog.Close className="absolute top-4 right-4 rounded-md p-1 text-slate-600 hover:bg-slate-100">
          <X className="size-5" aria-hidden="true" />
          <span className="sr-only">{m.ui_close_menu()}</span>
        </Dialog.Close>
      </Dialog.Content>
    </DialogLayer>
  );
}
