/** The spec's three event types, as stored and as shown. */
export const EVENT_TYPES = {
  traditional_rowing: "Traditional Rowing",
  indoor_rowing: "Indoor Rowing",
  team_building: "Team Building",
} as const;

export type EventType = keyof typeof EVENT_TYPES;

export function eventTypeLabel(type: EventType): string {
  return EVENT_TYPES[type];
}

/** One of the three types; `Object.hasOwn`, so names every object has ("constructor") are not types. */
export function isEventType(value: string | null): value is EventType {
  return value !== null && Object.hasOwn(EVENT_TYPES, value);
}
