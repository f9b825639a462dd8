import type { FormFieldMeta } from "~/components/ui/form-field";
import type { PaymentMethod } from "~/lib/billing/payment-methods";
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
  const error = field.errors?.[0];
  const legendId = `${field.id}-legend`;
  const chosen = typeof field.initialValue === "string" ? field.initialValue : only;
  return (
    <fieldset
      id={field.id}
      data-slot="form-field"
      role="radiogroup"
      aria-labelledby={legendId}
      aria-invalid={Boolean(error)}
      aria-describedby={error ? field.errorId : undefined}
      className="space-y-3"
    >
      <legend id={legendId} className="text-sm font-medium text-slate-700">
        {m.registration_payment_legend()}
      </legend>
      {methods.map((method) => (
        <div key={method}>
          <label className="flex items-start gap-2 text-sm font-medium text-slate-800">
            <input
              type="radio"
              name={field.name}
              value={method}
              defaultChecked={chosen === method}
              aria-describedby={`${field.id}-${method}-hint`}
              className="mt-0.5 size-4 shrink-0 accent-water-600"
            />
            {METHOD_LABELS[method].label()}
          </label>
          <p id={`${field.id}-${method}-hint`} className="ml-6 text-sm text-slate-600">
            {METHOD_LABELS[method].hint()}
          </p>
        </div>
      ))}
      {error && (
        <p id={field.errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
