import { m } from "~/paraglide/messages";

/**
 * The spec's three event types, as stored and as shown. Each name is read when it is
 * used, so it comes in the page's language (ADR 032).
 */
export const EVENT_TYPES = {
  get traditional_rowing() {
    return m.events_type_traditional_rowing();
  },
  get indoor_rowing() {
    return m.events_type_indoor_rowing();
  },
  get team_building() {
    return m.events_type_team_building();
  },
};

export type EventType = keyof typeof EVENT_TYPES;

export function eventTypeLabel(type: EventType): string {
  return EVENT_TYPES[type];
}

/** The types as a select's options, in the page's language. */
export function eventTypeOptions(): { value: EventType; label: string }[] {
  return (Object.keys(EVENT_TYPES) as EventType[]).map((value) => ({ value, label: EVENT_TYPES[value] }));
}

/** One of the three types; `Object.hasOwn`, so names every object has ("constructor") are not types. */
export function isEventType(value: string | null): value is EventType {
  return value !== null && Object.hasOwn(EVENT_TYPES, value);
}
