import { cn } from "~/lib/utils";

/**
 * A team's QR code as its loader drew it on the server (server/qr/team-code.ts): an `<svg>`
 * with its own text alternative, black on white, sized here. The page's JavaScript carries
 * no QR encoder, only this markup.
 */
export function TeamCode({ svg, className }: { svg: string; className?: string }) {
  return (
    <div
      className={cn("shrink-0 bg-white [&>svg]:block [&>svg]:size-full", className)}
      // Made from the reference by our own code, its label escaped there; nothing a person typed.
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
