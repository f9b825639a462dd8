import { Printer } from "~/components/icons/printer";
import { Button } from "~/components/ui/button";
import { m } from "~/paraglide/messages";

/** Opens the browser's print dialog; not printed itself. */
export function PrintButton({ label = m.registration_print() }: { label?: string }) {
  return (
    <Button type="button" variant="outline" className="print:hidden" onClick={() => window.print()}>
      <Printer aria-hidden="true" /> {label}
    </Button>
  );
}
