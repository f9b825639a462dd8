import type { FormMetadata } from "@conform-to/react";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import type { EventFormValues } from "./form-values";

export type EventForm = FormMetadata<EventFormValues, string[]>;

/** The editor's lists of rows. */
export type EventListName = "schedule" | "faqs";

/**
 * Move up, move down and remove for one row, named after the row so a screen reader
 * says which row each button acts on. Conform changes the list in the browser; without
 * JavaScript each button sends the form and the server sends it back changed.
 */
export function RowControls({
  form,
  list,
  index,
  count,
  rowLabel,
}: {
  form: EventForm;
  list: EventListName;
  index: number;
  count: number;
  rowLabel: string;
}) {
  return (
    <div className="flex gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Move ${rowLabel} up`}
        disabled={index === 0}
        {...form.reorder.getButtonProps({ name: list, from: index, to: index - 1 })}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Move ${rowLabel} down`}
        disabled={index === count - 1}
        {...form.reorder.getButtonProps({ name: list, from: index, to: index + 1 })}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Remove ${rowLabel}`}
        {...form.remove.getButtonProps({ name: list, index })}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

export function AddRowButton({
  form,
  list,
  defaultValue,
  children,
}: {
  form: EventForm;
  list: EventListName;
  defaultValue: EventFormValues[EventListName][number];
  children: ReactNode;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      className="mt-4"
      {...form.insert.getButtonProps<EventFormValues[EventListName]>({ name: list, defaultValue })}
    >
      <Plus aria-hidden="true" /> {children}
    </Button>
  );
}
