import { lazy, Suspense, useId, useState, useSyncExternalStore } from "react";
import { controlProps, FieldShell, type FormFieldMeta } from "~/components/ui/form-field";

// Tiptap is loaded only once the page runs in a browser, in a chunk of its own, so no
// public page and no server render ever loads it.
const TiptapEditor = lazy(() => import("./tiptap-editor"));

const textareaClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 aria-[invalid=true]:border-red-600";

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
  optional,
  lang,
}: {
  field: FormFieldMeta;
  label: string;
  hint?: string;
  optional?: boolean;
  /** The language the text is written in, for spelling and screen readers. */
  lang?: string;
}) {
  const labelId = useId();
  const enhanced = useInBrowser();
  const { defaultValue, ...wiring } = controlProps(field, hint);
  // What was typed before the editor loaded is what it starts from.
  const [html, setHtml] = useState(defaultValue);
  // Whether the person is typing in the textarea when the editor takes its place: the
  // editor then takes the focus, so the next keystrokes land in it rather than nowhere.
  const [typing, setTyping] = useState(false);
  const textarea = (
    <textarea
      {...wiring}
      value={html}
      onChange={(event) => setHtml(event.target.value)}
      onFocus={() => setTyping(true)}
      onBlur={() => setTyping(false)}
      rows={10}
      lang={lang}
      className={textareaClass}
    />
  );
  return (
    <FieldShell field={field} label={label} hint={hint} optional={optional} labelId={labelId}>
      {enhanced ? (
        <Suspense fallback={textarea}>
          <TiptapEditor
            id={field.id}
            name={field.name}
            labelId={labelId}
            describedBy={wiring["aria-describedby"]}
            invalid={wiring["aria-invalid"]}
            initialHtml={html}
            focusAtStart={typing}
            lang={lang}
            label={label}
          />
        </Suspense>
      ) : (
        textarea
      )}
    </FieldShell>
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
