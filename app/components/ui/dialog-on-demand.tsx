import { Suspense, useState, type ReactNode } from "react";

export type DialogState = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * A dialog whose code loads the first time it is opened: pages render a lazy component
 * in `render`, so visitors who never open it never download it. Once loaded it stays
 * mounted, so it can animate closed and keep its state.
 */
export function useDialogOnDemand(render: (dialog: DialogState) => ReactNode) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const show = () => {
    setLoaded(true);
    setOpen(true);
  };
  const dialog = loaded ? (
    <Suspense fallback={null}>{render({ open, onOpenChange: setOpen })}</Suspense>
  ) : null;
  return { open, show, dialog };
}
