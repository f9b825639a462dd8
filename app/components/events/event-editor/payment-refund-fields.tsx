import type { FieldMetadata } from "@conform-to/react";
import * as z from "zod/mini";
import { AddRowButton, ListFieldset, RowCards } from "~/components/forms/list-controls";
import { SectionLegend } from "~/components/forms/form-section";
import { TextField, type FormFieldMeta } from "~/components/ui/form-field";
import { RadioGroupField } from "~/components/ui/radio-group-field";
import { MAX_REFUND_WINDOWS } from "~/lib/billing/refund-policy";
import { refundPolicySchema } from "~/lib/forms/refund-policy-schema";
import { WAYS_TO_PAY, WAYS_TO_PAY_CHOICES } from "~/lib/billing/ways-to-pay";
import { formatCount } from "~/lib/forms/fields";
import { refundPolicyLines } from "~/lib/words/refund-policy";
import { m } from "~/paraglide/messages";
import type { EventForm, EventFormValues } from "./form-values";

type WindowsField = FieldMetadata<EventFormValues["refundPolicy"], EventFormValues, string[]>;

/** How bookers pay, and what a booker who cancels gets back. */
export function PaymentAndRefundFields({
  form,
  waysToPay,
  refundPolicy,
}: {
  form: EventForm;
  waysToPay: FormFieldMeta;
  refundPolicy: WindowsField;
}) {
  return (
    <fieldset className="space-y-6 rounded-lg border border-slate-200 p-4 sm:p-6">
      <SectionLegend>{m.editor_payment_refunds()}</SectionLegend>
      <WaysToPayField field={waysToPay} />
      <RefundWindowsField form={form} field={refundPolicy} />
    </fieldset>
  );
}

/** The ways to pay as three radios, with the hint on what online payment needs. */
function WaysToPayField({ field }: { field: FormFieldMeta }) {
  return (
    <RadioGroupField
      field={field}
      legend={m.editor_ways_to_pay()}
      options={WAYS_TO_PAY.map((ways) => ({ value: ways, label: WAYS_TO_PAY_CHOICES[ways]() }))}
      hint={m.editor_ways_to_pay_hint()}
    />
  );
}

/**
 * The refund windows, widest first, one row each: until how many days before the event,
 * and how much is refunded. Below them, the policy as bookers will read it, once what
 * is typed makes one.
 */
function RefundWindowsField({ form, field }: { form: EventForm; field: WindowsField }) {
  const typed = z.safeParse(refundPolicySchema, field.value);
  return (
    <ListFieldset
      field={field}
      legend={m.editor_refund_windows()}
      plain
      hint={m.editor_refund_windows_hint({ max: formatCount(MAX_REFUND_WINDOWS) })}
    >
      <RowCards
        form={form}
        list="refundPolicy"
        rows={field.getFieldList()}
        itemLabel={m.editor_refund_window_row()}
      >
        {(row, number) => {
          const parts = row.getFieldset();
          return (
            <div className="mt-2 grid gap-4 sm:grid-cols-2">
              <TextField
                field={parts.daysBefore}
                label={m.editor_refund_days_before({ number })}
                inputMode="numeric"
              />
              <TextField
                field={parts.percent}
                label={m.editor_refund_percent({ number })}
                inputMode="numeric"
              />
            </div>
          );
        }}
      </RowCards>
      <AddRowButton form={form} list="refundPolicy" defaultValue={{ daysBefore: "", percent: "" }}>
        {m.editor_refund_add()}
      </AddRowButton>
      {typed.success && (
        <div className="mt-4 text-sm text-slate-700">
          <p className="font-medium">{m.editor_refund_reads()}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {refundPolicyLines(typed.data).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
    </ListFieldset>
  );
}
