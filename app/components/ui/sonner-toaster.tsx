import { useEffect, type CSSProperties } from "react";
import { Toaster as Sonner, toast } from "sonner";
import { m } from "~/paraglide/messages";
import { connectToaster, type Notice } from "./toaster";

/** Spec §9: at most three toasts visible, each for four seconds. */
const TOAST_LIMIT = 3;
const TOAST_DURATION_MS = 4000;

const show = ({ kind, message, id }: Notice) => toast[kind](message, { id });

/**
 * Sonner's rich colours put mid-tone text on pale backgrounds, below WCAG AA's 4.5:1
 * (its success green reaches 4.3:1). The same hues, darker, pass.
 */
const READABLE_COLORS = {
  "--success-text": "hsl(140, 100%, 22%)",
  "--error-text": "hsl(360, 100%, 35%)",
  "--info-text": "hsl(210, 92%, 35%)",
  "--warning-text": "hsl(31, 92%, 30%)",
} as CSSProperties;

/** Sonner itself, loaded by `Toaster` the first time a page has something to say. */
export default function SonnerToaster() {
  // Sonner's own effect subscribes first (children's effects run before their parent's),
  // so notices queued while this loaded are shown, not lost.
  useEffect(() => connectToaster(show), []);
  return (
    <Sonner
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      position="bottom-right"
      richColors
      closeButton
      style={READABLE_COLORS}
      containerAriaLabel={m.ui_notifications()}
      toastOptions={{ closeButtonAriaLabel: m.ui_toast_close() }}
    />
  );
}
