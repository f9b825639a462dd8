import type { ComponentProps } from "react";
import { CalendarLinks } from "./calendar-links";
import { ShareButton } from "./share-button";

/**
 * The registration card's share button and, when the event has a calendar file, its
 * calendar buttons: one module, loaded as one deferred part as the page hydrates (ADR 027).
 */
export function EventShareActions({
  title,
  calendar,
}: {
  title: string;
  calendar?: ComponentProps<typeof CalendarLinks>["links"] | null;
}) {
  return (
    <>
      <ShareButton title={title} />
      {calendar && <CalendarLinks links={calendar} wide />}
    </>
  );
}
