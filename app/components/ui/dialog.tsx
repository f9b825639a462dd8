import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * A modal dialog centred in the viewport, wherever the page is scrolled: Radix traps
 * focus in it, closes it with Escape or a tap outside, and hides the page behind it from
 * assistive technology. Give it a `DialogTitle` and a `DialogDescription`.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTitle = DialogPrimitive.Title;
export const DialogDescription = DialogPrimitive.Description;
export const DialogClose = DialogPrimitive.Close;

/** Where a dialog's or a sheet's content goes: at the end of the page, over the page dimmed. */
export function DialogLayer({ children }: { children: ReactNode }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40 data-[state=open]:animate-in" />
      {children}
    </DialogPrimitive.Portal>
  );
}

export function DialogContent({
  className,
  size = "md",
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { size?: "md" | "lg" }) {
  return (
    <DialogLayer>
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl",
          size === "lg" ? "max-w-lg" : "max-w-md",
          className,
        )}
        {...props}
      />
    </DialogLayer>
  );
}
