import type { FormMetadata } from "@conform-to/react";
import { useEffect, useId, useLayoutEffect, useRef, useState, type MouseEvent, type RefObject } from "react";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";

/** Conform submits its own checks while typing with a button of this name; they are not the person's submits. */
const CONFORM_INTENT = "__intent__";

type SummaryForm = Pick<FormMetadata, "id" | "errorId" | "errors" | "allErrors">;

/** What an entry's link leads to, read from the rendered form. */
type Target = { label: string | null; position: number };

/**
 * The error summary at the top of every form: "There is a problem", the messages about
 * the whole form (too many tries, an expired link) and a link to each field in error,
 * named by its label, in the form's order. A failed submit moves focus here, so on a phone
 * the messages are in view rather than a screen away, and each link moves focus to its
 * field. Entries follow the fields: one goes as soon as its field's message does. Without
 * JavaScript it is rendered by the server and its links are plain links to the fields.
 */
export function FormErrors({
  form,
  className,
}: {
  form: SummaryForm;
  /** The space above the summary, in place of `mt-6` (classes are joined, not merged). */
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const formMessages = form.errors ?? [];
  const fieldMessages = Object.entries(form.allErrors).flatMap(([name, messages]) =>
    name !== "" && messages[0] ? [{ name, message: messages[0] }] : [],
  );
  const shown = formMessages.length > 0 || fieldMessages.length > 0;
  const targets = useTargets(ref, form.id, fieldMessages.map((entry) => entry.name).join("\n"));
  const submits = useSubmitCount(form.id);

  // Once per submit: later checks while typing only update the list, they never move focus.
  // A summary the page arrives with (sent before JavaScript ran) counts as that submit's.
  const focusedFor = useRef(-1);
  useEffect(() => {
    const summary = ref.current;
    if (!shown || !summary || focusedFor.current === submits) return;
    focusedFor.current = submits;
    summary.focus({ preventScroll: true });
    summary.scrollIntoView({ block: "nearest" });
  }, [shown, submits]);

  if (!shown) return null;
  const entries = fieldMessages
    .map((entry) => ({ ...entry, ...targets[entry.name] }))
    .sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity));
  return (
    <div
      ref={ref}
      id={form.errorId}
      tabIndex={-1}
      aria-labelledby={headingId}
      role="group"
      className={cn(
        className ?? "mt-6",
        "scroll-mt-24 rounded-md border-2 border-red-700 bg-red-50 p-4 text-sm text-red-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700 focus-visible:ring-offset-2",
      )}
    >
      <div role="alert">
        <h2 id={headingId} className="text-base font-semibold">
          {m.form_errors_heading()}
        </h2>
        {formMessages.map((message) => (
          <p key={message} className="mt-2">
            {message}
          </p>
        ))}
        {entries.length > 0 && (
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {entries.map(({ name, message, label }) => (
              <li key={name}>
                <a
                  href={`#${fieldId(form.id, name)}`}
                  onClick={(event) => focusField(event, fieldId(form.id, name))}
                  className="font-medium text-red-900 underline underline-offset-2"
                >
                  {label ? `${label}: ${message}` : message}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** Conform's id of a field (`FieldMetadata.id`), which the fields put on their control. */
const fieldId = (formId: string, name: string) => `${formId}-${name}`;

/**
 * The fields' labels and order, read from the rendered form once the entries are on the
 * page: the server renders the messages alone, and the form's own labels stay the one
 * place each field is named.
 */
function useTargets(ref: RefObject<HTMLElement | null>, formId: string, namesKey: string) {
  const [targets, setTargets] = useState<Record<string, Target>>({});
  useLayoutEffect(() => {
    const document = ref.current?.ownerDocument;
    if (!document || !namesKey) return;
    const found: Record<string, Target> = {};
    for (const name of namesKey.split("\n")) {
      const element = document.getElementById(fieldId(formId, name));
      if (!element) continue;
      found[name] = { label: labelOf(element), position: positionOf(element) };
    }
    setTargets(found);
  }, [ref, formId, namesKey]);
  return targets;
}

/** A control's label, or a group's legend (the roster's own message belongs to its fieldset). */
function labelOf(element: HTMLElement): string | null {
  const text =
    element instanceof HTMLFieldSetElement
      ? element.querySelector("legend")?.textContent
      : element.ownerDocument.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent;
  return text?.replace(/\s+/g, " ").trim() || null;
}

/** Where the element comes in the document, to list the entries in the order of the form. */
function positionOf(element: HTMLElement): number {
  return [...element.ownerDocument.querySelectorAll("[id]")].indexOf(element);
}

/**
 * Moves focus to the field (a group's first control) and brings it, with its label, into
 * view; the address does not change, so going back leaves the page as the browser would.
 */
function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const element = document.getElementById(id);
  const control = element instanceof HTMLFieldSetElement ? element.elements[0] : element;
  if (!(control instanceof HTMLElement)) return;
  event.preventDefault();
  (control.closest('[data-slot="form-field"]') ?? control).scrollIntoView({ block: "center" });
  control.focus({ preventScroll: true });
}

/** How many times the person has submitted the form since the page showed it. */
function useSubmitCount(formId: string) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const form = document.forms.namedItem(formId);
    if (!form) return;
    const onSubmit = (event: SubmitEvent) => {
      if (event.submitter?.getAttribute("name") !== CONFORM_INTENT) setCount((current) => current + 1);
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, [formId]);
  return count;
}
