import type { VariantProps } from "class-variance-authority";
import type { CalendarLinks as Links } from "#server/ics/calendar-file";
import { CalendarPlus, ExternalLink } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

type ButtonLook = VariantProps<typeof buttonVariants>;

/**
 * The ways to put an event in a calendar, from the loader's `calendarLinks`: the .ics file
 * for any calendar app, and Google Calendar's and Outlook's new-event forms, which open in
 * a new tab. `about` names the event to screen readers where a page lists several.
 */
export function CalendarLinks({
  links,
  variant = "outline",
  size,
  wide = false,
  about,
}: {
  links: Links;
  variant?: ButtonLook["variant"];
  size?: ButtonLook["size"];
  /** One under the other, each as wide as its column. */
  wide?: boolean;
  about?: string;
}) {
  // Of no use on paper.
  const className = cn(buttonVariants({ variant, size }), wide && "w-full", "print:hidden");
  const forEvent = about && <span className="sr-only"> for {about}</span>;
  const newTab = <span className="sr-only"> (opens in a new tab)</span>;
  return (
    <>
      <a href={links.ics} download className={className}>
        <CalendarPlus aria-hidden="true" /> Add to calendar (.ics){forEvent}
      </a>
      <a href={links.google} target="_blank" rel="noopener" className={className}>
        <ExternalLink aria-hidden="true" /> Add to Google Calendar{forEvent}
        {newTab}
      </a>
      <a href={links.outlook} target="_blank" rel="noopener" className={className}>
        <ExternalLink aria-hidden="true" /> Add to Outlook{forEvent}
        {newTab}
      </a>
    </>
  );
}
