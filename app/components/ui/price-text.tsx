import type { PriceWithMoms } from "~/lib/billing/price-with-moms";

/**
 * A price with its moms (`priceWithMoms`, worked out by the server): the abbreviated text
 * for the eye, and the amounts in full words for a screen reader, which would otherwise
 * spell out "inkl." and read the bracketed net as an aside.
 */
export function PriceText({
  price,
  className,
}: {
  price: Pick<PriceWithMoms, "text" | "spoken">;
  className?: string;
}) {
  return (
    <span className={className}>
      <span aria-hidden="true">{price.text}</span>
      <span className="sr-only">{price.spoken}</span>
    </span>
  );
}
