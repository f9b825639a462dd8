import { Suspense, useState, type ReactNode } from "react";
import { useLocation } from "react-router";

export type DialogState = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * A dialog whose code loads the first time it is opened: pages render a lazy component
 * in `render`, so visitors who never open it never download it. Once loaded it stays
 * mounted, so it can animate closed and keep its state, until the page navigates.
 */
export function useDialogOnDemand(render: (dialog: DialogState) => ReactNode) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  // A dialog's form that succeeds redirects, often to the same page, which then stays
  // mounted: the new location closes the dialog. A refusal answers without navigating,
  // so the dialog stays open with its messages.
  const { key } = useLocation();
  const [openedAt, setOpenedAt] = useState(key);
  if (openedAt !== key) {
    setOpenedAt(key);
    setOpen(false);
  }
  const show = () => {
    setLoaded(true);
    setOpen(true);
  };
  const dialog = loaded ? (
    <Suspense fallback={null}>{render({ open, onOpenChange: setOpen })}</Suspense>
  ) : null;
  return { open, show, dialog };
}
