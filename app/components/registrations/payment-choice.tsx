import type { FormFieldMeta } from "~/components/ui/form-field";
import { RadioGroupField } from "~/components/ui/radio-group-field";
import type { PaymentMethod } from "~/lib/billing/ways-to-pay";
import { m } from "~/paraglide/messages";

const METHOD_LABELS: Record<PaymentMethod, { label: () => string; hint: () => string }> = {
  online: { label: m.registration_pay_online, hint: m.registration_pay_online_hint },
  invoice: { label: m.registration_pay_invoice, hint: m.registration_pay_invoice_hint },
};

/**
 * How the booker pays: a radio group when the event offers both ways, named by its legend
 * and marked invalid with the server's message; one sentence when it offers one. The
 * first way is chosen until the booker picks another.
 */
export function PaymentChoice({ field, methods }: { field: FormFieldMeta; methods: PaymentMethod[] }) {
  const [only] = methods;
  if (methods.length === 1 && only) {
    return (
      <section aria-labelledby={`${field.id}-legend`} className="space-y-1">
        <h3 id={`${field.id}-legend`} className="text-sm font-medium text-slate-700">
          {m.registration_payment_legend()}
        </h3>
        <p className="text-sm text-slate-700">{METHOD_LABELS[only].hint()}</p>
      </section>
    );
  }
  return (
    <RadioGroupField
      field={field}
      legend={m.registration_payment_legend()}
      options={methods.map((method) => ({
        value: method,
        label: METHOD_LABELS[method].label(),
        hint: METHOD_LABELS[method].hint(),
      }))}
      fallback={only}
      className="space-y-3"
    />
  );
}
