import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { labelIn, useWrittenLanguages } from "~/components/forms/translation-fields";
import { controlProps, FieldShell, TextField } from "~/components/ui/form-field";
import { SLUG_MAX_LENGTH } from "~/lib/forms/event-schema";
import { slugify } from "~/lib/slugs";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";

/** The address a title suggests: its slug, cut to the longest address allowed. */
export function suggestedSlug(title: string): string {
  return slugify(title).slice(0, SLUG_MAX_LENGTH).replace(/-+$/, "");
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The title and the address of the event's page (/events/<slug>). In the browser the
 * address follows the title while it is the title's own suggestion (or empty), until
 * the person types an address of their own; the server gets whatever the field holds.
 * A published event's address is fixed, so it is shown read-only. The title's translation
 * stands beside it; the address is one for both languages.
 */
export function TitleAndSlugFields({
  title,
  titleTranslation,
  slug,
  locked,
}: {
  title: FieldMetadata<string>;
  titleTranslation: FieldMetadata<string>;
  slug: FieldMetadata<string>;
  locked: boolean;
}) {
  const languages = useWrittenLanguages() ?? { main: "en", other: "da" };
  const [value, setValue] = useState(() => text(slug.initialValue));
  const [follows, setFollows] = useState(
    () => !locked && (value === "" || value === suggestedSlug(text(title.initialValue))),
  );
  const hint = locked ? m.editor_slug_locked() : m.editor_slug_hint();
  const { defaultValue: _ignored, ...wiring } = controlProps(slug, hint);
  return (
    <>
      <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        <TextField
          field={title}
          label={labelIn(m.editor_title(), languages.main)}
          lang={languages.main}
          required
          onChange={(event) => {
            if (follows) setValue(suggestedSlug(event.target.value));
          }}
        />
        <TextField
          field={titleTranslation}
          label={labelIn(m.editor_title(), languages.other)}
          lang={languages.other}
          optional
        />
      </div>
      <FieldShell field={slug} label={m.editor_slug()} hint={hint} className="sm:col-span-2">
        <div className="mt-1 flex items-stretch">
          <span
            aria-hidden="true"
            className="inline-flex items-center rounded-l-md border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-600"
          >
            /events/
          </span>
          <input
            key={slug.key}
            {...wiring}
            value={value}
            readOnly={locked}
            required
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setValue(event.target.value);
              setFollows(event.target.value === "");
            }}
            className={cn(
              "block h-10 w-full min-w-0 rounded-r-md border border-slate-300 px-3 text-sm aria-[invalid=true]:border-red-600",
              locked ? "bg-slate-100 text-slate-700" : "bg-white text-slate-900",
            )}
          />
        </div>
      </FieldShell>
    </>
  );
}
