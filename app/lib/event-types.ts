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
