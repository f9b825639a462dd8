import { ArrowLeft } from "~/components/icons/arrow-left";
import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { m } from "~/paraglide/messages";

/**
 * The frame of an event's preview: marked all round as not published, with the way
 * back to the editor. Its heading takes focus when the page opens, so keyboard and
 * screen-reader users know at once that this is a preview.
 */
export function EventPreviewFrame({
  editPath,
  heading: title,
  explanation,
  children,
}: {
  editPath: string;
  heading: string;
  explanation: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section
      aria-labelledby="preview-title"
      className="overflow-hidden rounded-lg border-4 border-dashed border-amber-500"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 bg-amber-100 px-4 py-3 text-amber-950">
        <div>
          <h2
            id="preview-title"
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold focus:outline-none"
          >
            {title}
          </h2>
          <p className="text-sm">{explanation}</p>
        </div>
        <Link to={editPath} className={buttonVariants({ variant: "outline", size: "sm" })}>
          <ArrowLeft aria-hidden="true" /> {m.editor_back_to_editor()}
        </Link>
      </div>
      <div className="bg-white p-4 sm:p-6">{children}</div>
    </section>
  );
}
