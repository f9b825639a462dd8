import type { ComponentProps } from "react";
import type { ImageRef } from "#server/db/schema";

/**
 * A stored picture at its known size, so the page keeps its layout while it loads.
 * A picture above the fold is fetched first; any other waits until it is near.
 */
export function ContentImage({
  image,
  priority = false,
  ...props
}: { image: ImageRef; priority?: boolean } & Omit<
  ComponentProps<"img">,
  "src" | "alt" | "width" | "height"
>) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      {...(priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
      {...props}
    />
  );
}
