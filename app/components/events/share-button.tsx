import { Share2 } from "~/components/icons/share-2";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toaster";
import { m } from "~/paraglide/messages";

/**
 * Copies the page's address. When the clipboard is refused it offers the system share
 * sheet, and failing that a selected field the visitor can copy from themselves.
 */
export function ShareButton({ title }: { title: string }) {
  const [fallbackUrl, setFallbackUrl] = useState<string | null>(null);
  const fieldId = useId();

  async function share() {
    const url = window.location.href;
    try {
      await navigator.clipboard.writeText(url);
      notify("success", m.event_share_copied());
      return;
    } catch {
      // Clipboard refused (permissions, insecure context): try the next way.
    }
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    setFallbackUrl(url);
  }

  return (
    <div>
      <Button type="button" variant="outline" className="w-full" onClick={() => void share()}>
        <Share2 aria-hidden="true" /> {m.event_share()}
      </Button>
      {fallbackUrl && (
        <div className="mt-3">
          <label htmlFor={fieldId} className="block text-sm text-slate-700">
            {m.event_share_copy_label()}
          </label>
          <input
            id={fieldId}
            readOnly
            value={fallbackUrl}
            // Selected at once, so a single copy shortcut takes it.
            ref={(node) => node?.select()}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 h-10 w-full rounded-md border border-slate-300 px-3 text-sm"
          />
        </div>
      )}
    </div>
  );
}
