import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Bold } from "~/components/icons/letter-b";
import { Heading2 } from "~/components/icons/heading-2";
import { Heading3 } from "~/components/icons/heading-3";
import { Italic } from "~/components/icons/italic";
import { Link2 } from "~/components/icons/link-2";
import { List } from "~/components/icons/list";
import { ListOrdered } from "~/components/icons/list-ordered";
import { Pilcrow } from "~/components/icons/pilcrow";
import type { IconComponent } from "~/components/icons/create-icon";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";

/** The link schemes server/content/sanitize.ts keeps; the editor offers no others. */
const LINK_SCHEMES = /^(https?:|mailto:|tel:)/i;

/** What people type as a link address: `club.dk` means https://club.dk. */
function linkHref(typed: string): string | null {
  const value = typed.trim();
  if (value === "") return null;
  const href = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  return LINK_SCHEMES.test(href) ? href : null;
}

// Only what the sanitizer keeps: paragraphs, h2/h3, bold, italic, lists and links.
const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: {
      openOnClick: false,
      defaultProtocol: "https",
      isAllowedUri: (url) => LINK_SCHEMES.test(url),
    },
  }),
];

/** The toolbar's state, read on every change of the document or the selection. */
function useFormatting(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      paragraph: current.isActive("paragraph"),
      h2: current.isActive("heading", { level: 2 }),
      h3: current.isActive("heading", { level: 3 }),
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      link: current.isActive("link"),
      href: String(current.getAttributes("link").href ?? ""),
    }),
  });
}

/**
 * The Tiptap editor of `RichTextEditor`, loaded lazily. Its HTML goes into a hidden input
 * named `name`; an empty editor posts "" rather than an empty paragraph.
 */
export default function TiptapEditor({
  id,
  name,
  labelId,
  describedBy,
  invalid,
  initialHtml,
  focusAtStart,
  lang,
  label,
}: {
  id: string;
  name: string;
  labelId: string;
  describedBy: string | undefined;
  invalid: boolean;
  initialHtml: string;
  /** Focus the editor, at the end of the text, as it appears (the textarea before it had the focus). */
  focusAtStart: boolean;
  lang: string | undefined;
  /** The field's label: the toolbar is named after it, as a form may have several editors. */
  label: string;
}) {
  const [html, setHtml] = useState(initialHtml);
  // Read once: the textarea's blur as it leaves the page must not take the focus back.
  const [autofocus] = useState<"end" | false>(focusAtStart ? "end" : false);
  // Also written straight into the DOM on every change: ProseMirror reads typing from a
  // MutationObserver, outside any event, so React renders the new state a moment later,
  // and a click on Preview or Save in that moment posted the text without its last
  // keystrokes. The state keeps the value when the page re-renders with other props.
  const htmlInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions,
    content: initialHtml,
    immediatelyRender: false,
    autofocus,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy && { "aria-describedby": describedBy }),
        "aria-invalid": String(invalid),
        class: "prose-rich min-h-48 px-3 py-2 focus:outline-none",
      },
    },
    onUpdate: ({ editor: current }) => {
      const value = current.isEmpty ? "" : current.getHTML();
      if (htmlInput.current) {
        htmlInput.current.value = value;
        // The form follows its fields through input events, which a hidden input never
        // fires: the editor's translation status counts this text as written at once.
        htmlInput.current.dispatchEvent(new Event("input", { bubbles: true }));
      }
      setHtml(value);
    },
  });
  return (
    <div
      className={cn(
        "mt-1 rounded-md border bg-white focus-within:ring-2 focus-within:ring-water-600",
        invalid ? "border-red-600" : "border-slate-300",
      )}
    >
      <input ref={htmlInput} type="hidden" name={name} value={html} />
      {editor ? (
        <Toolbar editor={editor} editorId={id} label={label} />
      ) : (
        <div className="h-11 border-b border-slate-200" />
      )}
      {/* The text only: the toolbar's labels are in the page's language. It follows when the
          partner changes the language they write in. */}
      <div lang={lang}>
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}

