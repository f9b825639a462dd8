import { Toaster as Sonner } from "sonner";

/** Spec §9: at most three toasts visible, each for four seconds. */
const TOAST_LIMIT = 3;
const TOAST_DURATION_MS = 4000;

export function Toaster() {
  return (
    <Sonner
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      position="bottom-right"
      richColors
      closeButton
    />
  );
}
