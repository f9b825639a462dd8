import type { VariantProps } from "class-variance-authority";
import type { CalendarLinks as Links } from "#server/ics/calendar-file";
import { CalendarPlus } from "~/components/icons/calendar-plus";
import { ExternalLink } from "~/components/icons/external-link";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";

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
  const forEvent = about && <span className="sr-only"> {m.event_calendar_for({ title: about })}</span>;
  const newTab = <span className="sr-only"> {m.event_opens_new_tab()}</span>;
  return (
    <>
      <a href={links.ics} download className={className}>
        <CalendarPlus aria-hidden="true" /> {m.event_add_to_calendar_ics()}
        {forEvent}
      </a>
      <a href={links.google} target="_blank" rel="noopener" className={className}>
        <ExternalLink aria-hidden="true" /> {m.event_add_to_google()}
        {forEvent}
        {newTab}
      </a>
      <a href={links.outlook} target="_blank" rel="noopener" className={className}>
        <ExternalLink aria-hidden="true" /> {m.event_add_to_outlook()}
        {forEvent}
        {newTab}
      </a>
    </>
  );
}
