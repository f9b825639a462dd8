import { useEffect, useState } from "react";
import { href } from "react-router";

export type Availability = {
  teamsRegistered: number;
  maxTeams: number;
  spotsRemaining: number;
  waitlisted: number;
};

/**
 * The event's figures as the server rendered them, then kept current through the
 * availability stream, so the page follows bookings by other teams without a reload.
 */
export function useLiveAvailability(slug: string | null, rendered: Availability): Availability {
  // Remembered with its event, so figures of a previous event page are never shown.
  const [streamed, setStreamed] = useState<{ slug: string; availability: Availability } | null>(null);
  useEffect(() => {
    // A preview of an event that is not public has no stream.
    if (slug === null) return;
    const source = new EventSource(href("/events/:slug/availability", { slug }));
    source.addEventListener("availability", (message) => {
      setStreamed({ slug, availability: JSON.parse((message as MessageEvent<string>).data) as Availability });
    });
    return () => source.close();
  }, [slug]);
  return streamed?.slug === slug ? streamed.availability : rendered;
}
