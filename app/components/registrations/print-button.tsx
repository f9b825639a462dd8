import { Printer } from "~/components/icons";
import { Button } from "~/components/ui/button";

/** Opens the browser's print dialog; not printed itself. */
export function PrintButton({ label = "Print" }: { label?: string }) {
  return (
    <Button type="button" variant="outline" className="print:hidden" onClick={() => window.print()}>
      <Printer aria-hidden="true" /> {label}
    </Button>
  );
}
