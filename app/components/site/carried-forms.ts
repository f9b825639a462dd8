/**
 * What a visitor typed survives the language switch (ADR 033): the switch is a document
 * navigation to the same page in the other language, so before it leaves, the page's
 * form fields are kept in sessionStorage for that page, and the page puts them back once
 * its forms are there. Passwords and files are never kept.
 */
import { CARRIED_FORMS_KEY as KEY } from "./carried-forms-key";

/** Long enough for a form the page loads as it hydrates (ADR 027). */
const RESTORE_FOR_MS = 5_000;

type CarriedField = { form: number; name: string; value: string; checked?: boolean };
type Carried = { path: string; fields: CarriedField[] };

const SKIPPED_TYPES = new Set(["password", "file", "hidden", "submit", "button", "reset", "image"]);

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function fieldsOf(form: HTMLFormElement): Field[] {
  return [...form.elements].filter(
    (element): element is Field =>
      (element instanceof HTMLInputElement ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLSelectElement) &&
      element.name !== "" &&
      !SKIPPED_TYPES.has(element.type),
  );
}

/** Keeps every form's typed values for `path`, the page the switch opens next. */
export function carryFormsTo(path: string): void {
  const fields: CarriedField[] = [];
  [...document.forms].forEach((form, index) => {
    for (const field of fieldsOf(form)) {
      if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
        fields.push({ form: index, name: field.name, value: field.value, checked: field.checked });
      } else {
        fields.push({ form: index, name: field.name, value: field.value });
      }
    }
  });
  if (fields.length === 0) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, fields } satisfies Carried));
  } catch {
    // Storage full or refused: the switch still works, without the typed values.
  }
}

/** Sets a field as typing would, so React's and the form library's handlers hear it. */
function fill(field: Field, carried: CarriedField): void {
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
    if (field.value !== carried.value || field.checked === carried.checked) return;
    field.click();
    return;
  }
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, carried.value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  field.dispatchEvent(new Event("change", { bubbles: true }));
}

/** Fills the fields that are on the page; returns the entries whose form is not there yet. */
function restoreInto(entries: CarriedField[]): CarriedField[] {
  const forms = [...document.forms];
  return entries.filter((entry) => {
    const form = forms[entry.form];
    const candidates = form ? fieldsOf(form).filter((field) => field.name === entry.name) : [];
    for (const field of candidates) fill(field, entry);
    return candidates.length === 0;
  });
}

/** Puts back what was typed before the switch, when this is the page it opened (see ./carried-forms-key.ts). */
export function restoreCarriedForms(currentPath: string): void {
  let carried: Carried | null = null;
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw) carried = JSON.parse(raw) as Carried;
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (!carried || carried.path !== currentPath) return;
  let remaining = restoreInto(carried.fields);
  if (remaining.length === 0) return;
  // Some forms load as the page hydrates: watch for them a little while.
  const observer = new MutationObserver(() => {
    remaining = restoreInto(remaining);
    if (remaining.length === 0) observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), RESTORE_FOR_MS);
}
