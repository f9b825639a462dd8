import { useId } from "react";
import { OnlyIn } from "~/components/content/only-in";
import type { PageText } from "~/lib/content-language";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";

/**
 * The terms a booking is made under, shown on the event page and on the registration
 * form before the person books, as the terms of use promise. Line breaks in the text
 * are kept; it is plain text, never HTML.
 */
export function CancellationTerms({ terms, className }: { terms: PageText; className?: string }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn("rounded-lg border border-slate-200 p-6 text-sm text-slate-700", className)}
    >
      <h2 id={headingId} className="font-semibold text-navy-900">
        {m.event_cancellation_terms()}
      </h2>
      <OnlyIn lang={terms.lang} />
      <p lang={terms.lang} className="mt-2 whitespace-pre-line">
        {terms.text}
      </p>
    </section>
  );
}
