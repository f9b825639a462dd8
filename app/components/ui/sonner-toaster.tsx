import { useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";
import { connectToaster, type Notice } from "./toaster";

/** Spec §9: at most three toasts visible, each for four seconds. */
const TOAST_LIMIT = 3;
const TOAST_DURATION_MS = 4000;

const show = ({ kind, message, id }: Notice) => toast[kind](message, { id });

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
    />
  );
}
