import { lazy, Suspense, useId, useState, useSyncExternalStore } from "react";
import type { FormFieldMeta } from "~/components/ui/form-field";
import { cn } from "~/lib/utils";

// Tiptap is loaded only once the page runs in a browser, in a chunk of its own, so no
// public page and no server render ever loads it.
const TiptapEditor = lazy(() => import("./tiptap-editor"));

const controlClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 aria-[invalid=true]:border-red-600";

/**
 * A rich-text field: paragraphs, headings, bold, italic, lists and links, as the
 * server's sanitizer allows. The server renders a plain textarea (which also works
 * without JavaScript); in the browser the editor takes its place and writes its HTML
 * into a hidden input of the same name, so the form posts it either way.
 */
export function RichTextEditor({
  field,
  label,
  hint,
}: {
  field: FormFieldMeta;
  label: string;
  hint?: string;
}) {
  const labelId = useId();
  const enhanced = useInBrowser();
  const [html, setHtml] = useState(typeof field.initialValue === "string" ? field.initialValue : "");

  const error = field.errors?.[0];
  const describedBy =
    [hint && field.descriptionId, error && field.errorId].filter(Boolean).join(" ") || undefined;
  const textarea = (
    <textarea
      id={field.id}
      name={field.name}
      value={html}
      onChange={(event) => setHtml(event.target.value)}
      rows={10}
      aria-invalid={Boolean(error)}
      aria-describedby={describedBy}
      className={cn(controlClass, "font-mono")}
    />
  );
  return (
    <div data-slot="form-field">
      <label id={labelId} htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {enhanced ? (
        <Suspense fallback={textarea}>
          <TiptapEditor
            key={field.key}
            id={field.id}
            name={field.name}
            labelId={labelId}
            describedBy={describedBy}
            invalid={Boolean(error)}
            initialHtml={html}
          />
        </Suspense>
      ) : (
        textarea
      )}
      {hint && (
        <p id={field.descriptionId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={field.errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const stayPut = () => () => {};

/** False in the server's render and while hydrating (so both agree), true afterwards. */
function useInBrowser(): boolean {
  return useSyncExternalStore(
    stayPut,
    () => true,
    () => false,
  );
}