function Toolbar({ editor, editorId, label }: { editor: Editor; editorId: string; label: string }) {
  const state = useFormatting(editor);
  const [linkOpen, setLinkOpen] = useState(false);
  const chain = () => editor.chain().focus();
  return (
    <div className="border-b border-slate-200">
      <div
        role="toolbar"
        aria-label={m.richtext_toolbar_for({ field: label })}
        aria-controls={editorId}
        className="flex flex-wrap gap-1 p-1"
      >
        <ToolButton
          icon={Pilcrow}
          label={m.richtext_paragraph()}
          pressed={state.paragraph}
          onClick={() => chain().setParagraph().run()}
        />
        <ToolButton
          icon={Heading2}
          label={m.richtext_heading()}
          pressed={state.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        />
        <ToolButton
          icon={Heading3}
          label={m.richtext_subheading()}
          pressed={state.h3}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        />
        <ToolButton
          icon={Bold}
          label={m.richtext_bold()}
          pressed={state.bold}
          onClick={() => chain().toggleBold().run()}
        />
        <ToolButton
          icon={Italic}
          label={m.richtext_italic()}
          pressed={state.italic}
          onClick={() => chain().toggleItalic().run()}
        />
        <ToolButton
          icon={List}
          label={m.richtext_bulleted_list()}
          pressed={state.bulletList}
          onClick={() => chain().toggleBulletList().run()}
        />
        <ToolButton
          icon={ListOrdered}
          label={m.richtext_numbered_list()}
          pressed={state.orderedList}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <ToolButton
          icon={Link2}
          label={m.richtext_link()}
          pressed={state.link}
          expanded={linkOpen}
          onClick={() => setLinkOpen((open) => !open)}
        />
      </div>
      {linkOpen && (
        <LinkPanel
          current={state.href}
          onApply={(href) => {
            const link = chain().extendMarkRange("link");
            (href ? link.setLink({ href }) : link.unsetLink()).run();
            setLinkOpen(false);
          }}
          onClose={() => {
            setLinkOpen(false);
            editor.commands.focus();
          }}
        />
      )}
    </div>
  );
}

function ToolButton({
  icon: Icon,
  label,
  pressed,
  expanded,
  onClick,
}: {
  icon: IconComponent;
  label: string;
  pressed: boolean;
  expanded?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      aria-expanded={expanded}
      onClick={onClick}
      className={cn(
        "inline-flex size-9 items-center justify-center rounded text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-water-600 focus-visible:outline-none",
        pressed && "bg-navy-50 text-navy-900",
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  );
}

/**
 * The address of the selected link, typed in the editor's own bar: it belongs to the
 * page's form, so Enter applies the link instead of submitting the form.
 */
function LinkPanel({
  current,
  onApply,
  onClose,
}: {
  current: string;
  onApply: (href: string | null) => void;
  onClose: () => void;
}) {
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const input = useRef<HTMLInputElement>(null);
  // The panel opens from the Link button; typing the address is the next step.
  useEffect(() => input.current?.focus(), []);
  const [typed, setTyped] = useState(current);
  const [message, setMessage] = useState<ReactNode>(null);
  const apply = () => {
    const href = linkHref(typed);
    if (typed.trim() !== "" && !href) {
      setMessage(m.richtext_link_invalid());
      return;
    }
    onApply(href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      apply();
    } else if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-2 border-t border-slate-200 p-2">
      <div className="min-w-48 flex-1">
        <label htmlFor={inputId} className="block text-xs font-medium text-slate-700">
          {m.richtext_link_address()}
        </label>
        {/* No name: the address is part of the description's HTML, not a field of the form. */}
        <input
          id={inputId}
          type="url"
          value={typed}
          ref={input}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={message ? messageId : undefined}
          className="mt-1 block h-9 w-full rounded-md border border-slate-300 px-2 text-sm"
        />
        {message && (
          <p id={messageId} className="mt-1 text-xs text-red-700">
            {message}
          </p>
        )}
      </div>
      <button type="button" onClick={apply} className="h-9 rounded-md bg-water-600 px-3 text-sm text-white">
        {m.richtext_link_apply()}
      </button>
      {current && (
        <button
          type="button"
          onClick={() => onApply(null)}
          className="h-9 rounded-md border border-slate-300 px-3 text-sm"
        >
          {m.richtext_link_remove()}
        </button>
      )}
      <button type="button" onClick={onClose} className="h-9 rounded-md px-3 text-sm text-slate-700">
        {m.richtext_link_cancel()}
      </button>
    </div>
  );
}
